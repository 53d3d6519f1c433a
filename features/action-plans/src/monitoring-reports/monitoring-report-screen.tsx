import { useEffect, useId, useState } from 'react';
import { useLanguage } from '@verity/session';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import {
  MONITORING_REPORT_TEXT as text,
  REPORT_SECTIONS,
  REPORT_SECTION_LABELS,
  REPORT_STATUS_LABELS,
  checkReportReview,
  type MonitoringReport,
  type ReportDecision,
  type ReportFigures,
  type ReportSections,
  REPORT_TOAST_TEXT,
} from '@verity/shared-api';
import {
  downloadMonitoringReportPdf,
  getErrorText,
  getMonitoringReport,
  reviewMonitoringReport,
  saveMonitoringReport,
  saveBlob,
  submitMonitoringReport,
} from '@verity/shared-api/calls';
import {
  Button,
  LoadingState,
  NotFoundState,
  PageHeader,
  TextAreaField,
  formatDate,
  isNotFound,
  toast,
  type PageTrail,
} from '@verity/shared-ui';
import '@verity/shared-ui/src/styles/screen.css';
import { RegisterFigures } from './register-figures';
import { ReportStateBadge } from './report-state-badge';
import { t } from '../texts';
import './monitoring-reports.css';

export interface MonitoringReportScreenProps {
  reportId: string;
  trail?: PageTrail;
}

