import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLanguage } from '@verity/session';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import {
  checkReportRule,
  MONITORING_REPORT_TEXT as text,
  REPORT_FREQUENCIES,
  REPORT_FREQUENCY_LABELS,
  REPORT_TOAST_TEXT,
  REPORT_STATUS_LABELS,
  type ReportFrequency,
  type ReportSummary,
} from '@verity/shared-api';
import {
  getCompanyReports,
  getErrorText,
  startMonitoringReport,
  updateReportRule,
} from '@verity/shared-api/calls';
import {
  Button,
  DataTable,
  LoadingState,
  PageHeader,
  SelectField,
  TextField,
  formatDate,
  toast,
  type DataTableColumn,
  type PageTrail,
} from '@verity/shared-ui';
import '@verity/shared-ui/src/styles/screen.css';
import { ReportStateBadge } from './report-state-badge';
import './monitoring-reports.css';

export interface MonitoringReportsScreenProps {
  targetCompanyId: string;
  /** The page of one report in the caller's area. */
  reportPath: (reportId: string) => string;
  trail?: PageTrail;
}

const periodText = (period: { start: string; end: string }) =>
  `${formatDate(period.start, 'table')} – ${formatDate(period.end, 'table')}`;

/** The client's reporting rule: shown to everyone, a form for those who may set it. */
function RuleSection({
  targetCompanyId,
  rule,
  canManage,
}: {
  targetCompanyId: string;
  rule: { frequency: ReportFrequency; yearEnd: string; dueDays: number; isDefault: boolean };
  canManage: boolean;
}) {
  useLanguage();
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ ...rule, dueDays: String(rule.dueDays) });
  const [problem, setProblem] = useState<string>();
  useEffect(() => setValues({ ...rule, dueDays: String(rule.dueDays) }), [rule]);
  const save = useMutation({
    mutationFn: () =>
      updateReportRule(targetCompanyId, {
        frequency: values.frequency,
        yearEnd: values.yearEnd,
        dueDays: Number(values.dueDays),
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.monitoringReports() });
      toast.success(REPORT_TOAST_TEXT.ruleSaved);
    },
    onError: (error) => setProblem(getErrorText(error)),
  });
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = checkReportRule({ ...values, dueDays: Number(values.dueDays) });
    setProblem(checked.ok ? undefined : checked.message);
    if (checked.ok) save.mutate();
  }
  const summary = text.ruleText(
    REPORT_FREQUENCY_LABELS[rule.frequency],
    rule.yearEnd,
    rule.dueDays,
  );
  return (
    <section className="vui-reports__panel" aria-labelledby={`${id}-rule`}>
      <h2 id={`${id}-rule`} className="vui-reports__heading">
        {text.rule}
      </h2>
      <p className="vui-reports__muted">
        {summary} {rule.isDefault ? text.defaultRule : null}
      </p>
      {canManage ? (
        <form className="vui-reports__rule-form" noValidate onSubmit={onSubmit}>
          <SelectField
            id={`${id}-frequency`}
            label={text.frequency}
            value={values.frequency}
            options={REPORT_FREQUENCIES.map((value) => ({
              value,
              label: REPORT_FREQUENCY_LABELS[value],
            }))}
            onChange={(event) =>
              setValues({ ...values, frequency: event.target.value as ReportFrequency })
            }
          />
          <TextField
            id={`${id}-year-end`}
            label={text.yearEnd}
            value={values.yearEnd}
            onChange={(event) => setValues({ ...values, yearEnd: event.target.value })}
          />
          <TextField
            id={`${id}-due-days`}
            label={text.dueDays}
            inputMode="numeric"
            value={values.dueDays}
            onChange={(event) => setValues({ ...values, dueDays: event.target.value })}
          />
          <Button type="submit" loading={save.isPending}>
            {text.saveRule}
          </Button>
          {problem ? (
            <p className="vui-field__error" role="alert">
              {problem}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}

/**
 * A company's annual monitoring reports (docs/decisions/0094-annual-monitoring-reports.md): the
 * reporting rule, each report with its state, and the ended periods the company may start.
 */
export function MonitoringReportsScreen({
  targetCompanyId,
  reportPath,
  trail,
}: MonitoringReportsScreenProps) {
  useLanguage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const reports = useQuery({
    queryKey: queryKeys.monitoringReports(targetCompanyId),
    queryFn: () => getCompanyReports(targetCompanyId),
  });
  const start = useMutation({
    mutationFn: (periodEnd: string) => startMonitoringReport(targetCompanyId, periodEnd),
    onSuccess: (report) => {
      queryClient.setQueryData(queryKeys.monitoringReport(report.id), report);
      void queryClient.invalidateQueries({ queryKey: queryKeys.monitoringReports() });
      void navigate(reportPath(report.id));
    },
    onError: (error) => toast.error(getErrorText(error)),
  });

  const columns: DataTableColumn<ReportSummary>[] = [
    {
      key: 'period',
      header: text.period,
      cell: (report) => <Link to={reportPath(report.id)}>{periodText(report.period)}</Link>,
    },
    {
      key: 'due',
      header: text.dueOn,
      cell: (report) => formatDate(report.period.dueOn, 'table'),
    },
    {
      key: 'status',
      header: text.status,
      cell: (report) => (
        <span className="vui-reports__status">
          <ReportStateBadge state={report.state} />
          <span className="vui-reports__muted">{REPORT_STATUS_LABELS[report.status]}</span>
        </span>
      ),
    },
    { key: 'versions', header: text.versions, cell: (report) => String(report.versions) },
  ];

  return (
    <div className="vui-reports">
      <PageHeader title={text.title} description={text.intro} trail={trail} />
      {reports.isPending ? <LoadingState /> : null}
      {reports.isError ? (
        <p className="vui-screen-alert" role="alert">
          {getErrorText(reports.error)}
        </p>
      ) : null}
      {reports.isSuccess ? (
        <>
          <RuleSection
            targetCompanyId={targetCompanyId}
            rule={reports.data.rule}
            canManage={reports.data.canManageRule}
          />
          {reports.data.canPrepare && reports.data.openPeriods.length > 0 ? (
            <section className="vui-reports__panel" aria-label={text.toStart}>
              <h2 className="vui-reports__heading">{text.toStart}</h2>
              <ul className="vui-reports__periods">
                {reports.data.openPeriods.map((period) => (
                  <li key={period.end} className="vui-reports__period">
                    <span>
                      {periodText(period)}
                      <span className="vui-reports__muted">
                        {' '}
                        · {text.dueOn} {formatDate(period.dueOn, 'table')}
                      </span>
                    </span>
                    <Button
                      size="sm"
                      loading={start.isPending && start.variables === period.end}
                      aria-label={`${text.start} ${periodText(period)}`}
                      onClick={() => start.mutate(period.end)}
                    >
                      {text.start}
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <DataTable
            caption={text.reports}
            columns={columns}
            rows={reports.data.reports}
            getRowKey={(report) => report.id}
            emptyText={text.noReports}
          />
        </>
      ) : null}
    </div>
  );
}
