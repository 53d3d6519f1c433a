import { useParams } from 'react-router-dom';
import { MonitoringReportScreen, MonitoringReportsScreen } from '@verity/feature-action-plans';
import { MONITORING_REPORT_TEXT } from '@verity/shared-api';
import { useTrail } from '@verity/shared-ui';
import { paths } from '../../config/paths';
import { RequireCompany } from '../company-session';

/** The company's annual monitoring reports: the list, and the periods to start. */
export function MonitoringReportsPage() {
  return (
    <RequireCompany>
      {({ targetCompanyId }) => (
        <MonitoringReportsScreen
          targetCompanyId={targetCompanyId}
          reportPath={(reportId) => paths.monitoringReport(reportId)}
        />
      )}
    </RequireCompany>
  );
}

/** One report: the company writes and submits it, and sees the client's comments. */
export function MonitoringReportPage() {
  const { reportId = '' } = useParams();
  const trail = useTrail([{ label: MONITORING_REPORT_TEXT.title, to: paths.monitoringReports() }]);
  return (
    <RequireCompany>
      {() => <MonitoringReportScreen reportId={reportId} trail={trail} />}
    </RequireCompany>
  );
}
