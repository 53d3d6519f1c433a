import { Link } from 'react-router-dom';
import { useLanguage } from '@verity/session';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import { MONITORING_REPORT_TEXT as text, type ReportPortfolioRow } from '@verity/shared-api';
import { getErrorText, getReportPortfolio } from '@verity/shared-api/calls';
import { DataTable, LoadingState, formatDate, type DataTableColumn } from '@verity/shared-ui';
import { ReportStateBadge } from './report-state-badge';
import './monitoring-reports.css';

/**
 * The portfolio's monitoring report card: each company's report of its latest ended period, due,
 * late, under review or accepted; a row opens the company's reports.
 */
export function ReportPortfolioCard({
  companyReportsPath,
}: {
  companyReportsPath: (row: ReportPortfolioRow) => string;
}) {
  useLanguage();
  const rows = useQuery({
    queryKey: queryKeys.reportPortfolio(),
    queryFn: () => getReportPortfolio(),
  });
  const columns: DataTableColumn<ReportPortfolioRow>[] = [
    {
      key: 'company',
      header: text.company,
      cell: (row) => <Link to={companyReportsPath(row)}>{row.targetCompanyName}</Link>,
    },
    {
      key: 'period',
      header: text.period,
      cell: (row) => formatDate(row.period.end, 'table'),
    },
    { key: 'due', header: text.dueOn, cell: (row) => formatDate(row.period.dueOn, 'table') },
    { key: 'state', header: text.status, cell: (row) => <ReportStateBadge state={row.state} /> },
  ];
  return (
    <section className="vui-reports__panel vui-reports-portfolio" aria-label={text.portfolioTitle}>
      <h2 className="vui-reports__heading">{text.portfolioTitle}</h2>
      {rows.isPending ? <LoadingState /> : null}
      {rows.isError ? (
        <p className="vui-screen-alert" role="alert">
          {getErrorText(rows.error)}
        </p>
      ) : null}
      {rows.isSuccess ? (
        <DataTable
          caption={text.portfolioTitle}
          columns={columns}
          rows={rows.data}
          getRowKey={(row) => row.targetCompanyId}
          emptyText={text.noCompanies}
        />
      ) : null}
    </section>
  );
}
