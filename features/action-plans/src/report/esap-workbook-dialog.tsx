// The 'Download ESAP workbook' dialog: a chunk of its own (the dialog and the date field), loaded
// when the button is first pointed at, focused or pressed, so the plan detail's first route does not
// carry it (docs/decisions/0093-esap-back-in-the-lenders-layout.md).
import { useRef, useState, type FormEvent } from 'react';
import { useLanguage } from '@verity/session';
import {
  ESAP_WORKBOOK_DIALOG_TEXT as text,
  esapWorkbookMessages,
  isReportDay,
} from '@verity/shared-api';
import { downloadEsapWorkbook, saveBlob } from '@verity/shared-api/calls';
import { Button, DateField, Modal, toDateInputValue, toast } from '@verity/shared-ui';

interface EsapWorkbookSubject {
  actionPlanId: string;
  targetCompanyId: string;
}

/** The dialog of the 'Download ESAP workbook' button, open while `open`. */
export function EsapWorkbookDialog({
  open,
  onOpenChange,
  ...subject
}: EsapWorkbookSubject & { open: boolean; onOpenChange: (open: boolean) => void }) {
  useLanguage();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={text.title} size="sm">
      {open ? <EsapWorkbookForm {...subject} onDone={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

function EsapWorkbookForm({
  actionPlanId,
  targetCompanyId,
  onDone,
}: EsapWorkbookSubject & { onDone: () => void }) {
  useLanguage();
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
