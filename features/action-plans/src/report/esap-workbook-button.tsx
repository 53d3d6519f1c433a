// 'Download ESAP workbook': the plan's ESAP in the lender's own workbook, filled in as of a day
// (docs/decisions/0093-esap-back-in-the-lenders-layout.md). Shown only for a plan imported from one.
import { useRef, useState, type FormEvent } from 'react';
import {
  DOWNLOAD_ESAP_WORKBOOK_LABEL,
  ESAP_WORKBOOK_DIALOG_TEXT as text,
  esapWorkbookMessages,
  isReportDay,
} from '@verity/shared-api';
import { downloadEsapWorkbook, saveBlob } from '@verity/shared-api/calls';
import { Button, DateField, Modal, toDateInputValue, toast } from '@verity/shared-ui';

export interface EsapWorkbookButtonProps {
  actionPlanId: string;
  targetCompanyId: string;
}

export function EsapWorkbookButton({ actionPlanId, targetCompanyId }: EsapWorkbookButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" title={text.description} onClick={() => setOpen(true)}>
        {DOWNLOAD_ESAP_WORKBOOK_LABEL}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={text.title} size="sm">
        {open ? (
          <EsapWorkbookForm
            actionPlanId={actionPlanId}
            targetCompanyId={targetCompanyId}
            onDone={() => setOpen(false)}
          />
        ) : null}
      </Modal>
    </>
  );
}

function EsapWorkbookForm({
  actionPlanId,
  targetCompanyId,
  onDone,
}: EsapWorkbookButtonProps & { onDone: () => void }) {
  const today = toDateInputValue(new Date());
  const [asOf, setAsOf] = useState(today);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const fieldRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The API's own rule, with its words: a day, not after today.
    if (!isReportDay(asOf) || asOf > today) {
      setError(esapWorkbookMessages.badAsOf);
      fieldRef.current?.querySelector<HTMLInputElement>('input[name="asOf"]')?.focus();
      return;
    }
    setSaving(true);
    try {
      const { blob, fileName } = await downloadEsapWorkbook(actionPlanId, targetCompanyId, asOf);
      saveBlob(blob, fileName);
      onDone();
    } catch {
      toast.error(esapWorkbookMessages.failed);
      setSaving(false);
    }
  }

  return (
    <form ref={fieldRef} className="vui-screen-form" onSubmit={onSubmit} noValidate>
      <p>{text.description}</p>
      <DateField
        label={text.asOf}
        name="asOf"
        required
        value={asOf}
        onChange={(event) => {
          setError(undefined);
          setAsOf(event.target.value);
        }}
        error={error}
        disabled={saving}
      />
      <div className="vui-screen-form__actions">
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          {text.cancel}
        </Button>
        <Button type="submit" loading={saving}>
          {text.download}
        </Button>
      </div>
    </form>
  );
}
