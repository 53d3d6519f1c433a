import type {
  ActionPlan,
  ActionPlanChanges,
  ActionPlanCreatePayload,
  ActionPlanDetail,
  ActionPlanFilters,
  ActionPlanPage,
  AnswerData,
  BulkGapChange,
  BulkGapResult,
  MyActions,
  Gap,
  GapChanges,
  GapInput,
  GapRevision,
  PlanGapPage,
  PlanGapsQuery,
  GapRemarksQuery,
  GapChangesQuery,
  ChangePage,
  Remark,
  RemarkPage,
  actionPlanSchemas,
} from '../contract';
import { DEVICE_CAPTURE_FIELD } from '../domain/attachments';
import type { DeviceCapture } from '../domain/capture';
import type { GapStatus } from '../domain/status';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf, pageInfoOf, query } from './envelope';

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

/** POST /action-plan: an action plan with its first gap (auditor owner or admin). */
export async function createActionPlan(
  { targetCompanyId, auditId }: { targetCompanyId: string; auditId: string },
  payload: ActionPlanCreatePayload,
  client: KyInstance = apiClient,
): Promise<ActionPlan> {
  const data = await dataOf<Answer<'create', 201>>(
    client.post('action-plan', { searchParams: { targetCompanyId, auditId }, json: payload }),
  );
  return data.actionPlan;
}

/** GET /action-plan/{auditId}/action-plans: one page of an audit's plans with their newest gaps, filtered. */
export async function getActionPlans(
  auditId: string,
  { targetCompanyId, search, status, category, page, pageSize }: ActionPlanFilters,
  client: KyInstance = apiClient,
): Promise<ActionPlanPage> {
  const data = await dataOf<Partial<Answer<'list', 200>>>(
    client.get(`action-plan/${segment(auditId)}/action-plans`, {
      searchParams: query({
        targetCompanyId,
        search: search?.trim(),
        status,
        category,
        page,
        pageSize,
      }),
    }),
  );
  const actionPlans = data.actionPlans ?? [];
  return { actionPlans, ...pageInfoOf(actionPlans, data) };
}

/** GET /action-plan/{id}/gaps: one page of a plan's gaps as list rows. */
export async function getPlanGaps(
  actionPlanId: string,
  { targetCompanyId, page, pageSize }: PlanGapsQuery,
  client: KyInstance = apiClient,
): Promise<PlanGapPage> {
  const data = await dataOf<Partial<Answer<'planGaps', 200>>>(
    client.get(`action-plan/${segment(actionPlanId)}/gaps`, {
      searchParams: query({ targetCompanyId, page, pageSize }),
    }),
  );
  const gaps = data.gaps ?? [];
  return { gaps, ...pageInfoOf(gaps, data) };
}

/** GET /action-plan/{id}: one plan with its statistics and gaps (history and remarks included). */
export async function getActionPlan(
  actionPlanId: string,
  targetCompanyId: string,
  client: KyInstance = apiClient,
): Promise<ActionPlanDetail> {
  const data = await dataOf<Partial<Answer<'detail', 200>>>(
    client.get(`action-plan/${segment(actionPlanId)}`, { searchParams: { targetCompanyId } }),
  );
  return {
    actionPlan: data.actionPlan as ActionPlan,
    statistics: data.statistics ?? {
      totalGaps: 0,
      openGaps: 0,
      closedGaps: 0,
      overdueGaps: 0,
      completionPercentage: 0,
    },
    gaps: data.gaps ?? [],
    changeHistory: data.changeHistory ?? [],
    ...(data.currentRevision === undefined ? {} : { currentRevision: data.currentRevision }),
    ...(data.sourceWorkbook === undefined ? {} : { sourceWorkbook: data.sourceWorkbook }),
  };
}

/**
 * PUT /action-plan/{id}: changes a plan's heading, category or timeline (auditor owner or admin);
 * `version` is the one the user saw (409 when someone changed the plan since), `reason` is needed
 * when the timeline moves later (422 without).
 */
export async function editActionPlan(
  actionPlanId: string,
  auditId: string,
  changes: ActionPlanChanges,
  client: KyInstance = apiClient,
): Promise<Answer<'editActionPlan', 200>> {
  return dataOf<Answer<'editActionPlan', 200>>(
    client.put(`action-plan/${segment(actionPlanId)}`, {
      searchParams: { auditId },
      json: changes,
    }),
  );
}

/** POST /action-plan/{actionPlanId}/gaps (auditor owner or admin). */
export async function addGap(
  actionPlanId: string,
  auditId: string,
  gap: GapInput,
  client: KyInstance = apiClient,
): Promise<Gap> {
  const data = await dataOf<Answer<'addGap', 201>>(
    client.post(`action-plan/${segment(actionPlanId)}/gaps`, {
      searchParams: { auditId },
      json: gap,
    }),
  );
  return data.gap;
}

/** PUT /gap/{gapId}: changes some fields of a gap (auditor owner or admin). */
export async function updateGap(
  gapId: string,
  auditId: string,
  changes: GapChanges,
  client: KyInstance = apiClient,
): Promise<Gap> {
  const data = await dataOf<Answer<'editGap', 200>>(
    client.put(`gap/${segment(gapId)}`, { searchParams: { auditId }, json: changes }),
  );
  return data.gap;
}

/**
 * PATCH /gap/{id}/status: sets the status and adds a history entry (client or auditor, not viewer);
 * with the version the user saw, a gap changed since is refused (409).
 */
export async function updateGapStatus(
  gapId: string,
  targetCompanyId: string,
  change: GapStatus | { status: GapStatus; version?: number },
  client: KyInstance = apiClient,
): Promise<Gap> {
  const json = typeof change === 'string' ? { status: change } : change;
  const data = await dataOf<Answer<'changeGapStatus', 200>>(
    client.patch(`gap/${segment(gapId)}/status`, { searchParams: { targetCompanyId }, json }),
  );
  return data.gap;
}

/**
 * POST /action-plan/{actionPlanId}/gaps/bulk: one change (a status, a due date with its reason, or a
 * responsibility) to every gap named, each with the version the user saw; all or nothing.
 */
export async function bulkChangeGaps(
  actionPlanId: string,
  targetCompanyId: string,
  change: BulkGapChange,
  client: KyInstance = apiClient,
): Promise<BulkGapResult> {
  return dataOf<Answer<'bulkChangeGaps', 200>>(
    client.post(`action-plan/${segment(actionPlanId)}/gaps/bulk`, {
      searchParams: { targetCompanyId },
      json: change,
    }),
  );
}

/** GET /target-company/my-actions: the open gaps naming the signed-in company user, overdue first. */
export async function getMyActions(client: KyInstance = apiClient): Promise<MyActions> {
  return dataOf<Answer<'myActions', 200>>(client.get('target-company/my-actions'));
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
  for (const document of documents) {
    const { file, deviceCapture } = document instanceof Blob ? { file: document } : document;
    if (deviceCapture) form.append(DEVICE_CAPTURE_FIELD, JSON.stringify(deviceCapture));
    form.append('documents', file, fileNameOf(file));
  }
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
