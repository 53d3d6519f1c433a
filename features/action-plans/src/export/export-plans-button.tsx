import { useState } from 'react';
import { useLanguage } from '@verity/session';
import { MESSAGES } from '@verity/shared-api';
import { exportActionPlansCsv, saveBlob } from '@verity/shared-api/calls';
import { Button, toast } from '@verity/shared-ui';
import { t } from '../texts';

export interface ExportPlansButtonProps {
  targetCompanyId: string;
  /** One audit's plans; the company's plans (every audit the user may see) without it. */
  auditId?: string;
  /** What the button says; it also says, to every reader, what the file holds. */
  label: string;
  /** What the file holds, in words: the button's description, read with it and shown on hover. */
  description: string;
}

/** Downloads action plans and their gaps as a CSV file named by the server. */
export function ExportPlansButton({
  targetCompanyId,
  auditId,
  label,
  description,
}: ExportPlansButtonProps) {
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    if (!targetCompanyId) {
      toast.error(MESSAGES.TARGET_COMPANY_ID_NOT_FOUND);
      return;
    }
    setExporting(true);
    try {
      const { blob, fileName } = await exportActionPlansCsv(targetCompanyId, { auditId });
      saveBlob(blob, fileName);
    } catch {
      toast.error(MESSAGES.EXPORT_FAILED);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button
      variant="secondary"
      loading={exporting}
      title={description}
      onClick={() => void exportCsv()}
    >
      {label}
    </Button>
  );
}

/** The export of every action plan of a company (all the audits the user may see), saying so. */
export function CompanyPlansExport({ targetCompanyId }: { targetCompanyId: string }) {
  useLanguage();
  return (
    <ExportPlansButton
      targetCompanyId={targetCompanyId}
      label={t('plans.export.companyLabel')}
      description={t('plans.export.companyDescription')}
    />
  );
}
