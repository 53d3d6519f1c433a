import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import {
  INCIDENT_CATEGORIES,
  INCIDENT_CATEGORY_LABELS,
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_TEXT as text,
  checkIncident,
  type Incident,
} from '@verity/shared-api';
import { addIncidentPhotos, getErrorText, reportIncident } from '@verity/shared-api/calls';
import {
  Button,
  PageHeader,
  SelectField,
  TextAreaField,
  TextField,
  toast,
  type PageTrail,
} from '@verity/shared-ui';
import { IncidentPhotoPicker } from './incident-photo-picker';
import './incidents.css';

export interface ReportIncidentScreenProps {
  targetCompanyId: string;
  /** The reported incident's page in the caller's area. */
  incidentPath: (incidentId: string) => string;
  trail?: PageTrail;
}

/** A moment as the `datetime-local` input writes it, in the device's own time. */
function localMoment(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * The company reports a serious incident (docs/decisions/0099-serious-incidents.md), on a phone as
 * well as at a desk: what, when, where, category, severity, people affected, the immediate actions
 * and photos. The report goes first, so the client is told even when a photo fails.
 */
export function ReportIncidentScreen({
  targetCompanyId,
  incidentPath,
  trail,
}: ReportIncidentScreenProps) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    description: '',
    occurredAt: localMoment(new Date()),
    location: '',
    category: '',
    severity: '',
    peopleAffected: '0',
    immediateActions: '',
  });
  const [photos, setPhotos] = useState<File[]>([]);
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  const set = (key: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const occurred = new Date(values.occurredAt);
    const input = {
      ...values,
      occurredAt: Number.isNaN(occurred.getTime()) ? '' : occurred.toISOString(),
      peopleAffected: values.peopleAffected.trim() === '' ? NaN : Number(values.peopleAffected),
    };
    const checked = checkIncident(input);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem(undefined);
    setSending(true);
    let incident: Incident;
    try {
      incident = await reportIncident(targetCompanyId, checked.value);
    } catch (error) {
      setProblem(getErrorText(error));
      setSending(false);
      return;
    }
    if (photos.length > 0) {
      try {
        incident = await addIncidentPhotos(incident.id, photos);
      } catch (error) {
        toast.error(`${text.photosFailed} ${getErrorText(error)}`);
      }
    }
    queryClient.setQueryData(queryKeys.incident(incident.id), incident);
    void queryClient.invalidateQueries({ queryKey: queryKeys.incidents() });
    toast.success(text.reported);
    void navigate(incidentPath(incident.id));
  }

  return (
    <div className="vui-incidents">
      <PageHeader title={text.report} description={text.reportIntro} trail={trail} />
      <form
        className="vui-incidents__panel vui-incidents__report-form"
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
            options={[
              { value: '', label: text.choose },
              ...INCIDENT_CATEGORIES.map((value) => ({
                value,
                label: INCIDENT_CATEGORY_LABELS[value],
              })),
            ]}
            onChange={(event) => set('category')(event.target.value)}
          />
          <SelectField
            id={`${id}-severity`}
            label={text.severity}
            required
            value={values.severity}
            options={[
              { value: '', label: text.choose },
              ...INCIDENT_SEVERITIES.map((value) => ({
                value,
                label: INCIDENT_SEVERITY_LABELS[value],
              })),
            ]}
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
        <IncidentPhotoPicker photos={photos} onChange={setPhotos} disabled={sending} />
        {problem ? (
          <p className="vui-field__error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="vui-incidents__form-actions">
          <Button type="submit" loading={sending}>
            {text.send}
          </Button>
        </div>
      </form>
    </div>
  );
}
