import type {
  ActionPlan,
  ActionPlanCreatePayload,
  ActionPlanDetail,
  ActionPlanFilters,
  ActionPlanWithGaps,
  AnswerData,
  Gap,
  GapChanges,
  GapInput,
  Remark,
  actionPlanSchemas,
} from '../contract';
import type { GapStatus } from '../domain/status';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf, query } from './envelope';

const segment = encodeURIComponent;

type Answer<K extends keyof typeof actionPlanSchemas, S extends number> = AnswerData<
  (typeof actionPlanSchemas)[K],
  S
>;

/** PATCH /gap/{id}/remark (sent as multipart form data). */
export interface RemarkPayload {
  comments: string;
  /** Images only; each goes under the `documents` form field. */
  documents?: Blob[];
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

/** GET /action-plan/{auditId}/action-plans: an audit's plans with their gaps, filtered. */
export async function getActionPlans(
  auditId: string,
  { targetCompanyId, search, status, category }: ActionPlanFilters,
  client: KyInstance = apiClient,
): Promise<ActionPlanWithGaps[]> {
  const data = await dataOf<Partial<Answer<'list', 200>>>(
    client.get(`action-plan/${segment(auditId)}/action-plans`, {
      searchParams: query({ targetCompanyId, search: search?.trim(), status, category }),
    }),
  );
  return data.actionPlans ?? [];
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
  };
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

/** PATCH /gap/{id}/status: sets the status and adds a history entry (client or auditor, not viewer). */
export async function updateGapStatus(
  gapId: string,
  targetCompanyId: string,
  status: GapStatus,
  client: KyInstance = apiClient,
): Promise<Gap> {
  const data = await dataOf<Answer<'changeGapStatus', 200>>(
    client.patch(`gap/${segment(gapId)}/status`, {
      searchParams: { targetCompanyId },
      json: { status },
    }),
  );
  return data.gap;
}

/** PATCH /gap/{id}/remark: a remark with its images, sent as multipart form data (not viewer). */
export async function addRemark(
  gapId: string,
  targetCompanyId: string,
  { comments, documents = [] }: RemarkPayload,
  client: KyInstance = apiClient,
): Promise<Remark> {
  const form = new FormData();
  form.append('comments', comments);
  for (const document of documents) {
    form.append('documents', document, fileNameOf(document));
  }
  const data = await dataOf<Answer<'addRemark', 200>>(
    client.patch(`gap/${segment(gapId)}/remark`, { searchParams: { targetCompanyId }, body: form }),
  );
  return data.remark;
}

/**
 * DELETE /gap/{gapId}/remark/{remarkId}: withdraws a remark (its author within its window, or an
 * owner of their organisation); gives the remark as it now stands, a trace without text or images.
 */
export async function withdrawRemark(
  gapId: string,
  remarkId: string,
  targetCompanyId: string,
  client: KyInstance = apiClient,
): Promise<Remark> {
  const data = await dataOf<Answer<'withdrawRemark', 200>>(
    client.delete(`gap/${segment(gapId)}/remark/${segment(remarkId)}`, {
      searchParams: { targetCompanyId },
    }),
  );
  return data.remark;
}

/** DELETE /remark-document/{documentId}: withdraws one image of a remark; gives the remark. */
export async function withdrawRemarkDocument(
  documentId: string,
  client: KyInstance = apiClient,
): Promise<Remark> {
  const data = await dataOf<Answer<'withdrawRemarkDocument', 200>>(
    client.delete(`remark-document/${segment(documentId)}`),
  );
  return data.remark;
}

function fileNameOf(document: Blob): string {
  return 'name' in document && typeof document.name === 'string' && document.name !== ''
    ? document.name
    : 'image';
}
