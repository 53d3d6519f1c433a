import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { grievanceKeys } from './grievance-keys';
import { useLanguage, useSession } from '@verity/session';
import {
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_CHANNEL_LABELS,
  GRIEVANCE_COMPLAINANT_LABELS,
  GRIEVANCE_RESPONSES,
  GRIEVANCE_RESPONSE_LABELS,
  GRIEVANCE_STAGE_LABELS,
  GRIEVANCE_STEPS,
  GRIEVANCE_TEXT as text,
  checkGrievanceStep,
  may,
  type Grievance,
  type GrievanceStep,
} from '@verity/shared-api';
import { getErrorText, getGrievance, takeGrievanceStep } from '@verity/shared-api/calls';
import {
  Badge,
  Button,
  DateField,
  LoadingState,
  NotFoundState,
  PageHeader,
  SelectField,
  TextAreaField,
  formatDate,
  isNotFound,
  toast,
  type PageTrail,
  labelledOptions,
} from '@verity/shared-ui';
import '@verity/shared-ui/src/styles/screen.css';
import { ComplainantText, GrievanceStageBadge, TargetBadge } from './grievance-badges';
import { daysBetween, nextGrievanceStep, stepDay, today } from './grievance-steps';
import '../incidents/incidents.css';
import './grievances.css';
import { PanelSection } from '../registers/register-screen';
import { t } from '../texts';

export interface GrievanceScreenProps {
  grievanceId: string;
  trail?: PageTrail;
}

function Complaint({ grievance }: { grievance: Grievance }) {
  useLanguage();
  return (
    <PanelSection title={text.description}>
      <p className="vui-incidents__prose">{grievance.description}</p>
      <dl className="vui-incidents__facts">
        <div>
          <dt>{text.receivedOn}</dt>
          <dd>{formatDate(grievance.receivedOn, 'table')}</dd>
        </div>
        <div>
          <dt>{text.channel}</dt>
          <dd>{GRIEVANCE_CHANNEL_LABELS[grievance.channel]}</dd>
        </div>
        <div>
          <dt>{text.complainantType}</dt>
          <dd>{GRIEVANCE_COMPLAINANT_LABELS[grievance.complainantType]}</dd>
        </div>
        <div>
          <dt>{text.category}</dt>
          <dd>{GRIEVANCE_CATEGORY_LABELS[grievance.category]}</dd>
        </div>
        <div>
          <dt>{text.complainant}</dt>
          <dd className="vui-grievances__identity">
            <ComplainantText grievance={grievance} />
            {grievance.complainantContact ? (
              <span className="vui-incidents__wrap">{grievance.complainantContact}</span>
            ) : null}
            {grievance.identityWithheld ? (
              <span className="vui-incidents__muted">{text.identityWithheldHint}</span>
            ) : null}
          </dd>
        </div>
      </dl>
      <p className="vui-incidents__muted">
        {text.recordedBy(grievance.recordedByName, formatDate(grievance.recordedAt, 'dateTime'))}
      </p>
    </PanelSection>
  );
}

/** A step's target: the days it allows and its day, then met, late or still to come. */
function Target({ grievance, step }: { grievance: Grievance; step: 'acknowledged' | 'resolved' }) {
  useLanguage();
  const [due, daysLeft] =
    step === 'acknowledged'
      ? [grievance.acknowledgeDueOn, grievance.acknowledgeDaysLeft]
      : [grievance.resolveDueOn, grievance.resolveDaysLeft];
  return (
    <span className="vui-grievances__target">
      <span className="vui-incidents__muted">
        {text.target(daysBetween(grievance.receivedOn, due), formatDate(due, 'table'))}
      </span>
      <TargetBadge daysLeft={daysLeft} taken={stepDay(grievance, step) !== null} />
    </span>
  );
}

