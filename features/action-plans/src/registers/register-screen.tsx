import { useId, useState, type ReactNode } from 'react';
import { useLanguage } from '@verity/session';
import { keepPreviousData, useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import { getErrorText, saveBlob, type CsvExport } from '@verity/shared-api/calls';
import {
  Button,
  DataTable,
  LoadingState,
  PageHeader,
  SelectField,
  StatCard,
  labelledOptions,
  toast,
  type DataTableColumn,
  type PageTrail,
} from '@verity/shared-ui';
import '@verity/shared-ui/src/styles/screen.css';
import '../incidents/incidents.css';

/** What every register filters by; a register may add its own (the incidents' severity). */
export interface RegisterFilters {
  open?: boolean;
  late?: boolean;
  category?: string;
}

/** The words of one register's page. */
export interface RegisterWords {
  title: string;
  portfolioTitle: string;
  intro: string;
  portfolioIntro: string;
  downloadCsv: string;
  total: string;
  openCount: string;
  lateCount: string;
  filters: string;
  onlyOpen: string;
  onlyLate: string;
  category: string;
  anyCategory: string;
  company: string;
  /** The table's caption. */
  register: string;
  /** A row's link, for screen readers. */
  openRow: string;
  /** No row at all, and none under the filters. */
  empty: string;
  noneMatch: string;
}

export interface RegisterScreenProps<Row, Answer, Filters extends RegisterFilters> {
  words: RegisterWords;
  /** The client's whole portfolio (a company column) rather than one company's register. */
  portfolio: boolean;
  queryKey: (filters: Filters) => QueryKey;
  read: (filters: Filters) => Promise<Answer>;
  rowsOf: (answer: Answer) => Row[];
  countsOf: (answer: Answer) => { total: number; open: number; late: number };
  exportCsv: () => Promise<CsvExport>;
  /** The columns after the first, which is the day. */
  dayColumn: DataTableColumn<Row>;
  columns: DataTableColumn<Row>[];
  categories: readonly string[];
  categoryLabel: (category: string) => string;
  /** Filters of the register's own, after the category. */
  moreFilters?: (filters: Filters, setFilters: (next: Filters) => void, id: string) => ReactNode;
  /** The counts by category and the like, under the figures. */
  counts: (answer: Answer) => ReactNode;
  rowPath: (row: Row) => string;
  actions?: ReactNode;
  /** Under the title. */
  lead?: ReactNode;
  title?: string;
  description?: string;
  trail?: PageTrail;
}

/**
 * A register of one company, or of the client's portfolio with a company column (the serious
 * incidents', the grievances'): its figures (reported, open, late) and counts, the filters every
 * register has (open, late, category) and its own, the table and the CSV file.
 */
export function RegisterScreen<
  Row extends { id: string; targetCompanyName: string },
  Answer,
  Filters extends RegisterFilters,
>({
  words,
  portfolio,
  queryKey,
  read,
  rowsOf,
  countsOf,
  exportCsv,
  dayColumn,
  columns,
  categories,
  categoryLabel,
  moreFilters,
  counts,
  rowPath,
  actions,
  lead,
  title,
  description,
  trail,
}: RegisterScreenProps<Row, Answer, Filters>) {
  useLanguage();
  const id = useId();
  const [filters, setFilters] = useState({} as Filters);
  const register = useQuery({
    queryKey: queryKey({ ...filters }),
    queryFn: () => read(filters),
    placeholderData: keepPreviousData,
  });
  const download = useMutation({
    mutationFn: exportCsv,
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (error) => toast.error(getErrorText(error)),
  });
  const filtered = Object.values(filters).some(Boolean);
  const rows = register.data ? rowsOf(register.data) : undefined;
  const figures = register.data ? countsOf(register.data) : undefined;
  const companyColumn: DataTableColumn<Row> = {
    key: 'company',
    header: words.company,
    cell: (row) => <span className="vui-incidents__cell">{row.targetCompanyName}</span>,
  };

  return (
    <div className="vui-incidents">
      <PageHeader
        title={title ?? (portfolio ? words.portfolioTitle : words.title)}
        description={description ?? (portfolio ? words.portfolioIntro : words.intro)}
        trail={trail}
        actions={
          <>
            {actions}
            <Button
              variant="secondary"
              loading={download.isPending}
              onClick={() => download.mutate()}
            >
              {words.downloadCsv}
            </Button>
          </>
        }
      />
      {lead}
      {register.isPending ? <LoadingState /> : null}
      {register.isError ? (
        <p className="vui-screen-alert" role="alert">
          {getErrorText(register.error)}
        </p>
      ) : null}
      {register.data && figures ? (
        <>
          <div className="vui-incidents__stats">
            <StatCard label={words.total} value={figures.total} />
            <StatCard label={words.openCount} value={figures.open} accent="blue" />
            <StatCard
              label={words.lateCount}
              value={figures.late}
              accent={figures.late > 0 ? 'red' : 'neutral'}
            />
          </div>
          {counts(register.data)}
        </>
      ) : null}
      <fieldset className="vui-incidents__filters">
        <legend className="vui-incidents__subheading">{words.filters}</legend>
        <label className="vui-incidents__check">
          <input
            type="checkbox"
            checked={filters.open ?? false}
            onChange={(event) => setFilters({ ...filters, open: event.target.checked })}
          />
          {words.onlyOpen}
        </label>
        <label className="vui-incidents__check">
          <input
            type="checkbox"
            checked={filters.late ?? false}
            onChange={(event) => setFilters({ ...filters, late: event.target.checked })}
          />
          {words.onlyLate}
        </label>
        <SelectField
          id={`${id}-category`}
          label={words.category}
          value={filters.category ?? ''}
          placeholder={words.anyCategory}
          options={labelledOptions(categories, categoryLabel)}
          onChange={(event) =>
            setFilters({ ...filters, category: event.target.value || undefined })
          }
        />
        {moreFilters?.(filters, setFilters, id)}
      </fieldset>
      {rows && rows.length === 0 ? (
        // No empty table: eight headings would scroll sideways on a phone with nothing to reach.
        <p className="vui-incidents__panel vui-incidents__muted" role="status">
          {filtered ? words.noneMatch : words.empty}
        </p>
      ) : null}
      {rows && rows.length > 0 ? (
        <DataTable
          caption={words.register}
          columns={[dayColumn, ...(portfolio ? [companyColumn] : []), ...columns]}
          rows={rows}
          getRowKey={(row) => row.id}
          rowLink={(row) => ({ to: rowPath(row), action: words.openRow })}
          busy={register.isFetching}
        />
      ) : null}
    </div>
  );
}

/** A titled panel of one register's counts (by category, by severity...), the empty ones left out. */
export function CountList({
  label,
  counts,
  labelOf,
}: {
  label: string;
  counts: Record<string, number>;
  labelOf: (key: string) => string;
}) {
  const entries = Object.entries(counts).filter(([, count]) => count > 0);
  if (entries.length === 0) return null;
  return (
    <section className="vui-incidents__panel vui-incidents__counts" aria-label={label}>
      <h2 className="vui-incidents__subheading">{label}</h2>
      <ul className="vui-incidents__count-list">
        {entries.map(([key, count]) => (
          <li key={key}>
            <span>{labelOf(key)}</span>
            <strong>{count}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A titled section of an incident's or a grievance's page. */
export function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="vui-incidents__panel" aria-labelledby={id}>
      <h2 id={id} className="vui-incidents__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}
