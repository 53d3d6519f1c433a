import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLanguage, useSession } from '@verity/session';
import { queryKeys } from '@verity/query';
import {
  MESSAGES,
  formHasDueDate,
  type AuditForm,
  type BulkChangeKind,
  type CustomField,
  type Gap,
  type Remark,
} from '@verity/shared-api';
import { getErrorText } from '@verity/shared-api/calls';
import { getAudit } from '@verity/shared-api/calls';
import { ActionPlanHeader, ActionPlanStatCards } from './action-plan-summary';
import { DownloadReportButton, EsapWorkbookButton } from '../report';
import { GapSelectionBar, useGapSelection } from './gap-selection';
import { GapsTable } from './gaps-table';
import { droppedInRevision, usePlanRevisions } from './plan-revisions';
import { useActionPlan } from './use-action-plan';
import { t } from '../texts';
import '@verity/shared-ui/src/styles/screen.css';
import './action-plan-detail.css';
import {
  Button,
  EmptyState,
  KeepPlanButton,
  LoadingState,
  useDocumentTitle,
  type PageTrail,
} from '@verity/shared-ui';

export interface ActionPlanDetailPermissions {
  /** The status selector in the gap details panel. */
  canChangeStatus: boolean;
  /** The remark input and attachments in the gap details panel. */
  canAddRemark: boolean;
  /** Shows the 'Add Gap' button. */
  canAddGap: boolean;
  /** Enables the 'Edit Gap' buttons. */
  canEditGap: boolean;
  /** Shows the 'Edit Plan' button: heading, category and timeline (canEditActionPlan). */
  canEditPlan?: boolean;
  /** Shows 'Withdraw' on the remarks (and their images) the user may withdraw now. */
  canWithdrawRemark?: (remark: Remark) => boolean;
  /** 'Request closure' in the gap details panel (target-company owners, admins, editors). */
  canRequestClosure?: boolean;
  /** 'Accept evidence' and 'Return' on gaps waiting for review (auditor owners and admins, clients who are not viewers). */
  canReviewClosure?: boolean;
  /** 'Request extension' in the gap details panel (target-company owners, admins, editors). */
  canRequestExtension?: boolean;
  /** Approve / Decline a waiting extension: the approver the client's setting names. */
  canAnswerExtension?: (approver: 'client' | 'auditor') => boolean;
}

export interface ActionPlanDetailScreenProps {
  actionPlanId: string;
  targetCompanyId: string;
  auditId: string;
  permissions: ActionPlanDetailPermissions;
  /** Where the page sits: its breadcrumb and the subject of its document title. */
  trail?: PageTrail;
}

export const GAP_ID_PARAM = 'gap_id';

const NO_FIELDS: readonly CustomField[] = [];

const loadDialogs = () => import('./plan-dialogs');
const PlanDialogs = lazy(() => loadDialogs().then((module) => ({ default: module.PlanDialogs })));
/** Starts fetching the dialogs' code ahead of a click: when the page is pointed at or focused. */
const prepareDialogs = () => {
  void loadDialogs();
};

const PlanRevisionsSection = lazy(() =>
  import('./plan-revisions-section').then((module) => ({ default: module.PlanRevisionsSection })),
);

const loadBulkDialog = () => import('./bulk-change-dialog');
const BulkChangeDialog = lazy(() =>
  loadBulkDialog().then((module) => ({ default: module.BulkChangeDialog })),
);

/** The changes to many gaps this user may make on a plan of this form (decision 0087). */
function bulkKindsOf(
  permissions: ActionPlanDetailPermissions,
  formType: AuditForm,
): BulkChangeKind[] {
  const kinds: BulkChangeKind[] = [];
  if (permissions.canChangeStatus) kinds.push('status');
  if (permissions.canEditGap && formHasDueDate(formType)) kinds.push('dueDate');
  if (permissions.canEditGap) kinds.push('responsibility');
  return kinds;
}

