import { useId, useState, type FormEvent } from 'react';
import { useLanguage } from '@verity/session';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { grievanceKeys } from './grievance-keys';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_CHANNELS,
  GRIEVANCE_CHANNEL_LABELS,
  GRIEVANCE_COMPLAINANTS,
  GRIEVANCE_COMPLAINANT_LABELS,
  GRIEVANCE_CONTACT_MAX,
  GRIEVANCE_NAME_MAX,
  GRIEVANCE_TEXT as text,
  checkGrievance,
} from '@verity/shared-api';
import { getErrorText, recordGrievance } from '@verity/shared-api/calls';
import {
  Button,
  DateField,
  PageHeader,
  SelectField,
  TextAreaField,
  TextField,
  toast,
  type PageTrail,
  labelledOptions,
} from '@verity/shared-ui';
import { today } from './grievance-steps';
import '../incidents/incidents.css';
import './grievances.css';

export interface RecordGrievanceScreenProps {
  targetCompanyId: string;
  /** The recorded grievance's page in the caller's area. */
  grievancePath: (grievanceId: string) => string;
  trail?: PageTrail;
}

/**
 * The company records a grievance as received (docs/decisions/0104-grievances.md), on a phone as
 * well as at a desk: how and when it came, from whom, its category and what it says; anonymous, or
 * with the complainant's name and contact, which only the users the owner names will see.
 */
export function RecordGrievanceScreen({
  targetCompanyId,
  grievancePath,
  trail,
}: RecordGrievanceScreenProps) {
  useLanguage();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    channel: '',
    receivedOn: today(),
    complainantType: '',
    category: '',
    description: '',
    complainantName: '',
    complainantContact: '',
  });
  const [anonymous, setAnonymous] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  const set = (key: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = checkGrievance({
      ...values,
      anonymous,
      complainantName: anonymous ? undefined : values.complainantName,
      complainantContact: anonymous ? undefined : values.complainantContact,
    });
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem(undefined);
    setSending(true);
    try {
      const grievance = await recordGrievance(targetCompanyId, checked.value);
      queryClient.setQueryData(grievanceKeys.grievance(grievance.id), grievance);
      void queryClient.invalidateQueries({ queryKey: grievanceKeys.logs() });
      toast.success(text.recorded);
      void navigate(grievancePath(grievance.id));
    } catch (error) {
      setProblem(getErrorText(error));
      setSending(false);
    }
  }

  return (
    <div className="vui-incidents">
      <PageHeader title={text.record} description={text.recordIntro} trail={trail} />
      <form
        className="vui-incidents__panel vui-incidents__report-form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
      >
        <div className="vui-incidents__form-row">
          <SelectField
            id={`${id}-channel`}
            label={text.channel}
            required
            value={values.channel}
            placeholder={text.choose}
            options={labelledOptions(GRIEVANCE_CHANNELS, GRIEVANCE_CHANNEL_LABELS)}
            onChange={(event) => set('channel')(event.target.value)}
          />
          <DateField
            id={`${id}-received`}
            label={text.receivedOn}
            required
            max={today()}
            value={values.receivedOn}
            onChange={(event) => set('receivedOn')(event.target.value)}
          />
        </div>
        <div className="vui-incidents__form-row">
          <SelectField
            id={`${id}-from`}
            label={text.complainantType}
            required
            value={values.complainantType}
            placeholder={text.choose}
            options={labelledOptions(GRIEVANCE_COMPLAINANTS, GRIEVANCE_COMPLAINANT_LABELS)}
            onChange={(event) => set('complainantType')(event.target.value)}
          />
          <SelectField
            id={`${id}-category`}
            label={text.category}
            required
            value={values.category}
            placeholder={text.choose}
            options={labelledOptions(GRIEVANCE_CATEGORIES, GRIEVANCE_CATEGORY_LABELS)}
            onChange={(event) => set('category')(event.target.value)}
          />
        </div>
        <TextAreaField
          id={`${id}-description`}
          label={text.description}
          hint={text.descriptionHint}
          required
          rows={5}
          value={values.description}
          onChange={(event) => set('description')(event.target.value)}
        />
        <fieldset className="vui-grievances__choices">
          <legend className="vui-incidents__subheading">{text.identity}</legend>
          <label className="vui-incidents__check">
            <input
              type="radio"
              name={`${id}-identity`}
              checked={!anonymous}
              onChange={() => setAnonymous(false)}
            />
            {text.namedChoice}
          </label>
          <label className="vui-incidents__check">
            <input
              type="radio"
              name={`${id}-identity`}
              checked={anonymous}
              onChange={() => setAnonymous(true)}
            />
            {text.anonymousChoice}
          </label>
        </fieldset>
        {anonymous ? null : (
          <div className="vui-incidents__form-row">
            <TextField
              id={`${id}-name`}
              label={text.complainantName}
              required
              maxLength={GRIEVANCE_NAME_MAX}
              autoComplete="off"
              value={values.complainantName}
              onChange={(event) => set('complainantName')(event.target.value)}
            />
            <TextField
              id={`${id}-contact`}
              label={text.complainantContact}
              hint={text.complainantContactHint}
              maxLength={GRIEVANCE_CONTACT_MAX}
              autoComplete="off"
              value={values.complainantContact}
              onChange={(event) => set('complainantContact')(event.target.value)}
            />
          </div>
        )}
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
