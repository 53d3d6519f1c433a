import { useId, useState, type ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import {
  INCIDENT_CATEGORIES,
  INCIDENT_CATEGORY_LABELS,
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_TEXT as text,
  type IncidentCategory,
  type IncidentSeverity,
  type IncidentSummary,
} from '@verity/shared-api';
import {
  exportIncidentsCsv,
  getCompanyIncidents,
  getErrorText,
  getIncidentPortfolio,
  saveBlob,
  type IncidentFilters,
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
import {
  IncidentStatusBadge,
  NotifiedBadge,
  RootCauseBadge,
  SeverityBadge,
} from './incident-badges';
import './incidents.css';

export interface IncidentRegisterScreenProps {
  /** One company's register; null for the client's whole portfolio. */
  targetCompanyId: string | null;
  /** The page of one incident in the caller's area. */
  incidentPath: (incident: IncidentSummary) => string;
  /** Beside the title: the company's "Report an incident" link, say. */
  actions?: ReactNode;
  title?: string;
  trail?: PageTrail;
}

function CountList({
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

/**
 * The incident register (docs/decisions/0099-serious-incidents.md): a company's or the client's
 * portfolio's incidents with their clocks, filtered by open, late, category and severity, the
 * counts, and the CSV file.
 */
export function IncidentRegisterScreen({
  targetCompanyId,
  incidentPath,
  actions,
  title,
  trail,
}: IncidentRegisterScreenProps) {
  const id = useId();
  const [filters, setFilters] = useState<IncidentFilters>({});
  const portfolio = targetCompanyId === null;
  const register = useQuery({
    queryKey: queryKeys.incidents(targetCompanyId, { ...filters }),
    queryFn: () =>
      portfolio ? getIncidentPortfolio(filters) : getCompanyIncidents(targetCompanyId, filters),
    placeholderData: keepPreviousData,
  });
  const download = useMutation({
    mutationFn: () => exportIncidentsCsv(targetCompanyId),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (error) => toast.error(getErrorText(error)),
  });
  const filtered = Object.values(filters).some(Boolean);

  const columns: DataTableColumn<IncidentSummary>[] = [
    {
      key: 'when',
      header: text.occurredAt,
      cell: (incident) => formatDate(incident.occurredAt, 'table'),
    },
    ...(portfolio
      ? [
          {
            key: 'company',
            header: text.company,
            cell: (incident: IncidentSummary) => (
              <span className="vui-incidents__cell">{incident.targetCompanyName}</span>
            ),
          },
        ]
      : []),
    {
      key: 'category',
      header: text.category,
      cell: (incident) => INCIDENT_CATEGORY_LABELS[incident.category],
    },
    {
      key: 'severity',
      header: text.severity,
      cell: (incident) => <SeverityBadge severity={incident.severity} />,
    },
    {
      key: 'location',
      header: text.location,
      cell: (incident) => <span className="vui-incidents__cell">{incident.location}</span>,
    },
    {
      key: 'lender',
      header: text.lender,
      cell: (incident) => <NotifiedBadge incident={incident} short />,
    },
    {
      key: 'rootCause',
      header: text.rootCause,
      cell: (incident) => <RootCauseBadge incident={incident} short />,
    },
    {
      key: 'status',
      header: text.status,
      cell: (incident) => <IncidentStatusBadge closedAt={incident.closedAt} />,
    },
  ];

  return (
    <div className="vui-incidents">
      <PageHeader
        title={title ?? (portfolio ? text.portfolioTitle : text.title)}
        description={portfolio ? text.portfolioIntro : text.intro}
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
          <div className="vui-incidents__count-row">
            <CountList
              label={text.byCategory}
              counts={register.data.counts.byCategory}
              labelOf={(key) => INCIDENT_CATEGORY_LABELS[key as IncidentCategory] ?? key}
            />
            <CountList
              label={text.bySeverity}
              counts={register.data.counts.bySeverity}
              labelOf={(key) => INCIDENT_SEVERITY_LABELS[key as IncidentSeverity] ?? key}
            />
          </div>
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
            ...INCIDENT_CATEGORIES.map((value) => ({
              value,
              label: INCIDENT_CATEGORY_LABELS[value],
            })),
          ]}
          onChange={(event) =>
            setFilters({
              ...filters,
              category: (event.target.value || undefined) as IncidentCategory | undefined,
            })
          }
        />
        <SelectField
          id={`${id}-severity`}
          label={text.severity}
          value={filters.severity ?? ''}
          options={[
            { value: '', label: text.anySeverity },
            ...INCIDENT_SEVERITIES.map((value) => ({
              value,
              label: INCIDENT_SEVERITY_LABELS[value],
            })),
          ]}
          onChange={(event) =>
            setFilters({
              ...filters,
              severity: (event.target.value || undefined) as IncidentSeverity | undefined,
            })
          }
        />
      </fieldset>
      {register.data && register.data.incidents.length === 0 ? (
        // No empty table: eight headings would scroll sideways on a phone with nothing to reach.
        <p className="vui-incidents__panel vui-incidents__muted" role="status">
          {filtered ? text.noneMatch : text.noIncidents}
        </p>
      ) : null}
      {register.data && register.data.incidents.length > 0 ? (
        <DataTable
          caption={text.register}
          columns={columns}
          rows={register.data.incidents}
          getRowKey={(incident) => incident.id}
          rowLink={(incident) => ({ to: incidentPath(incident), action: text.openIncident })}
          busy={register.isFetching}
        />
      ) : null}
    </div>
  );
}