function Steps({ grievance }: { grievance: Grievance }) {
  useLanguage();
  const said: Partial<Record<GrievanceStep, [string, string | null]>> = {
    investigated: [text.findings, grievance.investigation],
    resolved: [text.resolution, grievance.resolution],
    closed: [
      text.response,
      grievance.complainantResponse
        ? GRIEVANCE_RESPONSE_LABELS[grievance.complainantResponse]
        : null,
    ],
  };
  return (
    <PanelSection title={text.steps}>
      <ol className="vui-grievances__steps">
        <li className="vui-grievances__step" data-state="done">
          <h3 className="vui-incidents__subheading">{GRIEVANCE_STAGE_LABELS.received}</h3>
          <span>{formatDate(grievance.receivedOn, 'table')}</span>
        </li>
        {GRIEVANCE_STEPS.map((step) => {
          const day = stepDay(grievance, step);
          const [label, words] = said[step] ?? [];
          return (
            <li key={step} className="vui-grievances__step" data-state={day ? 'done' : 'to-do'}>
              <h3 className="vui-incidents__subheading">{GRIEVANCE_STAGE_LABELS[step]}</h3>
              <span>
                {day ? (
                  <>
                    {formatDate(day, 'table')}{' '}
                    <span className="vui-incidents__muted">
                      {text.takenDays(daysBetween(grievance.receivedOn, day))}
                    </span>
                  </>
                ) : (
                  <span className="vui-incidents__muted">{text.notYet}</span>
                )}
              </span>
              {step === 'acknowledged' || step === 'resolved' ? (
                <Target grievance={grievance} step={step} />
              ) : null}
              {label && words ? (
                <div className="vui-grievances__said">
                  <h4 className="vui-incidents__muted">{label}</h4>
                  <p className="vui-incidents__prose">{words}</p>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </PanelSection>
  );
}

/** The next step's form: its day, what was found or done, or the complainant's response. */
function StepForm({
  grievance,
  step,
  onTaken,
}: {
  grievance: Grievance;
  step: GrievanceStep;
  onTaken: (next: Grievance) => void;
}) {
  useLanguage();
  const id = useId();
  const before = [...GRIEVANCE_STEPS.slice(0, GRIEVANCE_STEPS.indexOf(step))]
    .reverse()
    .map((previous) => stepDay(grievance, previous))
    .find(Boolean);
  const [on, setOn] = useState(today());
  const [words, setWords] = useState('');
  const [response, setResponse] = useState('');
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  const wordsLabel = step === 'investigated' ? text.findings : text.resolution;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = checkGrievanceStep({ step, on, text: words, response });
    if (!checked.ok) return setProblem(checked.message);
    setProblem(undefined);
    setSending(true);
    try {
      const { text: said, response: answer } = checked.value;
      const next = await takeGrievanceStep(grievance.id, {
        step,
        on: checked.value.on,
        ...(said === null ? {} : { text: said }),
        ...(answer === null ? {} : { response: answer }),
        revision: grievance.revision,
      });
      toast.success(text.stepTaken[step]);
      onTaken(next);
    } catch (error) {
      setProblem(getErrorText(error));
      setSending(false);
    }
  }

  return (
    <PanelSection
      title={t('plans.common.labelValue', {
        label: text.nextStep,
        value: GRIEVANCE_STAGE_LABELS[step],
      })}
    >
      <p className="vui-incidents__muted">{text.stepIntro[step]}</p>
      <form
        className="vui-incidents__text-form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
      >
        <div className="vui-incidents__form-row">
          <DateField
            id={`${id}-on`}
            label={text.stepDay}
            hint={text.stepDayHint}
            required
            min={before ?? grievance.receivedOn}
            max={today()}
            value={on}
            onChange={(event) => setOn(event.target.value)}
          />
          {step === 'closed' ? (
            <SelectField
              id={`${id}-response`}
              label={text.response}
              required
              value={response}
              placeholder={text.choose}
              options={labelledOptions(GRIEVANCE_RESPONSES, GRIEVANCE_RESPONSE_LABELS)}
              onChange={(event) => setResponse(event.target.value)}
            />
          ) : null}
        </div>
        {step === 'investigated' || step === 'resolved' ? (
          <TextAreaField
            id={`${id}-text`}
            label={wordsLabel}
            required
            rows={4}
            value={words}
            onChange={(event) => setWords(event.target.value)}
          />
        ) : null}
        {problem ? (
          <p className="vui-field__error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="vui-incidents__form-actions">
          <Button type="submit" loading={sending}>
            {text.stepAction[step]}
          </Button>
        </div>
      </form>
    </PanelSection>
  );
}

/**
 * One grievance (docs/decisions/0104-grievances.md): what was received and from whom (the identity
 * only for the users the company's owner names), its steps with their days and the days each took
 * against the targets, and, for the company's users who may, the next step's form.
 */
export function GrievanceScreen({ grievanceId, trail }: GrievanceScreenProps) {
  useLanguage();
  const user = useSession((state) => state.user);
  const queryClient = useQueryClient();
  const grievance = useQuery({
    queryKey: grievanceKeys.grievance(grievanceId),
    queryFn: () => getGrievance(grievanceId),
  });

  if (grievance.isPending) return <LoadingState />;
  if (grievance.isError) {
    if (isNotFound(grievance.error)) return <NotFoundState />;
    return (
      <p className="vui-screen-alert" role="alert">
        {getErrorText(grievance.error)}
      </p>
    );
  }
  const data = grievance.data;
  const next = nextGrievanceStep(data);
  const canStep = may(user, 'recordGrievance') && next !== null;

  return (
    <div className="vui-incidents">
      <PageHeader
        title={text.grievanceTitle(
          GRIEVANCE_CATEGORY_LABELS[data.category],
          formatDate(data.receivedOn, 'table'),
        )}
        description={trail?.subject ? undefined : data.targetCompanyName}
        trail={trail}
      />
      <div className="vui-grievances__status">
        <GrievanceStageBadge grievance={data} />
        {data.late ? (
          <Badge tone="red" dot>
            {text.late}
          </Badge>
        ) : null}
      </div>
      <Complaint grievance={data} />
      <Steps grievance={data} />
      {canStep ? (
        <StepForm
          key={next}
          grievance={data}
          step={next}
          onTaken={(saved) => {
            queryClient.setQueryData(grievanceKeys.grievance(saved.id), saved);
            void queryClient.invalidateQueries({ queryKey: grievanceKeys.logs() });
          }}
        />
      ) : null}
    </div>
  );
}
