import { useId, useState, type ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { grievanceKeys } from './grievance-keys';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_COMPLAINANT_LABELS,
  GRIEVANCE_TEXT as text,
  type GrievanceCategory,
  type GrievanceRegister,
  type GrievanceSummary,
} from '@verity/shared-api';
import {
  exportGrievancesCsv,
  getCompanyGrievances,
  getErrorText,
  getGrievancePortfolio,
  saveBlob,
  type GrievanceFilters,
} from '@verity/shared-api/calls';
import {
  Button,
  DataTable,
  LoadingState,
  PageHeader,
  SelectField,
  StatCard,
  formatDate,
  toast,
  type DataTableColumn,
  type PageTrail,
} from '@verity/shared-ui';
import '@verity/shared-ui/src/styles/screen.css';
import { ComplainantText, GrievanceStageBadge, TargetBadge } from './grievance-badges';
import '../incidents/incidents.css';
import './grievances.css';

export interface GrievanceRegisterScreenProps {
  /** One company's log; null for the client's whole portfolio. */
  targetCompanyId: string | null;
  /** The page of one grievance in the caller's area. */
  grievancePath: (grievance: GrievanceSummary) => string;
  /** Beside the title: the company's "Record a grievance" link, say. */
  actions?: ReactNode;
  /** Under the title: the company's targets and the way to change them. */
  lead?: ReactNode;
  title?: string;
  /** The line under the title; the company's own words by default. */
  description?: string;
  trail?: PageTrail;
}

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

