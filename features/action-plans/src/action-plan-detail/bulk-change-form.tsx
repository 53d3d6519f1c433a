import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  MESSAGES,
  BULK_CHANGE_LABELS,
  BULK_TEXT,
  GAP_STATUSES,
  GAP_STATUS_OPTION_LABELS,
  checkChangeReason,
  minSelectableDate,
  movesLater,
  type BulkChangeKind,
  type BulkGapChange,
  type Gap,
} from '@verity/shared-api';
import { bulkChangeGaps, getErrorText } from '@verity/shared-api/calls';
import {
  Button,
  DateField,
  SelectField,
  TextAreaField,
  TextField,
  toast,
  useFocusFirstError,
} from '@verity/shared-ui';
import { useLanguage } from '@verity/session';
import { t } from '../texts';

export interface BulkChangeFormProps {
  actionPlanId: string;
  targetCompanyId: string;
  /** The selected gaps, each sent with the version the user saw. */
  gaps: readonly Gap[];
  /** The changes this user may make on these gaps, in the order offered. */
  kinds: readonly BulkChangeKind[];
  /**
   * After the change was saved (true) or refused (false): the plan is read again either way. Once
   * saved, the form stays busy until what this returns settles, and then says the change was made.
   */
  onDone: (saved: boolean) => Promise<void> | void;
  onCancel: () => void;
}

interface Values {
  kind: BulkChangeKind;
  status: string;
  /** The date input's 'YYYY-MM-DD'. */
  dueDate: string;
  reason: string;
  responsibility: string;
}

type Errors = Partial<Record<keyof Values, string>>;

/** The statuses, labelled in the language in use. */
const statusOptions = () =>
  GAP_STATUSES.map((status) => ({
    value: status,
    label: GAP_STATUS_OPTION_LABELS[status],
  }));

/** A picked day as the start of that day in the user's time zone (as the gap form sends dates). */
const dayIso = (value: string) => new Date(`${value}T00:00:00`).toISOString();

/** One change for every selected gap: a status, a due date (with one reason), or a responsibility. */
export function BulkChangeForm({
  actionPlanId,
  targetCompanyId,
  gaps,
  kinds,
  onDone,
  onCancel,
}: BulkChangeFormProps) {
  useLanguage();
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const dueDateMin = useMemo(() => minSelectableDate(), []);
  const [values, setValues] = useState<Values>({
    kind: kinds[0] ?? 'status',
    status: '',
    dueDate: '',
    reason: '',
    responsibility: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitCount, setSubmitCount] = useState(0);
  useFocusFirstError(formRef, submitCount, submitting);

  // One reason for every gap whose due date the new one moves later (the API asks it of each).
  const movedLater =
    values.kind === 'dueDate' && values.dueDate !== ''
      ? gaps.find((gap) => movesLater(gap.dueDate, dayIso(values.dueDate)))
      : undefined;
  const asksReason = movedLater !== undefined;

  function change(name: keyof Values, value: string) {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  }

  function check(): Errors {
    if (values.kind === 'status' && !values.status) return { status: MESSAGES.MISSING_STATUS };
    if (values.kind === 'dueDate') {
      if (!values.dueDate) return { dueDate: MESSAGES.DUE_DATE_REQUIRED };
      const reason = checkChangeReason({
        subject: 'dueDate',
        before: movedLater?.dueDate,
        after: dayIso(values.dueDate),
        reason: values.reason,
      });
      if (!reason.ok) return { reason: reason.message };
    }
    if (values.kind === 'responsibility' && !values.responsibility.trim()) {
      return { responsibility: MESSAGES.RESPONSIBILITY_REQUIRED };
    }
    return {};
  }

  function changeOf(): Omit<BulkGapChange, 'gaps'> {
    if (values.kind === 'status') return { status: values.status as BulkGapChange['status'] };
    if (values.kind === 'dueDate') {
      return {
        dueDate: dayIso(values.dueDate),
        ...(asksReason ? { reason: values.reason.trim() } : {}),
      };
    }
    return { responsibility: values.responsibility.trim() };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setSubmitCount((count) => count + 1);
      return;
    }
    setSubmitting(true);
    try {
      await bulkChangeGaps(actionPlanId, targetCompanyId, {
        gaps: gaps.map((gap) => ({ id: gap.id, version: gap.version })),
        ...changeOf(),
      });
    } catch (error) {
      // The refusal names the gap; what was chosen stays, and the plan is read again.
      toast.error(getErrorText(error, MESSAGES.SOMETHING_WENT_WRONG_SHORT));
      setSubmitting(false);
      void onDone(false);
      return;
    }
    await onDone(true);
    toast.success(BULK_TEXT.applied(gaps.length));
  }

  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form ref={formRef} className="vui-bulk-change" noValidate onSubmit={submit}>
      <SelectField
        id={id('kind')}
        label={BULK_TEXT.field}
        options={kinds.map((kind) => ({ value: kind, label: BULK_CHANGE_LABELS[kind] }))}
        value={values.kind}
        onChange={(event) => change('kind', event.target.value)}
      />
      {values.kind === 'status' ? (
        <SelectField
          id={id('status')}
          label={BULK_TEXT.newStatus}
          required
          placeholder={t('plans.bulk.statusPlaceholder')}
          options={statusOptions()}
          value={values.status}
          onChange={(event) => change('status', event.target.value)}
          error={errors.status}
        />
      ) : null}
      {values.kind === 'dueDate' ? (
        <DateField
          id={id('dueDate')}
          label={BULK_TEXT.newDueDate}
          required
          min={dueDateMin}
          value={values.dueDate}
          onChange={(event) => change('dueDate', event.target.value)}
          error={errors.dueDate}
        />
      ) : null}
      {asksReason ? (
        <TextAreaField
          id={id('reason')}
          label={BULK_TEXT.reason}
          required
          value={values.reason}
          onChange={(event) => change('reason', event.target.value)}
          error={errors.reason}
        />
      ) : null}
      {values.kind === 'responsibility' ? (
        <TextField
          id={id('responsibility')}
          label={BULK_TEXT.newResponsibility}
          required
          value={values.responsibility}
          onChange={(event) => change('responsibility', event.target.value)}
          error={errors.responsibility}
        />
      ) : null}
      <div className="vui-bulk-change__actions">
        <Button variant="secondary" onClick={onCancel} disabled={submitting}>
          {t('plans.common.cancel')}
        </Button>
        <Button type="submit" loading={submitting}>
          {BULK_TEXT.apply}
        </Button>
      </div>
    </form>
  );
}
