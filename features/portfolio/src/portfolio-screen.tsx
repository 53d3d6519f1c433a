// The portfolio (client and auditor areas): where the risk is and what is late, over every company
// the caller may see. Every figure is a link to the gap explorer with the filters that count it.
import { Fragment, type ReactNode } from 'react';
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
import { useLanguage } from '@verity/session';
import { t } from './texts';
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
  useLanguage();
  const portfolio = usePortfolio();
  return (
    <div className="vui-dashboard">
      <PageHeader title={t('portfolio.page.title')} trail={trail} />
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
  useLanguage();
  const open = portfolio.companies.reduce((sum, company) => sum + company.open, 0);
  const overdue = portfolio.companies.reduce((sum, company) => sum + company.overdue, 0);
  return (
    <>
      <div className="vui-dashboard__cards">
        <StatCard
          label={t('portfolio.figures.openGaps')}
          value={
            <FigureLink
              label={t('portfolio.figures.openGaps')}
              value={open}
              to={to(figureFilters.open())}
            />
          }
          accent="blue"
          hint={t('portfolio.figures.openGapsHint')}
        />
        <StatCard
          label={t('portfolio.figures.overdueGaps')}
          value={
            <FigureLink
              label={t('portfolio.figures.overdueGaps')}
              value={overdue}
              to={to(figureFilters.overdue())}
            />
          }
          accent="red"
        />
        <StatCard
          label={t('portfolio.figures.conditionsPrecedent')}
          value={
            <FigureLink
              label={t('portfolio.figures.conditionsPrecedent')}
              value={portfolio.conditionsPrecedent.open}
              to={to(figureFilters.precedent())}
            />
          }
          accent="yellow"
        />
      </div>
      <RequirementMatrix portfolio={portfolio} to={to} />
      <div className="vui-dashboard__charts">
        <ChartCard title={t('portfolio.sdgs.title')}>
          <Bars
            label={t('portfolio.sdgs.title')}
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
        <ChartCard title={t('portfolio.ageing.title')}>
          <Bars
            label={t('portfolio.ageing.title')}
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
        title={t('portfolio.mostOverdue.title')}
        actions={
          portfolio.mostOverdueHighRisk.length > 0 ? (
            <Link to={to(figureFilters.mostOverdue())}>
              {t('portfolio.mostOverdue.explorerLink')}
            </Link>
          ) : null
        }
      >
        <GapList
          caption={t('portfolio.mostOverdue.title')}
          gaps={portfolio.mostOverdueHighRisk}
          gapHref={gapHref}
          emptyText={t('portfolio.mostOverdue.empty')}
        />
      </ChartCard>
      <ChartCard
        title={t('portfolio.figures.conditionsPrecedent')}
        actions={
          portfolio.conditionsPrecedent.open > 0 ? (
            <Link to={to(figureFilters.precedent())}>
              {t('portfolio.precedent.showAll', { count: portfolio.conditionsPrecedent.open })}
            </Link>
          ) : null
        }
      >
        <GapList
          caption={t('portfolio.figures.conditionsPrecedent')}
          gaps={portfolio.conditionsPrecedent.gaps}
          gapHref={gapHref}
          emptyText={t('portfolio.precedent.empty')}
        />
      </ChartCard>
    </>
  );
}

/** A headline figure as a link to the gaps it counts, named by what it counts. */
function FigureLink({ label, value, to }: { label: string; value: number; to: string }) {
  useLanguage();
  return (
    <Link
      className="vui-portfolio__figure"
      to={to}
      aria-label={t('portfolio.figures.link', { label, value })}
    >
      {value}
    </Link>
  );
}

