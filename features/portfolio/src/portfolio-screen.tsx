// The portfolio (client and auditor areas): where the risk is and what is late, over every company
// the caller may see. Every figure is a link to the gap explorer with the filters that count it.
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  dueWaitingText,
  ACTION_PLAN_CATEGORY_LABELS,
  OVERDUE_AGE_LABELS,
  RISK_SEVERITY_LABELS,
  SDGS,
  isCategoryColumn,
  type Portfolio,
  type PortfolioGap,
} from '@verity/shared-api';
import { getPortfolio } from '@verity/shared-api/calls';
import { queryKeys } from '@verity/query';
import {
  DataTable,
  LoadingState,
  PageHeader,
  RiskBadge,
  SDG_COLORS,
  StatCard,
  formatTableDate,
  type DataTableColumn,
  type PageTrail,
} from '@verity/shared-ui';
import { ChartCard, dashboardErrorText } from '@verity/feature-dashboards';
import { explorerHref, figureFilters, type ExplorerFilters } from './portfolio-links';
import { PORTFOLIO_TEXTS as texts } from './portfolio-texts';
import '@verity/shared-ui/src/styles/screen.css';
import '@verity/feature-dashboards/src/dashboard.css';
import './portfolio.css';

export interface PortfolioScreenProps {
  /** The gap explorer's path in this area, e.g. '/client/portfolio/gaps'. */
  explorerPath: string;
  /** Where a gap opens in this area: its plan with the gap's panel open. */
  gapHref: (gap: PortfolioGap) => string;
  trail?: PageTrail;
}

/** A requirement column's heading: the reference as written, a category by its label. */
export const requirementLabel = (requirement: string) =>
  isCategoryColumn(requirement) ? ACTION_PLAN_CATEGORY_LABELS[requirement] : requirement;

export function usePortfolio() {
  return useQuery({ queryKey: queryKeys.portfolio(), queryFn: () => getPortfolio() });
}

export function PortfolioScreen({ explorerPath, gapHref, trail }: PortfolioScreenProps) {
  const portfolio = usePortfolio();
  return (
    <div className="vui-dashboard">
      <PageHeader title={texts.title} trail={trail} />
      {portfolio.isPending ? <LoadingState /> : null}
      {portfolio.isError ? (
        <p className="vui-screen-alert" role="alert">
          {dashboardErrorText(portfolio.error)}
        </p>
      ) : null}
      {portfolio.isSuccess ? (
        <PortfolioFigures
          portfolio={portfolio.data}
          to={(filters) => explorerHref(explorerPath, filters)}
          gapHref={gapHref}
        />
      ) : null}
    </div>
  );
}

type To = (filters: ExplorerFilters) => string;

