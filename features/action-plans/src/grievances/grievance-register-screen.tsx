import type { ReactNode } from 'react';
import { useLanguage } from '@verity/session';
import { grievanceKeys } from './grievance-keys';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_COMPLAINANT_LABELS,
  GRIEVANCE_TEXT as text,
  monthLabel,
  type GrievanceCategory,
  type GrievanceRegister,
  type GrievanceSummary,
} from '@verity/shared-api';
import {
  exportGrievancesCsv,
  getCompanyGrievances,
  getGrievancePortfolio,
  type GrievanceFilters,
} from '@verity/shared-api/calls';
import { formatDate, useDateLocale, type DataTableColumn, type PageTrail } from '@verity/shared-ui';
import { CountList, RegisterScreen } from '../registers/register-screen';
import { ComplainantText, GrievanceStageBadge, TargetBadge } from './grievance-badges';
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

function Counts({ counts }: { counts: GrievanceRegister['counts'] }) {
  useLanguage();
  const locale = useDateLocale();
  // Newest month first, as the log lists its grievances.
  const months = [...counts.byMonth].reverse();
  if (months.length === 0) return null;
  return (
    <div className="vui-incidents__count-row">
      <CountList
        label={text.byCategory}
        counts={counts.byCategory}
        labelOf={(key) => GRIEVANCE_CATEGORY_LABELS[key as GrievanceCategory] ?? key}
      />
      <section className="vui-incidents__panel" aria-label={text.byMonth}>
        <h2 className="vui-incidents__subheading">{text.byMonth}</h2>
        <ul className="vui-incidents__count-list">
          {months.map((month) => (
            <li key={month.month}>
              <span>{monthLabel(month.month, 'long', locale)}</span>
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

/** The day column, its header read in the language in use. */
const receivedColumn = (): DataTableColumn<GrievanceSummary> => ({
  key: 'received',
  header: text.receivedOn,
  cell: (grievance) => formatDate(grievance.receivedOn, 'table'),
});

/** The other columns, their headers read in the language in use. */
const columnsOf = (): DataTableColumn<GrievanceSummary>[] => [
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
  useLanguage();
  return (
    <RegisterScreen<GrievanceSummary, GrievanceRegister, GrievanceFilters>
      words={{ ...text, empty: text.noGrievances, openRow: text.openGrievance }}
      portfolio={targetCompanyId === null}
      queryKey={(filters) => grievanceKeys.logs(targetCompanyId, { ...filters })}
      read={(filters) =>
        targetCompanyId === null
          ? getGrievancePortfolio(filters)
          : getCompanyGrievances(targetCompanyId, filters)
      }
      rowsOf={(answer) => answer.grievances}
      countsOf={(answer) => answer.counts}
      exportCsv={() => exportGrievancesCsv(targetCompanyId)}
      dayColumn={receivedColumn()}
      columns={columnsOf()}
      categories={GRIEVANCE_CATEGORIES}
      categoryLabel={(category) => GRIEVANCE_CATEGORY_LABELS[category as GrievanceCategory]}
      counts={(answer) => <Counts counts={answer.counts} />}
      rowPath={grievancePath}
      actions={actions}
      lead={lead}
      title={title}
      description={description}
      trail={trail}
    />
  );
}
