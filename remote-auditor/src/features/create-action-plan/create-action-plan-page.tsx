import { useParams } from 'react-router-dom';
import { AUDIT_FORM_LABELS } from '@verity/shared-api';
import { getErrorText } from '@verity/shared-api/calls';
import { useLanguage } from '@verity/session';
import { LoadingState, PageHeader, isNotFound, NotFoundState } from '@verity/shared-ui';
import { CREATE_ACTION_PLAN_TEXTS as texts } from '../../strings';
import { CreateActionPlanForm } from './create-action-plan-form';
import { useAudit } from './use-audit';
import { useCompanyTrail } from '../../screens/use-company-trail';
import { useAuditorUser } from '../../screens/use-auditor-user';
import './create-action-plan.css';

/** The create action plan page: loads the audit and works in its form type. */
export function CreateActionPlanPage() {
  useLanguage();
  const { targetCompanyId = '', auditId = '' } = useParams();
  const query = useAudit(auditId);
  const trail = useCompanyTrail(targetCompanyId, auditId);
  const userId = useAuditorUser()?._id;

  if (query.isSuccess) {
    const audit = query.data;
    // A new audit or form type starts a fresh form: values, errors and messages.
    return (
      <CreateActionPlanForm
        key={`${audit.id}:${audit.auditForm}`}
        audit={audit}
        targetCompanyId={targetCompanyId}
        trail={trail}
        userId={userId}
      />
    );
  }
  return (
    <div className="va-create-plan">
      <PageHeader title={texts.pageTitle(AUDIT_FORM_LABELS.ap)} trail={trail} />
      {query.isPending ? <LoadingState /> : null}
      {query.isError && isNotFound(query.error) ? <NotFoundState /> : null}
      {query.isError && !isNotFound(query.error) ? (
        <p className="va-create-plan__banner" data-tone="error" role="alert">
          {getErrorText(query.error, texts.failedToLoadAudit)}
        </p>
      ) : null}
    </div>
  );
}