function Counts({ counts }: { counts: GrievanceRegister['counts'] }) {
  const categories = Object.entries(counts.byCategory).filter(([, count]) => count > 0);
  // Newest month first, as the log lists its grievances.
  const months = [...counts.byMonth].reverse();
  if (categories.length === 0) return null;
  return (
    <div className="vui-incidents__count-row">
      <section className="vui-incidents__panel" aria-label={text.byCategory}>
        <h2 className="vui-incidents__subheading">{text.byCategory}</h2>
        <ul className="vui-incidents__count-list">
          {categories.map(([key, count]) => (
            <li key={key}>
              <span>{GRIEVANCE_CATEGORY_LABELS[key as GrievanceCategory] ?? key}</span>
              <strong>{count}</strong>
            </li>
          ))}
        </ul>
      </section>
      <section className="vui-incidents__panel" aria-label={text.byMonth}>
        <h2 className="vui-incidents__subheading">{text.byMonth}</h2>
        <ul className="vui-incidents__count-list">
          {months.map((month) => (
            <li key={month.month}>
              <span>{monthName(month.month)}</span>
              <span className={month.late > 0 ? 'vui-grievances__late-text' : undefined}>
                {text.monthLine(month.received, month.late)}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/**
 * The grievance log (docs/decisions/0104-grievances.md): a company's or the client's portfolio's
 * grievances with their steps against the targets, filtered by open, late and category, the counts
 * by category and month, and the CSV file (never with identities).
 */
export function GrievanceRegisterScreen({
  targetCompanyId,
  grievancePath,
  actions,
  lead,
  title,
  description,
  trail,
}: GrievanceRegisterScreenProps) {
  const id = useId();
  const [filters, setFilters] = useState<GrievanceFilters>({});
  const portfolio = targetCompanyId === null;
  const register = useQuery({
    queryKey: grievanceKeys.logs(targetCompanyId, { ...filters }),
    queryFn: () =>
      portfolio ? getGrievancePortfolio(filters) : getCompanyGrievances(targetCompanyId, filters),
    placeholderData: keepPreviousData,
  });
  const download = useMutation({
    mutationFn: () => exportGrievancesCsv(targetCompanyId),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (error) => toast.error(getErrorText(error)),
  });
  const filtered = Object.values(filters).some(Boolean);

  const columns: DataTableColumn<GrievanceSummary>[] = [
    {
      key: 'received',
      header: text.receivedOn,
      cell: (grievance) => formatDate(grievance.receivedOn, 'table'),
    },
    ...(portfolio
      ? [
          {
            key: 'company',
            header: text.company,
            cell: (grievance: GrievanceSummary) => (
              <span className="vui-incidents__cell">{grievance.targetCompanyName}</span>
            ),
          },
        ]
      : []),
    {
      key: 'category',
      header: text.category,
      cell: (grievance) => (
        <span className="vui-incidents__cell">{GRIEVANCE_CATEGORY_LABELS[grievance.category]}</span>
      ),
    },
    {
      key: 'stage',
      header: text.stage,
      cell: (grievance) => <GrievanceStageBadge grievance={grievance} />,
    },
    {
      key: 'acknowledge',
      header: text.acknowledge,
      cell: (grievance) => (
        <TargetBadge
          daysLeft={grievance.acknowledgeDaysLeft}
          taken={grievance.acknowledgedOn !== null}
        />
      ),
    },
    {
      key: 'resolve',
      header: text.resolve,
      cell: (grievance) => (
        <TargetBadge daysLeft={grievance.resolveDaysLeft} taken={grievance.resolvedOn !== null} />
      ),
    },
    {
      key: 'from',
      header: text.complainantType,
      cell: (grievance) => GRIEVANCE_COMPLAINANT_LABELS[grievance.complainantType],
    },
    {
      key: 'complainant',
      header: text.complainant,
      cell: (grievance) => <ComplainantText grievance={grievance} />,
    },
  ];

  return (
    <div className="vui-incidents">
      <PageHeader
        title={title ?? (portfolio ? text.portfolioTitle : text.title)}
        description={description ?? (portfolio ? text.portfolioIntro : text.intro)}
        trail={trail}
        actions={
          <>
            {actions}
            <Button
              variant="secondary"
              loading={download.isPending}
              onClick={() => download.mutate()}
            >
              {text.downloadCsv}
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
      {register.data ? (
        <>
          <div className="vui-incidents__stats">
            <StatCard label={text.total} value={register.data.counts.total} />
            <StatCard label={text.openCount} value={register.data.counts.open} accent="blue" />
            <StatCard
              label={text.lateCount}
              value={register.data.counts.late}
              accent={register.data.counts.late > 0 ? 'red' : 'neutral'}
            />
          </div>
          <Counts counts={register.data.counts} />
        </>
      ) : null}
      <fieldset className="vui-incidents__filters">
        <legend className="vui-incidents__subheading">{text.filters}</legend>
        <label className="vui-incidents__check">
          <input
            type="checkbox"
            checked={filters.open ?? false}
            onChange={(event) => setFilters({ ...filters, open: event.target.checked })}
          />
          {text.onlyOpen}
        </label>
        <label className="vui-incidents__check">
          <input
            type="checkbox"
            checked={filters.late ?? false}
            onChange={(event) => setFilters({ ...filters, late: event.target.checked })}
          />
          {text.onlyLate}
        </label>
        <SelectField
          id={`${id}-category`}
          label={text.category}
          value={filters.category ?? ''}
          options={[
            { value: '', label: text.anyCategory },
            ...GRIEVANCE_CATEGORIES.map((value) => ({
              value,
              label: GRIEVANCE_CATEGORY_LABELS[value],
            })),
          ]}
          onChange={(event) =>
            setFilters({
              ...filters,
              category: (event.target.value || undefined) as GrievanceCategory | undefined,
            })
          }
        />
      </fieldset>
      {register.data && register.data.grievances.length === 0 ? (
        // No empty table: eight headings would scroll sideways on a phone with nothing to reach.
        <p className="vui-incidents__panel vui-incidents__muted" role="status">
          {filtered ? text.noneMatch : text.noGrievances}
        </p>
      ) : null}
      {register.data && register.data.grievances.length > 0 ? (
        <DataTable
          caption={text.register}
          columns={columns}
          rows={register.data.grievances}
          getRowKey={(grievance) => grievance.id}
          rowLink={(grievance) => ({ to: grievancePath(grievance), action: text.openGrievance })}
          busy={register.isFetching}
        />
      ) : null}
    </div>
  );
}
