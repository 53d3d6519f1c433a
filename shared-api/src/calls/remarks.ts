// A gap's remarks: adding one with its images, reading earlier ones and the gap's earlier changes,
// withdrawing. Apart from the plan's calls, so a plan's first screen carries none of them (the gap
// panel that uses them loads when a gap is opened).
import type {
  AnswerData,
  ChangePage,
  GapChangesQuery,
  GapRemarksQuery,
  GapRevision,
  Remark,
  RemarkPage,
  actionPlanSchemas,
} from '../contract';
import { DEVICE_CAPTURE_FIELD } from '../domain/attachments';
import type { DeviceCapture } from '../domain/capture';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf, query } from './envelope';

const segment = encodeURIComponent;

type Answer<K extends keyof typeof actionPlanSchemas, S extends number> = AnswerData<
  (typeof actionPlanSchemas)[K],
  S
>;

/** A remark write's answer: the remark as it now stands, and its gap's new version and history. */
export interface RemarkChange {
  remark: Remark;
  gap: GapRevision;
}

/**
 * An image of a remark with what the device recorded when it was taken, for a photo that carries no
 * capture time of its own (shared-ui's `preparePhoto` gives this shape).
 */
export interface RemarkDocument {
  file: Blob;
  deviceCapture?: DeviceCapture | null;
}

/** PATCH /gap/{id}/remark (sent as multipart form data). */
export interface RemarkPayload {
  comments: string;
  /**
   * Images only; each goes under the `documents` form field, a device capture record just before its
   * image under `deviceCapture`.
   */
  documents?: (Blob | RemarkDocument)[];
  /** Names this remark (a UUID): sent again with the same key, it is still added once. */
  idempotencyKey?: string;
}

/** PATCH /gap/{id}/remark: a remark with its images, sent as multipart form data (not viewer). */
export async function addRemark(
  gapId: string,
  targetCompanyId: string,
  { comments, documents = [], idempotencyKey }: RemarkPayload,
  client: KyInstance = apiClient,
): Promise<RemarkChange> {
  const form = new FormData();
  form.append('comments', comments);
  appendImages(form, documents);
  const data = await dataOf<Answer<'addRemark', 200>>(
    client.patch(`gap/${segment(gapId)}/remark`, {
      searchParams: { targetCompanyId },
      body: form,
      ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
    }),
  );
  return data;
}

/**
 * GET /gap/{gapId}/remarks: the remarks just before `before` (one of the gap's), or the newest,
 * oldest first, with how many are still earlier.
 */
export async function getGapRemarks(
  gapId: string,
  { targetCompanyId, before, pageSize }: GapRemarksQuery,
  client: KyInstance = apiClient,
): Promise<RemarkPage> {
  return dataOf<Answer<'remarks', 200>>(
    client.get(`gap/${segment(gapId)}/remarks`, {
      searchParams: query({ targetCompanyId, before, pageSize }),
    }),
  );
}

/**
 * GET /gap/{gapId}/changes: the changes made before `before` (one of the gap's), or the newest,
 * newest first, with how many are still earlier.
 */
export async function getGapChanges(
  gapId: string,
  { targetCompanyId, before, pageSize }: GapChangesQuery,
  client: KyInstance = apiClient,
): Promise<ChangePage> {
  return dataOf<Answer<'changes', 200>>(
    client.get(`gap/${segment(gapId)}/changes`, {
      searchParams: query({ targetCompanyId, before, pageSize }),
    }),
  );
}

/**
 * DELETE /gap/{gapId}/remark/{remarkId}: withdraws a remark (its author within its window, or an
 * owner of their organisation); gives the remark as it now stands, a trace without text or images,
 * with its gap's new version and history.
 */
export async function withdrawRemark(
  gapId: string,
  remarkId: string,
  targetCompanyId: string,
  client: KyInstance = apiClient,
): Promise<RemarkChange> {
  return dataOf<Answer<'withdrawRemark', 200>>(
    client.delete(`gap/${segment(gapId)}/remark/${segment(remarkId)}`, {
      searchParams: { targetCompanyId },
    }),
  );
}

/** DELETE /remark-document/{documentId}: withdraws one image of a remark; gives the remark and its gap. */
export async function withdrawRemarkDocument(
  documentId: string,
  client: KyInstance = apiClient,
): Promise<RemarkChange> {
  return dataOf<Answer<'withdrawRemarkDocument', 200>>(
    client.delete(`remark-document/${segment(documentId)}`),
  );
}

function fileNameOf(document: Blob): string {
  return 'name' in document && typeof document.name === 'string' && document.name !== ''
    ? document.name
    : 'image';
}

/**
 * Images under the `documents` field, each after its device capture record (`deviceCapture`) when
 * it has one: the multipart shape of every evidence upload (remarks, incident photos).
 */
export function appendImages(form: FormData, documents: readonly (Blob | RemarkDocument)[]): void {
  for (const document of documents) {
    const { file, deviceCapture } = document instanceof Blob ? { file: document } : document;
    if (deviceCapture) form.append(DEVICE_CAPTURE_FIELD, JSON.stringify(deviceCapture));
    form.append('documents', file, fileNameOf(file));
  }
}
