// The gap explorer: every gap of the portfolio that passes the filters, one sortable page at a time.
// The filters, the sort and the page live in the address, so a figure's link, Back and a shared
// address all show the same rows; 'Export CSV' saves exactly the filtered rows.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  MESSAGES,
  dueWaitingText,
  AUDIT_TYPES,
  AUDIT_TYPE_LABELS,
  CONDITION_TYPE_LABELS,
  OVERDUE_AGES,
  CONDITION_TYPES,
  OVERDUE_AGE_LABELS,
  PORTFOLIO_REQUIREMENT_ORDER,
  PORTFOLIO_STATUSES,
  RISK_SEVERITIES,
  RISK_SEVERITY_LABELS,
  SDGS,
  STATUS_LABELS,
  type PortfolioGap,
  type PortfolioGapQuery,
  type PortfolioSort,
} from '@verity/shared-api';
import { exportPortfolioCsv, getPortfolioGaps, saveBlob } from '@verity/shared-api/calls';
import { queryKeys } from '@verity/query';
import {
  Button,
  Card,
  DataTable,
  ItemNumber,
  ListPages,
  PageHeader,
  RiskBadge,
  SelectField,
  StatusBadge,
  DateField,
  formatTableDate,
  pageFromSearch,
  toast,
  type DataTableColumn,
  type PageTrail,
} from '@verity/shared-ui';
import { dashboardErrorText } from '@verity/feature-dashboards';
import { requirementLabel, usePortfolio } from './portfolio-screen';
import type { ExplorerFilters } from './portfolio-links';
import { useLanguage } from '@verity/session';
import { t } from './texts';
import '@verity/shared-ui/src/styles/screen.css';
import '@verity/feature-dashboards/src/dashboard.css';
import './portfolio.css';

export interface GapExplorerScreenProps {
  /** Where a gap opens in this area: its plan with the gap's panel open. */
  gapHref: (gap: PortfolioGap) => string;
  /** The portfolio page, the breadcrumb's first step. */
  portfolioPath: string;
  trail?: PageTrail;
}

const LIST_FIELDS = ['auditType', 'status', 'risk', 'closure'] as const;
const ONE_FIELDS = [
  'targetCompanyId',
  'auditorId',
  'requirement',
  'sdg',
  'overdueAge',
  'conditionType',
  'dueFrom',
  'dueTo',
  'sort',
  'order',
] as const;

/**
 * The explorer's query from the address, in the address's order: lists from repeated fields, the
 * rest one value each; fields the explorer does not know are left out.
 */
export function queryFromSearch(search: URLSearchParams): PortfolioGapQuery {
  const query: Record<string, unknown> = {};
  for (const field of new Set(search.keys())) {
    if ((LIST_FIELDS as readonly string[]).includes(field)) {
      const values = search.getAll(field).filter(Boolean);
      if (values.length > 0) query[field] = values;
    } else if ((ONE_FIELDS as readonly string[]).includes(field)) {
      const value = search.get(field);
      if (value) query[field] = value;
    }
  }
  const page = pageFromSearch(search.get('page'));
  if (page > 1) query.page = page;
  return query as PortfolioGapQuery;
}

const SORT_COLUMNS: Readonly<Partial<Record<string, PortfolioSort>>> = {
  gap: 'gapName',
  company: 'company',
  risk: 'risk',
  status: 'status',
  due: 'dueDate',
};