/** The audit's add-on fields for the gap forms, loaded only for users who can add or edit gaps. */
/** The audit's custom field definitions: gaps keep their values under `fields`, as the create page does. */
function useAuditFields(auditId: string, needed: boolean): readonly CustomField[] | undefined {
  const audit = useQuery({
    queryKey: queryKeys.audit(auditId),
    queryFn: () => getAudit(auditId),
    enabled: needed,
  });
  if (audit.isSuccess) return audit.data?.fields ?? NO_FIELDS;
  // Without the audit the forms still work, only without its custom fields.
  if (audit.isError) return NO_FIELDS;
  return undefined;
}

export function ActionPlanDetailScreen({
  actionPlanId,
  targetCompanyId,
  auditId,
  permissions,
  trail,
}: ActionPlanDetailScreenProps) {
  useLanguage();
  const { state, addGap, mergeGap, mergePlan } = useActionPlan(actionPlanId, targetCompanyId);
  const userId = useSession((session) => session.user?._id);
  const queryClient = useQueryClient();
  const listedGaps = useMemo(
    () => (state.status === 'ready' ? pendingFirst(state.detail.gaps) : []),
    [state],
  );
  // A dropped ESAP item takes no change (decision 0083): 'select all' leaves it out.
  const changeable = useMemo(
    () => listedGaps.filter((gap) => gap.status !== 'dropped'),
    [listedGaps],
  );
  const selection = useGapSelection(changeable);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [bulkLoaded, setBulkLoaded] = useState(false);
  const bulkDone = useCallback(
    async (saved: boolean) => {
      // The plan is read again: the changes saved, or the newer versions a refusal named.
      const planRead = queryClient.invalidateQueries({
        queryKey: queryKeys.actionPlan(actionPlanId),
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.actionPlans() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myActions() });
      if (!saved) return;
      // The dialog closes once the plan shows the change, so that a next selection holds the
      // versions this change left, not the ones it replaced (which the API would refuse as stale).
      await planRead;
      selection.clear();
      setBulkOpen(false);
    },
    [queryClient, actionPlanId, selection],
  );
  const [searchParams, setSearchParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Gap>();
  const [editingPlan, setEditingPlan] = useState(false);
  // Whether the Edit Plan dialog holds input not yet saved (closing it asks first).
  const [planFormDirty, setPlanFormDirty] = useState(false);
  // Whether the open Add or Edit Gap form holds input not yet saved (closing it asks first).
  const [gapFormDirty, setGapFormDirty] = useState(false);
  const [dialogsLoaded, setDialogsLoaded] = useState(false);
  const trackGapFormDirty = useCallback(
    (_values: unknown, dirty: boolean) => setGapFormDirty(dirty),
    [],
  );
  const customFields = useAuditFields(auditId, permissions.canAddGap || permissions.canEditGap);
  const revisions = usePlanRevisions(
    actionPlanId,
    targetCompanyId,
    state.status === 'ready' ? state.detail.currentRevision : undefined,
  );

  useDocumentTitle(
    state.status === 'ready'
      ? state.detail.actionPlan.actionPlanHeading
      : state.status === 'not-found'
        ? MESSAGES.NO_ACTION_PLAN_FOUND
        : t('plans.detail.documentTitle'),
    trail?.subject,
  );

  const openGapId = searchParams.get(GAP_ID_PARAM);
  // A gap row is a link to this page with the gap's panel open: Back closes the panel again.
  const gapLink = useCallback(
    (gap: Gap) => {
      const next = new URLSearchParams(searchParams);
      next.set(GAP_ID_PARAM, gap.id);
      return { search: `?${next.toString()}` };
    },
    [searchParams],
  );
  const closeGap = useCallback(
    () =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete(GAP_ID_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'not-found') return <EmptyState title={MESSAGES.NO_ACTION_PLAN_FOUND} />;
  if (state.status === 'error') {
    return (
      <p className="vui-screen-alert" role="alert">
        {getErrorText(state.error)}
      </p>
    );
  }

  const { actionPlan, statistics, gaps } = state.detail;
  const bulkKinds = bulkKindsOf(permissions, actionPlan.formType as AuditForm);
  const selectedGap = openGapId ? gaps.find((gap) => gap.id === openGapId) : undefined;
  // The dialogs and the gap panel come once one is first opened, and stay mounted after.
  const dialogsWanted = editingPlan || adding || editing !== undefined || selectedGap !== undefined;
  if (dialogsWanted && !dialogsLoaded) setDialogsLoaded(true);

  return (
    <div className="vui-plan-detail" onPointerEnter={prepareDialogs} onFocus={prepareDialogs}>
      <ActionPlanHeader
        actionPlan={actionPlan}
        trail={trail}
        actions={
          <>
            {userId ? (
              <KeepPlanButton
                userId={userId}
                planId={actionPlan.id}
                targetCompanyId={targetCompanyId}
                heading={actionPlan.actionPlanHeading}
                extraAddresses={() => evidenceAddresses(gaps)}
                prepare={loadDialogs}
              />
            ) : null}
            <DownloadReportButton
              subject={{ kind: 'actionPlan', actionPlanId: actionPlan.id, targetCompanyId }}
            />
            {state.detail.sourceWorkbook ? (
              <EsapWorkbookButton actionPlanId={actionPlan.id} targetCompanyId={targetCompanyId} />
            ) : null}
            {permissions.canEditPlan ? (
              <Button variant="secondary" onClick={() => setEditingPlan(true)}>
                {t('plans.editPlan.title')}
              </Button>
            ) : null}
            {permissions.canAddGap ? (
              <Button onClick={() => setAdding(true)}>{t('plans.detail.addGap')}</Button>
            ) : null}
          </>
        }
      />
      <ActionPlanStatCards statistics={statistics} />
      {revisions.data && revisions.data.currentRevision > 0 ? (
        <Suspense fallback={null}>
          <PlanRevisionsSection revisions={revisions.data} />
        </Suspense>
      ) : null}
      <GapSelectionBar
        count={selection.selected.length}
        onChange={() => {
          setBulkLoaded(true);
          setBulkOpen(true);
        }}
        onClear={selection.clear}
      />
      <GapsTable
        gaps={listedGaps}
        droppedIn={droppedInRevision(revisions.data)}
        canEditGap={permissions.canEditGap}
        gapLink={gapLink}
        onEditGap={setEditing}
        selection={bulkKinds.length > 0 ? selection : undefined}
      />
      {bulkLoaded ? (
        <Suspense fallback={null}>
          <BulkChangeDialog
            open={bulkOpen}
            onOpenChange={setBulkOpen}
            actionPlanId={actionPlan.id}
            targetCompanyId={targetCompanyId}
            gaps={selection.selected}
            kinds={bulkKinds}
            onDone={bulkDone}
          />
        </Suspense>
      ) : null}

      {dialogsLoaded || dialogsWanted ? (
        <Suspense fallback={null}>
          <PlanDialogs
            actionPlan={actionPlan}
            targetCompanyId={targetCompanyId}
            auditId={auditId}
            permissions={permissions}
            customFields={customFields}
            latestDueDate={latestDueDateOf(gaps)}
            editingPlan={editingPlan}
            setEditingPlan={setEditingPlan}
            planFormDirty={planFormDirty}
            setPlanFormDirty={setPlanFormDirty}
            adding={adding}
            setAdding={setAdding}
            editing={editing}
            setEditing={setEditing}
            gapFormDirty={gapFormDirty}
            onGapFormValuesChange={trackGapFormDirty}
            selectedGap={selectedGap}
            closeGap={closeGap}
            addGap={addGap}
            mergeGap={mergeGap}
            mergePlan={mergePlan}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The latest due date among the gaps: a plan's timeline may not come before it. */
function latestDueDateOf(gaps: readonly Gap[]): string | null {
  let latest: string | null = null;
  for (const gap of gaps) {
    if (gap.dueDate && (!latest || new Date(gap.dueDate) > new Date(latest))) latest = gap.dueDate;
  }
  return latest;
}

/** Gaps waiting for their closure review first, so the reviewers find them; otherwise as listed. */
function pendingFirst(gaps: readonly Gap[]): Gap[] {
  return [...gaps].sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'));
}

/** The images of the gaps' remarks at hand: kept with a plan kept for offline use. */
function evidenceAddresses(gaps: readonly Gap[]): string[] {
  return gaps.flatMap((gap) =>
    gap.remark.flatMap((remark) => remark.docs.map((doc) => doc.url).filter(Boolean)),
  );
}
