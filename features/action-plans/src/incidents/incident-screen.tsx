import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { Link, type To } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import { useLanguage, useSession } from '@verity/session';
import {
  INCIDENT_CATEGORY_LABELS,
  INCIDENT_MESSAGES,
  INCIDENT_QUESTION_MAX,
  INCIDENT_ROOT_CAUSE_MAX,
  INCIDENT_TEXT as text,
  checkIncidentText,
  may,
  type Incident,
} from '@verity/shared-api';
import {
  addIncidentPhotos,
  answerIncidentQuestion,
  askIncidentQuestion,
  closeIncident,
  correctIncident,
  getErrorText,
  getIncident,
  incidentPhotoUrl,
  submitRootCause,
} from '@verity/shared-api/calls';
import {
  Button,
  ConfirmDialog,
  LoadingState,
  NotFoundState,
  PageHeader,
  StatusBadge,
  TextAreaField,
  formatDate,
  isNotFound,
  toast,
  type DraftImage,
  type PageTrail,
} from '@verity/shared-ui';
import '@verity/shared-ui/src/styles/screen.css';
import type { CorrectivePlanSource } from './corrective-action-form';
import { IncidentPhotoPicker } from './incident-photo-picker';
import { IncidentReportForm } from './incident-report-form';
import {
  IncidentStatusBadge,
  NotifiedBadge,
  RootCauseBadge,
  SeverityBadge,
} from './incident-badges';
import './incidents.css';
import { PanelSection } from '../registers/register-screen';

// The gap form (Formik, Yup) loads only when a corrective action is being added.
const CorrectiveActionForm = lazy(() =>
  import('./corrective-action-form').then((module) => ({ default: module.CorrectiveActionForm })),
);

export type IncidentCorrectiveAction = Incident['correctiveActions'][number];

export interface IncidentScreenProps {
  incidentId: string;
  /** The gap of a corrective action in the caller's area (its plan with the gap's panel open). */
  gapLink: (action: IncidentCorrectiveAction) => To;
  /** Where the plans for a new corrective action come from; without it none is added here. */
  planSource?: CorrectivePlanSource;
  trail?: PageTrail;
}

