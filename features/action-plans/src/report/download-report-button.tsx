import { lazy, Suspense, useState } from 'react';
import { useLanguage } from '@verity/session';
import { REPORT_DIALOG_TEXT as text } from '@verity/shared-api';
import { Button } from '@verity/shared-ui';
import { t } from '../texts';

/** What the report covers: one plan, or every plan of the company the user may see. */
export type ReportSubject =
  | { kind: 'actionPlan'; actionPlanId: string; targetCompanyId: string }
  | { kind: 'company'; targetCompanyId: string };

export interface DownloadReportButtonProps {
  subject: ReportSubject;
}

const loadDialog = () => import('./report-dialog');
const ReportDialog = lazy(() => loadDialog().then((module) => ({ default: module.ReportDialog })));

/**
 * 'Download report': a dialog for the format (PDF or Excel) and the period (the last 90 days by
 * default), then the lender's monitoring report saved under the name the server gives it. The
 * dialog's code comes when the button is first pointed at, focused or pressed.
 */
export function DownloadReportButton({ subject }: DownloadReportButtonProps) {
  useLanguage();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const prepare = () => {
    void loadDialog();
  };
  return (
    <>
      <Button
        variant="secondary"
        title={subject.kind === 'actionPlan' ? text.planDescription : text.companyDescription}
        onPointerEnter={prepare}
        onFocus={prepare}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {t('plans.report.download')}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <ReportDialog subject={subject} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The company's report, over every plan of it the user may see. */
export function CompanyReportButton({ targetCompanyId }: { targetCompanyId: string }) {
  return <DownloadReportButton subject={{ kind: 'company', targetCompanyId }} />;
}