function FiguresPanel({ figures, live }: { figures: ReportFigures; live: boolean }) {
  useLanguage();
  const rows: [string, string][] = [
    [text.items, String(figures.totalItems)],
    [text.openItems, String(figures.openItems)],
    [text.overdueItems, String(figures.overdueItems)],
    [text.closedItems, String(figures.closedItems)],
    [text.completion, t('plans.common.percent', { value: figures.completionPercentage })],
    [text.closures, String(figures.closuresInPeriod)],
    [text.evidence, String(figures.evidenceInPeriod)],
  ];
  return (
    <section className="vui-reports__panel" aria-label={text.figures}>
      <h2 className="vui-reports__heading">{text.figures}</h2>
      <p className="vui-reports__muted">
        {live ? text.figuresLive : `${text.figuresFrozen} ${formatDate(figures.asOf, 'dateTime')}`}
      </p>
      <dl className="vui-reports__figures">
        {rows.map(([label, value]) => (
          <div key={label} className="vui-reports__figure">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The review trail: each submission and each answer, newest last. */
function Trail({ report }: { report: MonitoringReport }) {
  useLanguage();
  const entries = report.history.flatMap((version) => {
    const review = report.reviews.find((candidate) => candidate.version === version.version);
    return [
      {
        key: `v${version.version}`,
        at: version.submittedAt,
        who: version.submittedByName,
        what: text.submittedVersion(version.version),
        comment: null as string | null,
        sectionComments: [] as string[],
      },
      ...(review
        ? [
            {
              key: `r${review.version}`,
              at: review.reviewedAt,
              who: review.reviewedByName,
              what:
                review.decision === 'accept'
                  ? text.acceptedVersion(review.version)
                  : text.changesOnVersion(review.version),
              comment: review.comment,
              sectionComments: REPORT_SECTIONS.filter((key) => review.sectionComments[key]).map(
                (key) =>
                  t('plans.common.labelValue', {
                    label: REPORT_SECTION_LABELS[key],
                    value: review.sectionComments[key],
                  }),
              ),
            },
          ]
        : []),
    ];
  });
  if (entries.length === 0) return null;
  return (
    <section className="vui-reports__panel" aria-label={text.trail}>
      <h2 className="vui-reports__heading">{text.trail}</h2>
      <ol className="vui-reports__trail">
        {entries.map((entry) => (
          <li key={entry.key}>
            <span className="vui-reports__muted">
              {formatDate(entry.at, 'dateTime')} · {entry.who}
            </span>
            <span>{entry.what}</span>
            {entry.comment ? <q>{entry.comment}</q> : null}
            {entry.sectionComments.map((line) => (
              <span key={line} className="vui-reports__muted">
                {line}
              </span>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * One annual monitoring report (docs/decisions/0094-annual-monitoring-reports.md): the company edits
 * the narrative sections and submits; the client comments per section and requests changes or
 * accepts; everyone sees the ESAP figures, the client's last comments and the review trail.
 */
export function MonitoringReportScreen({ reportId, trail }: MonitoringReportScreenProps) {
  useLanguage();
  const id = useId();
  const queryClient = useQueryClient();
  const report = useQuery({
    queryKey: queryKeys.monitoringReport(reportId),
    queryFn: () => getMonitoringReport(reportId),
  });
  const [sections, setSections] = useState<ReportSections>({});
  const [comments, setComments] = useState<ReportSections>({});
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string>();
  // The boxes start from the report as read, and again only when it changed (a new revision): a
  // read again of the same revision (focus, a live update) never wipes what is being typed.
  const loaded = report.data;
  useEffect(() => {
    if (!loaded) return;
    setSections(loaded.sections);
    setComments({});
    setComment('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded?.id, loaded?.revision]);

  const settle = (next: MonitoringReport, message: string) => {
    queryClient.setQueryData(queryKeys.monitoringReport(reportId), next);
    void queryClient.invalidateQueries({ queryKey: queryKeys.monitoringReports() });
    setProblem(undefined);
    toast.success(message);
  };
  const onError = (error: unknown) => setProblem(getErrorText(error));
  const save = useMutation({
    mutationFn: () => saveMonitoringReport(reportId, { revision: report.data!.revision, sections }),
    onSuccess: (next) => settle(next, REPORT_TOAST_TEXT.saved),
    onError,
  });
  const submit = useMutation({
    mutationFn: async () => {
      const saved = await saveMonitoringReport(reportId, {
        revision: report.data!.revision,
        sections,
      });
      return submitMonitoringReport(reportId, saved.revision);
    },
    onSuccess: (next) => settle(next, REPORT_TOAST_TEXT.submitted),
    onError,
  });
  const review = useMutation({
    mutationFn: (decision: ReportDecision) =>
      reviewMonitoringReport(reportId, {
        revision: report.data!.revision,
        decision,
        comment,
        sectionComments: comments,
      }),
    onSuccess: (next, decision) =>
      settle(
        next,
        decision === 'accept' ? REPORT_TOAST_TEXT.accepted : REPORT_TOAST_TEXT.changesRequested,
      ),
    onError,
  });
  function answer(decision: ReportDecision) {
    const checked = checkReportReview({ decision, comment, sectionComments: comments });
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    review.mutate(decision);
  }
  const pdf = useMutation({
    mutationFn: () => downloadMonitoringReportPdf(reportId),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (error) => toast.error(getErrorText(error)),
  });

  if (report.isPending) return <LoadingState />;
  if (report.isError)
    return isNotFound(report.error) ? (
      <NotFoundState />
    ) : (
      <p className="vui-screen-alert" role="alert">
        {getErrorText(report.error)}
      </p>
    );
  const data = report.data;
  const busy = save.isPending || submit.isPending || review.isPending;
  // What the client said last, shown to the company beside each section while it makes the changes.
  const lastReview = data.reviews.at(-1);
  const shownComments = data.status === 'changesRequested' ? lastReview : undefined;
  const title = t('plans.common.labelValue', {
    label: text.title,
    value: `${formatDate(data.period.start, 'table')} – ${formatDate(data.period.end, 'table')}`,
  });

  return (
    <div className="vui-reports">
      <PageHeader
        title={title}
        trail={trail}
        description={
          <span className="vui-reports__status">
            <ReportStateBadge state={data.state} />
            {data.status === 'accepted' ? null : <span>{REPORT_STATUS_LABELS[data.status]}</span>}
            <span className="vui-reports__muted">
              {text.dueOn} {formatDate(data.period.dueOn, 'table')}
            </span>
          </span>
        }
        actions={
          data.status === 'accepted' ? (
            <Button variant="secondary" loading={pdf.isPending} onClick={() => pdf.mutate()}>
              {text.downloadPdf}
            </Button>
          ) : null
        }
      />
      <div className="vui-reports__layout">
        <div className="vui-reports__main">
          {shownComments?.comment ? (
            <p className="vui-reports__client-comment" role="note">
              <strong>{text.clientComment}:</strong> {shownComments.comment}
            </p>
          ) : null}
          <section className="vui-reports__panel" aria-label={text.sections}>
            <h2 className="vui-reports__heading">{text.sections}</h2>
            {REPORT_SECTIONS.map((key) => {
              const label = REPORT_SECTION_LABELS[key];
              const sectionComment = shownComments?.sectionComments[key];
              return (
                <div key={key} className="vui-reports__section">
                  {data.canEdit ? (
                    <TextAreaField
                      id={`${id}-${key}`}
                      label={label}
                      rows={4}
                      value={sections[key] ?? ''}
                      onChange={(event) => setSections({ ...sections, [key]: event.target.value })}
                    />
                  ) : (
                    <>
                      <h3 className="vui-reports__section-title">{label}</h3>
                      <p className="vui-reports__text">
                        {data.sections[key]?.trim() ? data.sections[key] : text.nothingWritten}
                      </p>
                    </>
                  )}
                  <RegisterFigures section={key} figures={data.figures} />
                  {sectionComment ? (
                    <p className="vui-reports__client-comment">
                      <strong>{text.clientComment}:</strong> {sectionComment}
                    </p>
                  ) : null}
                  {data.canReview ? (
                    <TextAreaField
                      id={`${id}-comment-${key}`}
                      label={text.sectionComment(label)}
                      rows={2}
                      value={comments[key] ?? ''}
                      onChange={(event) => setComments({ ...comments, [key]: event.target.value })}
                    />
                  ) : null}
                </div>
              );
            })}
          </section>
          {problem ? (
            <p className="vui-field__error" role="alert">
              {problem}
            </p>
          ) : null}
          {data.canEdit ? (
            <div className="vui-reports__actions">
              <Button variant="secondary" disabled={busy} onClick={() => save.mutate()}>
                {text.save}
              </Button>
              <Button loading={submit.isPending} disabled={busy} onClick={() => submit.mutate()}>
                {data.versions > 0 ? text.resubmit : text.submit}
              </Button>
            </div>
          ) : null}
          {data.canReview ? (
            <div className="vui-reports__review">
              <TextAreaField
                id={`${id}-review-comment`}
                label={text.reviewComment}
                rows={3}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
              />
              <div className="vui-reports__actions">
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => answer('requestChanges')}
                >
                  {text.requestChanges}
                </Button>
                <Button disabled={busy} onClick={() => answer('accept')}>
                  {text.accept}
                </Button>
              </div>
            </div>
          ) : null}
        </div>
        <div className="vui-reports__side">
          <FiguresPanel
            figures={data.figures}
            live={data.status === 'draft' || data.status === 'changesRequested'}
          />
          <Trail report={data} />
        </div>
      </div>
    </div>
  );
}
