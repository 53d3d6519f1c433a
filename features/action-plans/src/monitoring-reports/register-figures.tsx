import type { ReactNode } from 'react';
import { useLanguage } from '@verity/session';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_RESPONSES,
  GRIEVANCE_RESPONSE_LABELS,
  INCIDENT_CATEGORY_LABELS,
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  REPORT_REGISTER_FIGURES_TEXT as text,
  monthLabel,
  type ReportFigures,
  type ReportGrievanceFigures,
  type ReportIncidentFigures,
  type ReportSectionKey,
} from '@verity/shared-api';
import { useDateLocale } from '@verity/shared-ui';
import { t } from '../texts';
import './register-figures.css';

/** A table that scrolls sideways on a phone, reachable by keyboard to scroll it. */
function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="vui-reports__table-scroll" role="group" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

function Counts({ rows }: { rows: [string, number][] }) {
  return (
    <dl className="vui-reports__figures vui-reports__register-counts">
      {rows.map(([name, value]) => (
        <div key={name} className="vui-reports__figure">
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function IncidentFigures({ figures }: { figures: ReportIncidentFigures }) {
  useLanguage();
  if (figures.total === 0) return <p className="vui-reports__muted">{text.incidentsNone}</p>;
  return (
    <>
      <Counts
        rows={[
          [text.reported, figures.total],
          [text.notifiedInTime, figures.notifiedInTime],
          [text.rootCauseLate, figures.rootCauseLate],
          [text.openAtPeriodEnd, figures.openAtPeriodEnd],
        ]}
      />
      <TableScroll label={text.incidentsTitle}>
        <table className="vui-reports__table">
          <caption>{text.incidentsTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{text.category}</th>
              {INCIDENT_SEVERITIES.map((severity) => (
                <th key={severity} scope="col" className="vui-reports__number">
                  {INCIDENT_SEVERITY_LABELS[severity]}
                </th>
              ))}
              <th scope="col" className="vui-reports__number">
                {text.reported}
              </th>
            </tr>
          </thead>
          <tbody>
            {figures.byCategory.map((row) => (
              <tr key={row.category}>
                <th scope="row">{INCIDENT_CATEGORY_LABELS[row.category]}</th>
                {INCIDENT_SEVERITIES.map((severity) => (
                  <td key={severity} className="vui-reports__number">
                    {row.bySeverity[severity] ?? 0}
                  </td>
                ))}
                <td className="vui-reports__number">{row.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}

function GrievanceFigures({ figures }: { figures: ReportGrievanceFigures }) {
  const language = useLanguage();
  const locale = useDateLocale();
  if (figures.total === 0) return <p className="vui-reports__muted">{text.grievancesNone}</p>;
  const categoriesOf = (byCategory: Record<string, number>) =>
    GRIEVANCE_CATEGORIES.filter((category) => byCategory[category])
      .map((category) => `${GRIEVANCE_CATEGORY_LABELS[category]} ${byCategory[category]}`)
      .join(' · ');
  return (
    <>
      <Counts
        rows={[
          [text.received, figures.total],
          [text.late, figures.late],
          [text.open, figures.open],
          [text.closed, figures.closed],
          ...GRIEVANCE_RESPONSES.map(
            (response) =>
              [
                t('plans.common.labelValue', {
                  label: text.closed,
                  value: GRIEVANCE_RESPONSE_LABELS[response].toLocaleLowerCase(language),
                }),
                figures.byResponse[response] ?? 0,
              ] as [string, number],
          ),
        ]}
      />
      <TableScroll label={text.grievancesTitle}>
        <table className="vui-reports__table">
          <caption>{text.grievancesTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{text.month}</th>
              <th scope="col" className="vui-reports__number">
                {text.received}
              </th>
              <th scope="col" className="vui-reports__number">
                {text.late}
              </th>
              <th scope="col">{text.byCategory}</th>
            </tr>
          </thead>
          <tbody>
            {figures.byMonth.map((month) => (
              <tr key={month.month}>
                <th scope="row" className="vui-reports__month">
                  {monthLabel(month.month, 'short', locale)}
                </th>
                <td className="vui-reports__number">{month.received}</td>
                <td className="vui-reports__number">{month.late}</td>
                <td>{categoriesOf(month.byCategory)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p className="vui-reports__muted">{text.lateMeaning}</p>
    </>
  );
}

/**
 * The period's serious incidents or grievances beside their narrative section: counts only, never
 * a complainant (docs/decisions/0106-incidents-and-grievances-in-the-annual-report.md).
 */
export function RegisterFigures({
  section,
  figures,
}: {
  section: ReportSectionKey;
  figures: ReportFigures;
}) {
  useLanguage();
  if (section !== 'incidents' && section !== 'grievances') return null;
  const title = section === 'incidents' ? text.incidentsTitle : text.grievancesTitle;
  return (
    <section className="vui-reports__register" aria-label={title}>
      <h3 className="vui-reports__register-title">{title}</h3>
      {section === 'incidents' ? (
        figures.incidents ? (
          <IncidentFigures figures={figures.incidents} />
        ) : (
          <p className="vui-reports__muted">{text.notCounted}</p>
        )
      ) : figures.grievances ? (
        <GrievanceFigures figures={figures.grievances} />
      ) : (
        <p className="vui-reports__muted">{text.notCounted}</p>
      )}
    </section>
  );
}