export function GapExplorerScreen({ gapHref, portfolioPath, trail }: GapExplorerScreenProps) {
  useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = queryFromSearch(searchParams);
  const gaps = useQuery({
    queryKey: queryKeys.portfolio({ ...query }),
    queryFn: () => getPortfolioGaps(query),
    placeholderData: keepPreviousData,
  });
  const [exporting, setExporting] = useState(false);

  /** Sets (or clears) filters; any change of filter or sort starts again at the first page. */
  const change = (changes: Record<string, string | readonly string[] | undefined>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          next.delete(name);
          for (const item of Array.isArray(value) ? value : [value])
            if (item) next.append(name, item as string);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { preventScrollReset: true },
    );

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await exportPortfolioCsv(query);
      saveBlob(blob, fileName);
      toast.success(t('portfolio.explorer.exported'));
    } catch {
      toast.error(MESSAGES.EXPORT_FAILED);
    } finally {
      setExporting(false);
    }
  };

  const sortBy = (sort: PortfolioSort) => {
    const current = query.sort ?? 'dueDate';
    const order = current === sort && (query.order ?? 'asc') === 'asc' ? 'desc' : 'asc';
    change({ sort, order });
  };

  return (
    <div className="vui-dashboard">
      <PageHeader
        title={t('portfolio.explorer.title')}
        trail={
          trail ?? {
            breadcrumbs: [{ label: t('portfolio.page.title'), to: portfolioPath }],
          }
        }
        actions={
          <Button onClick={() => void exportCsv()} disabled={exporting || !gaps.data?.total}>
            {t('portfolio.explorer.exportCsv')}
          </Button>
        }
      />
      <ExplorerFilterForm query={query} change={change} />
      <Card as="section" aria-label={t('portfolio.explorer.title')}>
        {gaps.isError ? (
          <p className="vui-screen-alert" role="alert">
            {dashboardErrorText(gaps.error)}
          </p>
        ) : null}
        {gaps.data ? (
          <p className="vui-portfolio__total" role="status">
            {t('portfolio.explorer.total', { total: gaps.data.total })}
          </p>
        ) : null}
        {gaps.isError && !gaps.data ? null : (
          <DataTable
            caption={t('portfolio.explorer.title')}
            rows={gaps.data?.gaps ?? []}
            getRowKey={(gap) => gap.id}
            rowLink={(gap) => ({ to: gapHref(gap) })}
            loading={gaps.isPending}
            busy={gaps.isPlaceholderData}
            emptyText={t('portfolio.explorer.empty')}
            columns={explorerColumns().map((column) => {
              const sort = SORT_COLUMNS[column.key];
              if (!sort) return column;
              const sorted =
                (query.sort ?? 'dueDate') === sort
                  ? query.order === 'desc'
                    ? ('descending' as const)
                    : ('ascending' as const)
                  : undefined;
              return {
                ...column,
                sorted,
                header: (
                  <button
                    type="button"
                    className="vui-portfolio__sort"
                    onClick={() => sortBy(sort)}
                    aria-label={t('portfolio.explorer.sortBy', { column: column.header })}
                  >
                    {column.header}
                    <span aria-hidden="true">
                      {sorted === 'ascending' ? ' ▲' : sorted === 'descending' ? ' ▼' : ''}
                    </span>
                  </button>
                ),
              };
            })}
          />
        )}
        <ListPages
          list={gaps}
          itemLabel={t('portfolio.explorer.pagesOf')}
          onPageChange={(page) => change({ page: page > 1 ? String(page) : undefined })}
        />
      </Card>
    </div>
  );
}