function PortfolioFigures({
  portfolio,
  to,
  gapHref,
}: {
  portfolio: Portfolio;
  to: To;
  gapHref: (gap: PortfolioGap) => string;
}) {
  const open = portfolio.companies.reduce((sum, company) => sum + company.open, 0);
  const overdue = portfolio.companies.reduce((sum, company) => sum + company.overdue, 0);
  return (
    <>
      <div className="vui-dashboard__cards">
        <StatCard
          label={texts.openGaps}
          value={<FigureLink label={texts.openGaps} value={open} to={to(figureFilters.open())} />}
          accent="blue"
          hint={texts.openGapsHint}
        />
        <StatCard
          label={texts.overdueGaps}
          value={
            <FigureLink
              label={texts.overdueGaps}
              value={overdue}
              to={to(figureFilters.overdue())}
            />
          }
          accent="red"
        />
        <StatCard
          label={texts.conditionsPrecedent}
          value={
            <FigureLink
              label={texts.conditionsPrecedent}
              value={portfolio.conditionsPrecedent.open}
              to={to(figureFilters.precedent())}
            />
          }
          accent="yellow"
        />
      </div>
      <RequirementMatrix portfolio={portfolio} to={to} />
      <div className="vui-dashboard__charts">
        <ChartCard title={texts.sdgs}>
          <Bars
            label={texts.sdgs}
            bars={portfolio.sdgs.map(({ sdg, open: count }) => {
              const goal = SDGS.find((item) => item.code === sdg)!;
              return {
                key: sdg,
                label: `${goal.number}. ${goal.title}`,
                value: count,
                color: SDG_COLORS[goal.number],
                href: to(figureFilters.sdg(sdg)),
              };
            })}
          />
        </ChartCard>
        <ChartCard title={texts.ageing}>
          <Bars
            label={texts.ageing}
            bars={portfolio.overdueAgeing.map(({ age, gaps }) => ({
              key: age,
              label: OVERDUE_AGE_LABELS[age],
              value: gaps,
              color: 'var(--vui-color-danger)',
              href: to(figureFilters.age(age)),
            }))}
          />
        </ChartCard>
      </div>
      <ClosureTable portfolio={portfolio} to={to} />
      <ChartCard
        title={texts.mostOverdue}
        actions={
          portfolio.mostOverdueHighRisk.length > 0 ? (
            <Link to={to(figureFilters.mostOverdue())}>{texts.gapExplorerLink}</Link>
          ) : null
        }
      >
        <GapList
          caption={texts.mostOverdue}
          gaps={portfolio.mostOverdueHighRisk}
          gapHref={gapHref}
          emptyText={texts.mostOverdueEmpty}
        />
      </ChartCard>
      <ChartCard
        title={texts.conditionsPrecedent}
        actions={
          portfolio.conditionsPrecedent.open > 0 ? (
            <Link to={to(figureFilters.precedent())}>
              {texts.showAll(portfolio.conditionsPrecedent.open)}
            </Link>
          ) : null
        }
      >
        <GapList
          caption={texts.conditionsPrecedent}
          gaps={portfolio.conditionsPrecedent.gaps}
          gapHref={gapHref}
          emptyText={texts.precedentEmpty}
        />
      </ChartCard>
    </>
  );
}

/** A headline figure as a link to the gaps it counts, named by what it counts. */
function FigureLink({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <Link className="vui-portfolio__figure" to={to} aria-label={`${label}: ${value}`}>
      {value}
    </Link>
  );
}

