import type { ActionPlan, ChangeEntry, CustomField, Gap } from '@verity/shared-api';
import { AddGapForm, EditGapForm, GapDetailsPanel, Modal } from '@verity/shared-ui';
import type { ActionPlanDetailPermissions } from './action-plan-detail-screen';
import { EditPlanForm } from './edit-plan-form';
import { useLanguage } from '@verity/session';
import { t } from '../texts';

export interface PlanDialogsProps {
  actionPlan: ActionPlan;
  targetCompanyId: string;
  auditId: string;
  permissions: ActionPlanDetailPermissions;
  customFields: readonly CustomField[] | undefined;
  latestDueDate: string | null;
  editingPlan: boolean;
  setEditingPlan: (open: boolean) => void;
  planFormDirty: boolean;
  setPlanFormDirty: (dirty: boolean) => void;
  adding: boolean;
  setAdding: (open: boolean) => void;
  editing: Gap | undefined;
  setEditing: (gap: Gap | undefined) => void;
  gapFormDirty: boolean;
  onGapFormValuesChange: (values: unknown, dirty: boolean) => void;
  selectedGap: Gap | undefined;
  closeGap: () => void;
  addGap: (gap: Gap) => void;
  mergeGap: (gap: Gap) => void;
  mergePlan: (edit: { actionPlan: ActionPlan; changeHistory: ChangeEntry[] }) => void;
}

/**
 * The plan detail's dialogs and the gap details panel, with their forms (Formik, Yup, the dialog
 * library): the plan detail loads this module when one of them is first wanted, not with its page.
 */
export function PlanDialogs({
  actionPlan,
  targetCompanyId,
  auditId,
  permissions,
  customFields,
  latestDueDate,
  editingPlan,
  setEditingPlan,
  planFormDirty,
  setPlanFormDirty,
  adding,
  setAdding,
  editing,
  setEditing,
  gapFormDirty,
  onGapFormValuesChange,
  selectedGap,
  closeGap,
  addGap,
  mergeGap,
  mergePlan,
}: PlanDialogsProps) {
  useLanguage();
  const formProps = {
    formType: actionPlan.formType,
    planTimeline: actionPlan.timeline,
    customFields,
    onValuesChange: onGapFormValuesChange,
  };

  return (
    <>
      {permissions.canEditPlan ? (
        <Modal
          open={editingPlan}
          onOpenChange={setEditingPlan}
          title={t('plans.editPlan.title')}
          size="md"
          dirty={planFormDirty}
        >
          {editingPlan ? (
            <EditPlanForm
              actionPlan={actionPlan}
              auditId={auditId}
              latestDueDate={latestDueDate}
              onDirtyChange={setPlanFormDirty}
              onCancel={() => setEditingPlan(false)}
              onSaved={(saved) => {
                if (saved) mergePlan(saved);
                setPlanFormDirty(false);
                setEditingPlan(false);
              }}
            />
          ) : null}
        </Modal>
      ) : null}

      {permissions.canAddGap ? (
        <Modal
          open={adding}
          onOpenChange={setAdding}
          title={t('plans.detail.addGap')}
          size="lg"
          dirty={gapFormDirty}
        >
          <AddGapForm
            {...formProps}
            actionPlanId={actionPlan.id}
            auditId={auditId}
            onCancel={() => setAdding(false)}
            onSaved={(gap) => {
              addGap(gap);
              setAdding(false);
            }}
          />
        </Modal>
      ) : null}

      <Modal
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
        title={t('plans.detail.editGap')}
        size="lg"
        dirty={gapFormDirty}
      >
        {editing ? (
          <EditGapForm
            {...formProps}
            gap={editing}
            auditId={auditId}
            onCancel={() => setEditing(undefined)}
            onSaved={(gap) => {
              mergeGap(gap);
              setEditing(undefined);
            }}
          />
        ) : null}
      </Modal>

      {selectedGap ? (
        <GapDetailsPanel
          gap={selectedGap}
          targetCompanyId={targetCompanyId}
          open
          onClose={closeGap}
          canChangeStatus={permissions.canChangeStatus}
          canAddRemark={permissions.canAddRemark}
          canRequestClosure={permissions.canRequestClosure}
          canReviewClosure={permissions.canReviewClosure}
          canRequestExtension={permissions.canRequestExtension}
          canAnswerExtension={permissions.canAnswerExtension}
          canWithdrawRemark={permissions.canWithdrawRemark}
          onGapChange={mergeGap}
        />
      ) : null}
    </>
  );
}
