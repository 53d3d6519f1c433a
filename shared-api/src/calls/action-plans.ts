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
  PlanGapPage,
  PlanGapsQuery,
  PlanRevisions,
  actionPlanSchemas,
} from '../contract';
import type { GapStatus } from '../domain/status';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf, pageInfoOf, query } from './envelope';

const segment = encodeURIComponent;

type Answer<K extends keyof typeof actionPlanSchemas, S extends number> = AnswerData<
  (typeof actionPlanSchemas)[K],
  S
>;

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

/** GET /action-plan/{id}/revisions: the plan's ESAP revisions, newest first down to Rev 0. */
export async function getPlanRevisions(
  actionPlanId: string,
  targetCompanyId: string,
  client: KyInstance = apiClient,
): Promise<PlanRevisions> {
  return dataOf<PlanRevisions>(
    client.get(`action-plan/${encodeURIComponent(actionPlanId)}/revisions`, {
      searchParams: { targetCompanyId },
    }),
  );
}