/** A short text form (a question, an answer, the root cause) checked by the shared rule first. */
function TextForm({
  label,
  hint,
  initial = '',
  max,
  requiredMessage,
  submitLabel,
  rows = 3,
  keep = false,
  onSend,
}: {
  label: string;
  hint?: string;
  initial?: string;
  max: number;
  requiredMessage: string;
  submitLabel: string;
  rows?: number;
  /** Keeps the text once sent (the root cause, which is corrected in place). */
  keep?: boolean;
  onSend: (value: string) => Promise<unknown>;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  useEffect(() => setValue(initial), [initial]);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = checkIncidentText(value, max, requiredMessage);
    if (!checked.ok) return setProblem(checked.message);
    setProblem(undefined);
    setSending(true);
    try {
      await onSend(checked.value);
      if (!keep) setValue('');
    } catch (error) {
      setProblem(getErrorText(error));
    } finally {
      setSending(false);
    }
  }
  return (
    <form
      className="vui-incidents__text-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      <TextAreaField
        id={id}
        label={label}
        hint={hint}
        rows={rows}
        value={value}
        error={problem}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className="vui-incidents__form-actions">
        <Button type="submit" loading={sending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function Clocks({ incident }: { incident: Incident }) {
  useLanguage();
  return (
    <PanelSection title={text.clocks}>
      <dl className="vui-incidents__facts">
        <div>
          <dt>{text.lender}</dt>
          <dd>
            <NotifiedBadge incident={incident} />
            <span className="vui-incidents__muted">
              {text.notifyDue(formatDate(incident.clocks.notifyDueOn, 'table'))}
            </span>
          </dd>
        </div>
        <div>
          <dt>{text.rootCause}</dt>
          <dd>
            <RootCauseBadge incident={incident} />
          </dd>
        </div>
        <div>
          <dt>{text.status}</dt>
          <dd>
            <IncidentStatusBadge closedAt={incident.closedAt} />
            {incident.closedAt ? (
              <span className="vui-incidents__muted">
                {text.closedOn(formatDate(incident.closedAt, 'table'))}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
    </PanelSection>
  );
}

/** The report as sent, corrected in place by the company while the incident is open. */
function Report({ incident, canAddPhotos }: { incident: Incident; canAddPhotos: boolean }) {
  useLanguage();
  const queryClient = useQueryClient();
  const [photos, setPhotos] = useState<DraftImage[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const upload = useMutation({
    mutationFn: () => addIncidentPhotos(incident.id, photos),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.incident(saved.id), saved);
      setPhotos([]);
      toast.success(text.photosAdded);
    },
    onError: (error) => toast.error(getErrorText(error)),
  });
  if (correcting) {
    return (
      <PanelSection title={text.correct}>
        <IncidentReportForm
          incident={incident}
          submitLabel={text.saveCorrection}
          onCancel={() => setCorrecting(false)}
          onSend={async (values) => {
            const next = await correctIncident(incident.id, {
              ...values,
              revision: incident.revision,
            });
            queryClient.setQueryData(queryKeys.incident(next.id), next);
            void queryClient.invalidateQueries({ queryKey: queryKeys.incidents() });
            setCorrecting(false);
            toast.success(text.corrected);
          }}
        />
      </PanelSection>
    );
  }
  return (
    <PanelSection title={text.description}>
      <p className="vui-incidents__prose">{incident.description}</p>
      <dl className="vui-incidents__facts">
        <div>
          <dt>{text.occurredAt}</dt>
          <dd>{formatDate(incident.occurredAt, 'dateTime')}</dd>
        </div>
        <div>
          <dt>{text.location}</dt>
          <dd className="vui-incidents__wrap">{incident.location}</dd>
        </div>
        <div>
          <dt>{text.category}</dt>
          <dd>{INCIDENT_CATEGORY_LABELS[incident.category]}</dd>
        </div>
        <div>
          <dt>{text.severity}</dt>
          <dd>
            <SeverityBadge severity={incident.severity} />
          </dd>
        </div>
        <div>
          <dt>{text.peopleAffected}</dt>
          <dd>{incident.peopleAffected}</dd>
        </div>
      </dl>
      {incident.immediateActions ? (
        <>
          <h3 className="vui-incidents__subheading">{text.immediateActions}</h3>
          <p className="vui-incidents__prose">{incident.immediateActions}</p>
        </>
      ) : null}
      <p className="vui-incidents__muted">
        {text.reportedBy(incident.reportedByName, formatDate(incident.reportedAt, 'dateTime'))}
      </p>
      {canAddPhotos ? (
        <div className="vui-incidents__form-actions">
          <Button variant="secondary" onClick={() => setCorrecting(true)}>
            {text.correct}
          </Button>
        </div>
      ) : null}
      <h3 className="vui-incidents__subheading">{text.photos}</h3>
      {incident.photos.length === 0 ? (
        <p className="vui-incidents__muted">{text.noPhotos}</p>
      ) : (
        <ul className="vui-incidents__photos" aria-label={text.photos}>
          {incident.photos.map((photo) => (
            <li key={photo.id}>
              <a href={incidentPhotoUrl(photo.id)} target="_blank" rel="noreferrer">
                <img
                  src={incidentPhotoUrl(photo.id)}
                  alt={text.photoAlt(photo.fileName)}
                  loading="lazy"
                  width={photo.width ?? undefined}
                  height={photo.height ?? undefined}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {canAddPhotos ? (
        <div className="vui-incidents__add-photos">
          <IncidentPhotoPicker
            label={text.morePhotos}
            photos={photos}
            onChange={setPhotos}
            disabled={upload.isPending}
            onPreparingChange={setPreparing}
          />
          {photos.length > 0 ? (
            <Button loading={upload.isPending} disabled={preparing} onClick={() => upload.mutate()}>
              {text.sendPhotos}
            </Button>
          ) : null}
        </div>
      ) : null}
    </PanelSection>
  );
}

/**
 * One serious incident (docs/decisions/0099-serious-incidents.md): its clocks, the report, the
 * root-cause analysis, the client's questions and answers, and the corrective actions, which are
 * gaps of the company's plans. Each area gets the writes its users may do.
 */
export function IncidentScreen({ incidentId, gapLink, planSource, trail }: IncidentScreenProps) {
  useLanguage();
  const user = useSession((state) => state.user);
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [closing, setClosing] = useState(false);
  const incident = useQuery({
    queryKey: queryKeys.incident(incidentId),
    queryFn: () => getIncident(incidentId),
  });
  const saved = (next: Incident) => {
    queryClient.setQueryData(queryKeys.incident(next.id), next);
    void queryClient.invalidateQueries({ queryKey: queryKeys.incidents() });
  };
  const close = useMutation({
    mutationFn: (revision: number) => closeIncident(incidentId, revision),
    onSuccess: (next) => {
      saved(next);
      setClosing(false);
      toast.success(text.closedDone);
    },
    onError: (error) => toast.error(getErrorText(error)),
  });

  if (incident.isPending) return <LoadingState />;
  if (incident.isError) {
    if (isNotFound(incident.error)) return <NotFoundState />;
    return (
      <p className="vui-screen-alert" role="alert">
        {getErrorText(incident.error)}
      </p>
    );
  }
  const data = incident.data;
  const open = data.closedAt === null;
  const canReport = may(user, 'reportIncident') && open;
  const canAsk = may(user, 'askIncidentQuestion') && open;
  const canClose = may(user, 'closeIncident') && open;
  const canAddAction = may(user, 'addIncidentCorrectiveAction') && open && planSource !== undefined;
  const title = text.incidentTitle(
    INCIDENT_CATEGORY_LABELS[data.category],
    formatDate(data.occurredAt, 'table'),
  );

  return (
    <div className="vui-incidents">
      <PageHeader
        title={title}
        description={trail?.subject ? undefined : data.targetCompanyName}
        trail={trail}
        actions={
          canClose ? (
            <Button variant="secondary" onClick={() => setClosing(true)}>
              {text.close}
            </Button>
          ) : null
        }
      />
      <Clocks incident={data} />
      <Report incident={data} canAddPhotos={canReport} />
      <PanelSection title={text.rootCauseTitle}>
        {canReport ? (
          <TextForm
            keep
            label={text.rootCauseLabel}
            hint={text.rootCauseHint}
            initial={data.rootCause ?? ''}
            rows={6}
            max={INCIDENT_ROOT_CAUSE_MAX}
            requiredMessage={INCIDENT_MESSAGES.INCIDENT_ROOT_CAUSE_REQUIRED}
            submitLabel={data.rootCause ? text.updateRootCause : text.saveRootCause}
            onSend={async (rootCause) => {
              saved(await submitRootCause(data.id, { rootCause, revision: data.revision }));
              toast.success(text.rootCauseSaved);
            }}
          />
        ) : data.rootCause ? (
          <p className="vui-incidents__prose">{data.rootCause}</p>
        ) : (
          <p className="vui-incidents__muted">{text.rootCauseEmpty}</p>
        )}
      </PanelSection>
      <PanelSection title={text.questions}>
        {data.questions.length === 0 ? (
          <p className="vui-incidents__muted">{text.noQuestions}</p>
        ) : (
          <ol className="vui-incidents__questions">
            {data.questions.map((question) => (
              <li key={question.id} className="vui-incidents__question">
                <p className="vui-incidents__prose">{question.question}</p>
                <p className="vui-incidents__muted">
                  {text.askedBy(question.askedByName, formatDate(question.askedAt, 'dateTime'))}
                </p>
                {question.answer !== null ? (
                  <div className="vui-incidents__answer">
                    <p className="vui-incidents__prose">{question.answer}</p>
                    <p className="vui-incidents__muted">
                      {text.askedBy(
                        question.answeredByName ?? '',
                        formatDate(question.answeredAt, 'dateTime'),
                      )}
                    </p>
                  </div>
                ) : may(user, 'reportIncident') ? (
                  <TextForm
                    label={text.answerLabel}
                    max={INCIDENT_QUESTION_MAX}
                    requiredMessage={INCIDENT_MESSAGES.INCIDENT_ANSWER_REQUIRED}
                    submitLabel={text.answer}
                    onSend={async (answer) => {
                      saved(await answerIncidentQuestion(question.id, answer));
                      toast.success(text.answered);
                    }}
                  />
                ) : (
                  <p className="vui-incidents__muted">{text.waitingAnswer}</p>
                )}
              </li>
            ))}
          </ol>
        )}
        {canAsk ? (
          <TextForm
            label={text.askLabel}
            max={INCIDENT_QUESTION_MAX}
            requiredMessage={INCIDENT_MESSAGES.INCIDENT_QUESTION_REQUIRED}
            submitLabel={text.ask}
            onSend={async (question) => {
              saved(await askIncidentQuestion(data.id, question));
              toast.success(text.asked);
            }}
          />
        ) : null}
      </PanelSection>
      <PanelSection title={text.correctiveActions}>
        {data.correctiveActions.length === 0 ? (
          <p className="vui-incidents__muted">{text.noCorrectiveActions}</p>
        ) : (
          <ul className="vui-incidents__actions" aria-label={text.correctiveActions}>
            {data.correctiveActions.map((action) => (
              <li key={action.gapId} className="vui-incidents__action">
                <Link to={gapLink(action)} className="vui-incidents__wrap">
                  {action.gapName}
                </Link>
                <span className="vui-incidents__action-meta">
                  <StatusBadge status={action.status} />
                  {action.dueDate ? (
                    <span className="vui-incidents__muted">
                      {text.due} {formatDate(action.dueDate, 'table')}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
        {canAddAction && planSource ? (
          adding ? (
            <Suspense fallback={<LoadingState />}>
              <CorrectiveActionForm
                incident={data}
                source={planSource}
                onCancel={() => setAdding(false)}
                onAdded={(next) => {
                  saved(next);
                  setAdding(false);
                }}
              />
            </Suspense>
          ) : (
            <div className="vui-incidents__form-actions">
              <Button variant="secondary" onClick={() => setAdding(true)}>
                {text.addCorrectiveAction}
              </Button>
            </div>
          )
        ) : null}
      </PanelSection>
      {canClose ? (
        <ConfirmDialog
          open={closing}
          onOpenChange={setClosing}
          title={text.closeTitle}
          text={text.closeBody}
          confirmLabel={text.close}
          busy={close.isPending}
          onConfirm={() => close.mutate(data.revision)}
        />
      ) : null}
    </div>
  );
}