/** The explorer's columns, their headings read when shown. */
const explorerColumns = (): readonly (DataTableColumn<PortfolioGap> & { header: string })[] => [
  {
    key: 'gap',
    header: t('portfolio.column.gap'),
    cell: (gap) => (
      <>
        {gap.esapSection ? (
          // Above the number for the eye; the link keeps its name, and the gap's panel names it.
          <span className="vui-explorer__section" aria-hidden="true">
            {gap.esapSection}
          </span>
        ) : null}
        <ItemNumber value={gap.esapItemNumber} />
        {gap.gapName}
      </>
    ),
  },
  { key: 'company', header: t('portfolio.column.company'), cell: (gap) => gap.targetCompanyName },
  { key: 'auditor', header: t('portfolio.column.auditor'), cell: (gap) => gap.auditorName },
  {
    key: 'risk',
    header: t('portfolio.column.risk'),
    cell: (gap) => <RiskBadge risk={gap.riskSeverity} />,
  },
  {
    key: 'status',
    header: t('portfolio.column.status'),
    cell: (gap) => <StatusBadge status={gap.displayStatus} />,
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
  {
    key: 'references',
    header: t('portfolio.column.references'),
    cell: (gap) => gap.requirementReferences.join(', '),
  },
];

const options = <T extends string>(values: readonly T[], label: (value: T) => string) =>
  values.map((value) => ({ value, label: label(value) }));

/** A group of checkboxes for a list filter: none ticked is no filter. */
function Checks<T extends string>({
  legend,
  values,
  label,
  chosen,
  onChange,
}: {
  legend: string;
  values: readonly T[];
  label: (value: T) => string;
  chosen: readonly string[];
  onChange: (next: string[]) => void;
}) {
  useLanguage();
  return (
    <fieldset className="vui-portfolio__checks">
      <legend>{legend}</legend>
      {values.map((value) => (
        <label key={value}>
          <input
            type="checkbox"
            checked={chosen.includes(value)}
            onChange={(event) =>
              onChange(
                event.target.checked ? [...chosen, value] : chosen.filter((item) => item !== value),
              )
            }
          />{' '}
          {label(value)}
        </label>
      ))}
    </fieldset>
  );
}

/** A screen this narrow starts with the filters folded, so the gaps are on its first screen. */
const FOLDED_FILTERS_QUERY = '(max-width: 40rem)';

const startsFolded = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(FOLDED_FILTERS_QUERY).matches;

function ExplorerFilterForm({
  query,
  change,
}: {
  query: ExplorerFilters;
  change: (changes: Record<string, string | readonly string[] | undefined>) => void;
}) {
  useLanguage();
  const portfolio = usePortfolio();
  const companies = portfolio.data?.companies ?? [];
  const chosen = Object.entries(query).filter(
    ([name, value]) => name !== 'sort' && name !== 'order' && value !== undefined,
  ).length;
  const filtered = chosen > 0;
  const [open, setOpen] = useState(() => !startsFolded());
  return (
    <Card as="section" aria-label={t('portfolio.filters.label')}>
      <details
        className="vui-portfolio__filter-panel"
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
      >
        <summary className="vui-portfolio__filter-summary">
          {t('portfolio.filters.summary', { count: chosen })}
        </summary>
        <form className="vui-portfolio__filters" onSubmit={(event) => event.preventDefault()}>
          <SelectField
            label={t('portfolio.column.company')}
            placeholder={t('portfolio.filters.anyCompany')}
            value={query.targetCompanyId ?? ''}
            options={companies.map((company) => ({
              value: company.targetCompanyId,
              label: company.targetCompanyName,
            }))}
            onChange={(event) => change({ targetCompanyId: event.target.value })}
          />
          <SelectField
            label={t('portfolio.filters.requirement')}
            placeholder={t('portfolio.filters.anyRequirement')}
            value={query.requirement ?? ''}
            options={options(PORTFOLIO_REQUIREMENT_ORDER, requirementLabel)}
            onChange={(event) => change({ requirement: event.target.value })}
          />
          <SelectField
            label={t('portfolio.filters.sdg')}
            placeholder={t('portfolio.filters.anySdg')}
            value={query.sdg ?? ''}
            options={SDGS.map((sdg) => ({ value: sdg.code, label: `${sdg.number}. ${sdg.title}` }))}
            onChange={(event) => change({ sdg: event.target.value })}
          />
          <SelectField
            label={t('portfolio.filters.overdueAge')}
            placeholder={t('portfolio.filters.anyAge')}
            value={query.overdueAge ?? ''}
            options={options(OVERDUE_AGES, (age) => OVERDUE_AGE_LABELS[age])}
            onChange={(event) => change({ overdueAge: event.target.value })}
          />
          <SelectField
            label={t('portfolio.filters.conditionType')}
            placeholder={t('portfolio.filters.anyCondition')}
            value={query.conditionType ?? ''}
            options={options(CONDITION_TYPES, (type) => CONDITION_TYPE_LABELS[type])}
            onChange={(event) => change({ conditionType: event.target.value })}
          />
          <SelectField
            label={t('portfolio.filters.closure')}
            placeholder={t('portfolio.filters.anyClosure')}
            value={closureChoice(query.closure)}
            options={[
              { value: 'due', label: t('portfolio.filters.closureDue') },
              { value: 'onTime', label: t('portfolio.filters.closureOnTime') },
              { value: 'late', label: t('portfolio.filters.closureLate') },
            ]}
            onChange={(event) => {
              const value = event.target.value;
              change({ closure: value === 'due' ? ['onTime', 'late'] : value });
            }}
          />
          <DateField
            label={t('portfolio.filters.dueFrom')}
            value={query.dueFrom ?? ''}
            onChange={(event) => change({ dueFrom: event.target.value })}
          />
          <DateField
            label={t('portfolio.filters.dueTo')}
            value={query.dueTo ?? ''}
            onChange={(event) => change({ dueTo: event.target.value })}
          />
          <Checks
            legend={t('portfolio.column.status')}
            values={PORTFOLIO_STATUSES}
            label={(status) => STATUS_LABELS[status]}
            chosen={query.status ?? []}
            onChange={(status) => change({ status })}
          />
          <Checks
            legend={t('portfolio.column.risk')}
            values={RISK_SEVERITIES}
            label={(risk) => RISK_SEVERITY_LABELS[risk]}
            chosen={query.risk ?? []}
            onChange={(risk) => change({ risk })}
          />
          <Checks
            legend={t('portfolio.filters.auditType')}
            values={AUDIT_TYPES}
            label={(type) => AUDIT_TYPE_LABELS[type]}
            chosen={query.auditType ?? []}
            onChange={(auditType) => change({ auditType })}
          />
          {filtered ? (
            <Button
              variant="secondary"
              type="button"
              onClick={() =>
                change(
                  Object.fromEntries(
                    [...LIST_FIELDS, ...ONE_FIELDS]
                      .filter((field) => field !== 'sort' && field !== 'order')
                      .map((field) => [field, undefined]),
                  ),
                )
              }
            >
              {t('portfolio.filters.clear')}
            </Button>
          ) : null}
        </form>
      </details>
    </Card>
  );
}

function closureChoice(closure: readonly string[] | undefined): string {
  if (!closure || closure.length === 0) return '';
  if (closure.length === 2) return 'due';
  return closure[0]!;
}
