import { useParams } from 'react-router-dom';
import { getErrorText } from '@verity/shared-api/calls';
import { useLanguage } from '@verity/session';
import { LoadingState, NotFoundState, PageHeader, isNotFound } from '@verity/shared-ui';
import { CREATE_ACTION_PLAN_TEXTS, ESAP_IMPORT_TEXTS as text } from '../../strings';
import { useAudit } from '../create-action-plan/use-audit';
import { useCompanyTrail } from '../../screens/use-company-trail';
import { ImportEsapForm } from './import-esap-form';
import './import-esap.css';

/** 'Import ESAP' of one audit: a lender's spreadsheet into a new action plan (or one of its plans). */
export function ImportEsapPage() {
  useLanguage();
  const { targetCompanyId = '', auditId = '' } = useParams();
  const query = useAudit(auditId);
  const trail = useCompanyTrail(targetCompanyId, auditId);
  return (
    <div className="va-import-page">
      <PageHeader title={text.title} trail={trail} />
      {query.isPending ? <LoadingState /> : null}
      {query.isError && isNotFound(query.error) ? <NotFoundState /> : null}
      {query.isError && !isNotFound(query.error) ? (
        <p className="va-import__banner" data-tone="error" role="alert">
          {getErrorText(query.error, CREATE_ACTION_PLAN_TEXTS.failedToLoadAudit)}
        </p>
      ) : null}
      {query.isSuccess ? (
        <ImportEsapForm key={query.data.id} audit={query.data} targetCompanyId={targetCompanyId} />
      ) : null}
    </div>
  );
}