function RequirementMatrix({ portfolio, to }: { portfolio: Portfolio; to: To }) {
  const cells = new Map(
    portfolio.matrix.map((cell) => [`${cell.targetCompanyId}|${cell.requirement}`, cell]),
  );
  const companies = portfolio.companies.filter((company) => company.open > 0);
  return (
    <ChartCard title={texts.matrix}>
      {companies.length === 0 ? (
        <p className="vui-portfolio__empty">{texts.matrixEmpty}</p>
      ) : (
        <div className="vui-table-wrap vui-portfolio__matrix">
          <table className="vui-table">
            <caption className="vui-sr-only">{texts.matrixCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{texts.company}</th>
                {portfolio.requirements.map((requirement) => (
                  <th key={requirement} scope="col" data-align="center">
                    {requirementLabel(requirement)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {companies.map((company) => (
                <tr key={company.targetCompanyId}>
                  <th scope="row">
                    <Link to={to(figureFilters.open(company.targetCompanyId))}>
                      {company.targetCompanyName}
                    </Link>
                  </th>
                  {portfolio.requirements.map((requirement) => {
                    const cell = cells.get(`${company.targetCompanyId}|${requirement}`);
                    if (!cell) return <td key={requirement} data-align="center" />;
                    const place = `${company.targetCompanyName}, ${requirementLabel(requirement)}`;
                    return (
                      <td
                        key={requirement}
                        data-align="center"
                        data-risk={cell.worstRisk}
                        className="vui-portfolio__cell"
                        title={texts.worstRisk(RISK_SEVERITY_LABELS[cell.worstRisk])}
                      >
                        <Link
                          to={to(figureFilters.cell(company.targetCompanyId, requirement))}
                          aria-label={`${place}: ${cell.open} open, ${texts.worstRisk(RISK_SEVERITY_LABELS[cell.worstRisk])}`}
                        >
                          {cell.open}
                        </Link>
                        {cell.overdue > 0 ? (
                          <Link
                            className="vui-portfolio__overdue"
                            to={to(figureFilters.cell(company.targetCompanyId, requirement, true))}
                            aria-label={`${place}: ${texts.overdueOf(cell.overdue)}`}
                          >
                            ({cell.overdue})
                          </Link>
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ChartCard>
  );
}

interface Bar {
  key: string;
  label: string;
  value: number;
  color: string;
  href: string;
}

/** Horizontal bars, each a link with its count; the longest bar is the largest count. */
function Bars({ label, bars }: { label: string; bars: readonly Bar[] }) {
  const largest = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <ul className="vui-portfolio__bars" aria-label={label}>
      {bars.map((bar) => (
        <li key={bar.key} className="vui-portfolio__bar">
          <span className="vui-portfolio__bar-label">{bar.label}</span>
          <span className="vui-portfolio__bar-track" aria-hidden="true">
            <span
              className="vui-portfolio__bar-fill"
              style={{ width: `${(bar.value / largest) * 100}%`, background: bar.color }}
            />
          </span>
          <Link
            className="vui-portfolio__bar-value"
            to={bar.href}
            aria-label={`${bar.label}: ${bar.value}`}
          >
            {bar.value}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ClosureTable({ portfolio, to }: { portfolio: Portfolio; to: To }) {
  const { quarters, companies } = portfolio.closureOnTime;
  const names = new Map(
    portfolio.companies.map((company) => [company.targetCompanyId, company.targetCompanyName]),
  );
  const rows = [
    { id: undefined, name: texts.overall, quarters },
    ...companies
      .map((company) => ({
        id: company.targetCompanyId,
        name: names.get(company.targetCompanyId) ?? company.targetCompanyId,
        quarters: company.quarters,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  ];
  return (
    <ChartCard title={texts.closure}>
      <div className="vui-table-wrap">
        <table className="vui-table vui-portfolio__closure">
          <caption className="vui-sr-only">{texts.closureCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.company}</th>
              {quarters.map(({ quarter }) => (
                <th key={quarter} scope="col" data-align="center">
                  {quarter.replace('-', ' ')}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id ?? 'all'}>
                <th scope="row">{row.name}</th>
                {row.quarters.map(({ quarter, due, onTime }) => (
                  <td key={quarter} data-align="center">
                    {due === 0 ? (
                      <span aria-label={`${row.name}, ${quarter}: none due`}>{texts.noneDue}</span>
                    ) : (
                      <>
                        <span className="vui-portfolio__share">
                          {Math.round((onTime / due) * 100)}%
                        </span>
                        <span className="vui-portfolio__of">
                          <Link
                            to={to(figureFilters.quarter(quarter, true, row.id))}
                            aria-label={`${row.name}, ${quarter}: ${onTime} closed on time`}
                          >
                            {onTime}
                          </Link>{' '}
                          of{' '}
                          <Link
                            to={to(figureFilters.quarter(quarter, false, row.id))}
                            aria-label={`${row.name}, ${quarter}: ${due} due`}
                          >
                            {due}
                          </Link>
                        </span>
                      </>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ChartCard>
  );
}

/** A short list of gaps: each opens in its plan. */
export function GapList({
  caption,
  gaps,
  gapHref,
  emptyText,
}: {
  caption: string;
  gaps: readonly PortfolioGap[];
  gapHref: (gap: PortfolioGap) => string;
  emptyText: string;
}) {
  // Without gaps, a sentence: an empty table's headings alone can be wider than a phone.
  if (gaps.length === 0) return <p className="vui-portfolio__empty">{emptyText}</p>;
  return (
    <DataTable
      caption={caption}
      rows={gaps}
      getRowKey={(gap) => gap.id}
      rowLink={(gap) => ({ to: gapHref(gap) })}
      columns={GAP_LIST_COLUMNS}
    />
  );
}

const GAP_LIST_COLUMNS: readonly DataTableColumn<PortfolioGap>[] = [
  { key: 'gap', header: texts.gap, cell: (gap) => gap.gapName },
  { key: 'company', header: texts.company, cell: (gap) => gap.targetCompanyName },
  { key: 'risk', header: texts.risk, cell: (gap) => <RiskBadge risk={gap.riskSeverity} /> },
  {
    key: 'due',
    header: texts.dueDate,
    cell: (gap) => dueWaitingText(gap) ?? (gap.dueDate ? formatTableDate(gap.dueDate) : ''),
  },
  {
    key: 'days',
    header: texts.daysOverdue,
    align: 'right',
    cell: (gap) => gap.daysOverdue ?? '',
  },
];
