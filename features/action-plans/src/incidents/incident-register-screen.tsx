import type { ReactNode } from 'react';
import { useLanguage } from '@verity/session';
import { queryKeys } from '@verity/query';
import {
  INCIDENT_CATEGORIES,
  INCIDENT_CATEGORY_LABELS,
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_TEXT as text,
  type IncidentCategory,
  type IncidentRegister,
  type IncidentSeverity,
  type IncidentSummary,
} from '@verity/shared-api';
import {
  exportIncidentsCsv,
  getCompanyIncidents,
  getIncidentPortfolio,
  type IncidentFilters,
} from '@verity/shared-api/calls';
import {
  SelectField,
  formatDate,
  labelledOptions,
  type DataTableColumn,
  type PageTrail,
} from '@verity/shared-ui';
import { CountList, RegisterScreen } from '../registers/register-screen';
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

/** The day column, its header read in the language in use. */
const whenColumn = (): DataTableColumn<IncidentSummary> => ({
  key: 'when',
  header: text.occurredAt,
  cell: (incident) => formatDate(incident.occurredAt, 'table'),
});

/** The other columns, their headers read in the language in use. */
const columnsOf = (): DataTableColumn<IncidentSummary>[] => [
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
  useLanguage();
  return (
    <RegisterScreen<IncidentSummary, IncidentRegister, IncidentFilters>
      words={{ ...text, empty: text.noIncidents, openRow: text.openIncident }}
      portfolio={targetCompanyId === null}
      queryKey={(filters) => queryKeys.incidents(targetCompanyId, { ...filters })}
      read={(filters) =>
        targetCompanyId === null
          ? getIncidentPortfolio(filters)
          : getCompanyIncidents(targetCompanyId, filters)
      }
      rowsOf={(answer) => answer.incidents}
      countsOf={(answer) => answer.counts}
      exportCsv={() => exportIncidentsCsv(targetCompanyId)}
      dayColumn={whenColumn()}
      columns={columnsOf()}
      categories={INCIDENT_CATEGORIES}
      categoryLabel={(category) => INCIDENT_CATEGORY_LABELS[category as IncidentCategory]}
      moreFilters={(filters, setFilters, id) => (
        <SelectField
          id={`${id}-severity`}
          label={text.severity}
          value={filters.severity ?? ''}
          placeholder={text.anySeverity}
          options={labelledOptions(INCIDENT_SEVERITIES, INCIDENT_SEVERITY_LABELS)}
          onChange={(event) =>
            setFilters({
              ...filters,
              severity: (event.target.value || undefined) as IncidentSeverity | undefined,
            })
          }
        />
      )}
      counts={(answer) => (
        <div className="vui-incidents__count-row">
          <CountList
            label={text.byCategory}
            counts={answer.counts.byCategory}
            labelOf={(key) => INCIDENT_CATEGORY_LABELS[key as IncidentCategory] ?? key}
          />
          <CountList
            label={text.bySeverity}
            counts={answer.counts.bySeverity}
            labelOf={(key) => INCIDENT_SEVERITY_LABELS[key as IncidentSeverity] ?? key}
          />
        </div>
      )}
      rowPath={incidentPath}
      actions={actions}
      title={title}
      trail={trail}
    />
  );
}