function RequirementMatrix({ portfolio, to }: { portfolio: Portfolio; to: To }) {
  useLanguage();
  const cells = new Map(
    portfolio.matrix.map((cell) => [`${cell.targetCompanyId}|${cell.requirement}`, cell]),
  );
  const companies = portfolio.companies.filter((company) => company.open > 0);
  return (
    <ChartCard title={t('portfolio.matrix.title')}>
      {companies.length === 0 ? (
        <p className="vui-portfolio__empty">{t('portfolio.matrix.empty')}</p>
      ) : (
        <div className="vui-table-wrap vui-portfolio__matrix">
          <table className="vui-table">
            <caption className="vui-sr-only">{t('portfolio.matrix.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('portfolio.column.company')}</th>
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
                    const place = {
                      company: company.targetCompanyName,
                      requirement: requirementLabel(requirement),
                    };
                    const risk = RISK_SEVERITY_LABELS[cell.worstRisk];
                    return (
                      <td
                        key={requirement}
                        data-align="center"
                        data-risk={cell.worstRisk}
                        className="vui-portfolio__cell"
                        title={t('portfolio.matrix.worstRisk', { risk })}
                      >
                        <Link
                          to={to(figureFilters.cell(company.targetCompanyId, requirement))}
                          aria-label={t('portfolio.matrix.openCell', {
                            ...place,
                            open: cell.open,
                            risk,
                          })}
                        >
                          {cell.open}
                        </Link>
                        {cell.overdue > 0 ? (
                          <Link
                            className="vui-portfolio__overdue"
                            to={to(figureFilters.cell(company.targetCompanyId, requirement, true))}
                            aria-label={t('portfolio.matrix.overdueCell', {
                              ...place,
                              overdue: cell.overdue,
                            })}
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
  useLanguage();
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
            aria-label={t('portfolio.figures.link', { label: bar.label, value: bar.value })}
          >
            {bar.value}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A quarter the API names '2025-Q1', as the language writes it ('2025 Q1', 'T1 2025'). */
const quarterLabel = (quarter: string) => {
  const [year = quarter, number = ''] = quarter.split('-Q');
  return t('portfolio.closure.quarter', { year, number });
};

function ClosureTable({ portfolio, to }: { portfolio: Portfolio; to: To }) {
  useLanguage();
  const { quarters, companies } = portfolio.closureOnTime;
  const names = new Map(
    portfolio.companies.map((company) => [company.targetCompanyId, company.targetCompanyName]),
  );
  const rows = [
    { id: undefined, name: t('portfolio.closure.overall'), quarters },
    ...companies
      .map((company) => ({
        id: company.targetCompanyId,
        name: names.get(company.targetCompanyId) ?? company.targetCompanyId,
        quarters: company.quarters,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  ];
  return (
    <ChartCard title={t('portfolio.closure.title')}>
      <div className="vui-table-wrap">
        <table className="vui-table vui-portfolio__closure">
          <caption className="vui-sr-only">{t('portfolio.closure.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('portfolio.column.company')}</th>
              {quarters.map(({ quarter }) => (
                <th key={quarter} scope="col" data-align="center">
                  {quarterLabel(quarter)}
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
                      <span
                        aria-label={t('portfolio.closure.noneDue', { company: row.name, quarter })}
                      >
                        –
                      </span>
                    ) : (
                      <>
                        <span className="vui-portfolio__share">
                          {Math.round((onTime / due) * 100)}%
                        </span>
                        <span className="vui-portfolio__of">
                          {withLinks('portfolio.closure.onTimeOfDue', {
                            onTime: (
                              <Link
                                to={to(figureFilters.quarter(quarter, true, row.id))}
                                aria-label={t('portfolio.closure.onTime', {
                                  company: row.name,
                                  quarter,
                                  onTime,
                                })}
                              >
                                {onTime}
                              </Link>
                            ),
                            due: (
                              <Link
                                to={to(figureFilters.quarter(quarter, false, row.id))}
                                aria-label={t('portfolio.closure.due', {
                                  company: row.name,
                                  quarter,
                                  due,
                                })}
                              >
                                {due}
                              </Link>
                            ),
                          })}
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

/** Where a message's values go, until the components are put there. */
const MARK = '\u0000';

/** A message whose values are components (links), each placed where the language puts it. */
function withLinks(
  id: 'portfolio.closure.onTimeOfDue',
  parts: Record<string, ReactNode>,
): ReactNode[] {
  const names = Object.keys(parts);
  const marked = Object.fromEntries(names.map((name, index) => [name, `${MARK}${index}${MARK}`]));
  return t(id, marked)
    .split(MARK)
    .map((piece, index) =>
      index % 2 === 1 ? <Fragment key={index}>{parts[names[Number(piece)]!]}</Fragment> : piece,
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
  useLanguage();
  // Without gaps, a sentence: an empty table's headings alone can be wider than a phone.
  if (gaps.length === 0) return <p className="vui-portfolio__empty">{emptyText}</p>;
  return (
    <DataTable
      caption={caption}
      rows={gaps}
      getRowKey={(gap) => gap.id}
      rowLink={(gap) => ({ to: gapHref(gap) })}
      columns={gapListColumns()}
    />
  );
}

/** The short list's columns, their headings read when shown. */
const gapListColumns = (): readonly DataTableColumn<PortfolioGap>[] => [
  { key: 'gap', header: t('portfolio.column.gap'), cell: (gap) => gap.gapName },
  { key: 'company', header: t('portfolio.column.company'), cell: (gap) => gap.targetCompanyName },
  {
    key: 'risk',
    header: t('portfolio.column.risk'),
    cell: (gap) => <RiskBadge risk={gap.riskSeverity} />,
  },
  {
    key: 'due',
    header: t('portfolio.column.dueDate'),
    cell: (gap) => dueWaitingText(gap) ?? (gap.dueDate ? formatTableDate(gap.dueDate) : ''),
  },
  {
    key: 'days',
    header: t('portfolio.column.daysOverdue'),
    align: 'right',
    cell: (gap) => gap.daysOverdue ?? '',
  },
];
