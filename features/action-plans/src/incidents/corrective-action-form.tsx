import { useEffect, useId, useState } from 'react';
import { useLanguage } from '@verity/session';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import {
  AUDIT_TYPE_LABELS,
  auditCategoryLabel,
  INCIDENT_TEXT as text,
  type GapInput,
  type Incident,
} from '@verity/shared-api';
import {
  addCorrectiveAction,
  getActionPlans,
  getAudits,
  getCompanyAuditors,
  getErrorText,
} from '@verity/shared-api/calls';
import { GapForm, LoadingState, SelectField, toast } from '@verity/shared-ui';

/** Where the plans to choose from come from: the company's firms, or the signed-in firm's own. */
export type CorrectivePlanSource = { kind: 'company' } | { kind: 'auditor'; auditorId: string };

export interface CorrectiveActionFormProps {
  incident: Incident;
  source: CorrectivePlanSource;
  onAdded: (incident: Incident) => void;
  onCancel: () => void;
}

const LIST = { page: 1, pageSize: 100 };

/** The only choice is taken for the user, so a company with one plan goes straight to the gap. */
function useOnlyChoice(
  ids: readonly string[] | undefined,
  chosen: string,
  choose: (id: string) => void,
) {
  useEffect(() => {
    if (ids && ids.length === 1 && chosen !== ids[0]) choose(ids[0]!);
  }, [ids, chosen, choose]);
}

/**
 * A corrective action of the incident: the plan it joins (firm, audit, plan), then the gap under
 * that plan's own form and rules; the API adds the gap and links it to the incident.
 */
export function CorrectiveActionForm({
  incident,
  source,
  onAdded,
  onCancel,
}: CorrectiveActionFormProps) {
  useLanguage();
  const id = useId();
  const { targetCompanyId } = incident;
  const [auditorId, setAuditorId] = useState(source.kind === 'auditor' ? source.auditorId : '');
  const [auditId, setAuditId] = useState('');
  const [actionPlanId, setActionPlanId] = useState('');

  const firms = useQuery({
    queryKey: queryKeys.companyAuditors(targetCompanyId, { purpose: 'corrective-action' }),
    queryFn: () => getCompanyAuditors(targetCompanyId, LIST),
    enabled: source.kind === 'company',
  });
  const audits = useQuery({
    queryKey: queryKeys.audits({ targetCompanyId, auditorId }),
    queryFn: () => getAudits({ auditorId, targetCompanyId, ...LIST }),
    enabled: auditorId !== '',
  });
  const plans = useQuery({
    queryKey: queryKeys.actionPlans({ targetCompanyId, auditId, purpose: 'corrective-action' }),
    queryFn: () => getActionPlans(auditId, { targetCompanyId, ...LIST }),
    enabled: auditId !== '',
  });
  useOnlyChoice(
    firms.data?.auditors.map((entry) => entry.auditor._id),
    auditorId,
    setAuditorId,
  );
  useOnlyChoice(
    audits.data?.audits.map((audit) => audit.id),
    auditId,
    setAuditId,
  );
  useOnlyChoice(
    plans.data?.actionPlans.map((plan) => plan.id),
    actionPlanId,
    setActionPlanId,
  );

  const audit = audits.data?.audits.find((entry) => entry.id === auditId);
  const plan = plans.data?.actionPlans.find((entry) => entry.id === actionPlanId);
  const loading = firms.isFetching || audits.isFetching || plans.isFetching;
  const failed = firms.error ?? audits.error ?? plans.error;
  const noPlans =
    (firms.data && firms.data.auditors.length === 0) ||
    (audits.data && audits.data.audits.length === 0) ||
    (plans.data && plans.data.actionPlans.length === 0);

  async function save(gap: GapInput) {
    try {
      onAdded(await addCorrectiveAction(incident.id, actionPlanId, gap));
      toast.success(text.correctiveActionAdded);
    } catch (error) {
      toast.error(getErrorText(error));
      throw error;
    }
  }

  return (
    <div className="vui-incidents__corrective-form">
      <p className="vui-incidents__muted">{text.correctiveActionIntro}</p>
      <div className="vui-incidents__form-row">
        {source.kind === 'company' ? (
          <SelectField
            id={`${id}-firm`}
            label={text.auditorFirm}
            value={auditorId}
            options={[
              { value: '', label: text.choose },
              ...(firms.data?.auditors ?? []).map((entry) => ({
                value: entry.auditor._id,
                label: entry.auditor.auditorName,
              })),
            ]}
            onChange={(event) => {
              setAuditorId(event.target.value);
              setAuditId('');
              setActionPlanId('');
            }}
          />
        ) : null}
        <SelectField
          id={`${id}-audit`}
          label={text.audit}
          value={auditId}
          disabled={auditorId === ''}
          options={[
            { value: '', label: text.choose },
            ...(audits.data?.audits ?? []).map((entry) => ({
              value: entry.id,
              label: text.auditChoice(
                auditCategoryLabel(entry.auditCategory),
                AUDIT_TYPE_LABELS[entry.auditType],
              ),
            })),
          ]}
          onChange={(event) => {
            setAuditId(event.target.value);
            setActionPlanId('');
          }}
        />
        <SelectField
          id={`${id}-plan`}
          label={text.actionPlan}
          value={actionPlanId}
          disabled={auditId === ''}
          options={[
            { value: '', label: text.choose },
            ...(plans.data?.actionPlans ?? []).map((entry) => ({
              value: entry.id,
              label: entry.actionPlanHeading,
            })),
          ]}
          onChange={(event) => setActionPlanId(event.target.value)}
        />
      </div>
      {loading ? <LoadingState /> : null}
      {failed ? (
        <p className="vui-screen-alert" role="alert">
          {getErrorText(failed)}
        </p>
      ) : null}
      {noPlans && !plan ? <p className="vui-incidents__muted">{text.noPlans}</p> : null}
      {plan ? (
        <GapForm
          key={plan.id}
          formType={plan.formType}
          planTimeline={plan.timeline}
          customFields={audit?.fields}
          submitLabel={text.addCorrectiveAction}
          onCancel={onCancel}
          onSubmit={save}
        />
      ) : null}
    </div>
  );
}
