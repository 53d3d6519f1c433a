import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useLanguage } from '@verity/session';
import {
  INCIDENT_CATEGORIES,
  INCIDENT_CATEGORY_LABELS,
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_TEXT as text,
  checkIncident,
  type Incident,
  type IncidentValues,
} from '@verity/shared-api';
import { getErrorText } from '@verity/shared-api/calls';
import { Button, SelectField, TextAreaField, TextField, labelledOptions } from '@verity/shared-ui';

/** A moment as the `datetime-local` input writes it, in the device's own time. */
export function localMoment(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The form's values as typed, from a reported incident or empty for a new report. */
function valuesOf(incident?: Incident) {
  return {
    description: incident?.description ?? '',
    occurredAt: localMoment(incident ? new Date(incident.occurredAt) : new Date()),
    location: incident?.location ?? '',
    category: incident?.category ?? '',
    severity: incident?.severity ?? '',
    peopleAffected: String(incident?.peopleAffected ?? 0),
    immediateActions: incident?.immediateActions ?? '',
  };
}

export interface IncidentReportFormProps {
  /** The incident being corrected; without it the form is a new report. */
  incident?: Incident;
  submitLabel: string;
  /** Sends the checked values; a thrown error is shown above the buttons. */
  onSend: (values: IncidentValues) => Promise<void>;
  onCancel?: () => void;
  /** Something the report waits for (photos being prepared): the form is not sent meanwhile. */
  busy?: boolean;
  /** What goes between the fields and the buttons (a new report's photos). */
  children?: (sending: boolean) => ReactNode;
}

/**
 * The incident's report fields, checked by the shared rule (`checkIncident`) before anything is
 * sent: the new report and the correction of a reported one are the same form.
 */
export function IncidentReportForm({
  incident,
  submitLabel,
  onSend,
  onCancel,
  busy = false,
  children,
}: IncidentReportFormProps) {
  useLanguage();
  const id = useId();
  const [values, setValues] = useState(() => valuesOf(incident));
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  const set = (key: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const occurred = new Date(values.occurredAt);
    const checked = checkIncident({
      ...values,
      occurredAt: Number.isNaN(occurred.getTime()) ? '' : occurred.toISOString(),
      peopleAffected: values.peopleAffected.trim() === '' ? NaN : Number(values.peopleAffected),
    });
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem(undefined);
    setSending(true);
    try {
      await onSend(checked.value);
    } catch (error) {
      setProblem(getErrorText(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className="vui-incidents__report-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      <TextAreaField
        id={`${id}-description`}
        label={text.description}
        required
        rows={4}
        value={values.description}
        onChange={(event) => set('description')(event.target.value)}
      />
      <div className="vui-incidents__form-row">
        <TextField
          id={`${id}-occurred`}
          label={text.occurredAt}
          type="datetime-local"
          required
          max={localMoment(new Date())}
          value={values.occurredAt}
          onChange={(event) => set('occurredAt')(event.target.value)}
        />
        <TextField
          id={`${id}-location`}
          label={text.location}
          required
          value={values.location}
          onChange={(event) => set('location')(event.target.value)}
        />
      </div>
      <div className="vui-incidents__form-row">
        <SelectField
          id={`${id}-category`}
          label={text.category}
          required
          value={values.category}
          placeholder={text.choose}
          options={labelledOptions(INCIDENT_CATEGORIES, INCIDENT_CATEGORY_LABELS)}
          onChange={(event) => set('category')(event.target.value)}
        />
        <SelectField
          id={`${id}-severity`}
          label={text.severity}
          required
          value={values.severity}
          placeholder={text.choose}
          options={labelledOptions(INCIDENT_SEVERITIES, INCIDENT_SEVERITY_LABELS)}
          onChange={(event) => set('severity')(event.target.value)}
        />
        <TextField
          id={`${id}-people`}
          label={text.peopleAffected}
          type="number"
          inputMode="numeric"
          min={0}
          required
          value={values.peopleAffected}
          onChange={(event) => set('peopleAffected')(event.target.value)}
        />
      </div>
      <TextAreaField
        id={`${id}-actions`}
        label={text.immediateActions}
        hint={text.immediateActionsHint}
        rows={3}
        value={values.immediateActions}
        onChange={(event) => set('immediateActions')(event.target.value)}
      />
      {children?.(sending)}
      {problem ? (
        <p className="vui-field__error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="vui-incidents__form-actions">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={sending}>
            {text.cancelCorrection}
          </Button>
        ) : null}
        <Button type="submit" loading={sending} disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
