import type { ReactNode } from 'react';
import { useLanguage } from '@verity/session';
import {
  CONDITION_TYPE_LABELS,
  dueWaitingText,
  ESAP_FIELD_TEXT,
  ESG_ASPECT_LABELS,
  type EsgAspect,
  type Gap,
  isReportDay,
  milestoneDueText,
  type NameValue,
} from '@verity/shared-api';
import { CurrencyText } from '../currency-text';
import { DateText } from '../date-text';
import { RiskBadge } from '../risk-badge';
import { SdgIcons } from '../sdg-icons';
import { StatusBadge } from '../status-badge';
import { GAP_DETAILS_TEXT, GAP_FIELD_TERMS } from './gap-details-text';

function Detail({
  term,
  children,
  wide,
}: {
  term: string;
  children: ReactNode;
  /** Takes a whole row of the grid (a list that would wrap in one column). */
  wide?: boolean;
}) {
  return (
    <div
      className={
        wide ? 'vui-gap-details__item vui-gap-details__item--wide' : 'vui-gap-details__item'
      }
    >
      <dt>{term}</dt>
      <dd>{children || '-'}</dd>
    </div>
  );
}

/** Every field of a gap the Gap Details panel shows. */
export function GapFields({ gap }: { gap: Gap }) {
  useLanguage();
  const extraFields: NameValue[] = [
    ...Object.values(gap.fields ?? {}),
    ...Object.values(gap.addOns ?? {}),
  ];
  return (
    <>
      <dl className="vui-gap-details__grid">
        <Detail term={GAP_FIELD_TERMS.created}>
          <DateText value={gap.createdAt} format="detail" />
        </Detail>
        <Detail term={GAP_FIELD_TERMS.dueDate}>
          {dueWaitingText(gap) ?? <DateText value={gap.dueDate} format="detail" />}
        </Detail>
        {gap.dueMilestone ? (
          <Detail term={ESAP_FIELD_TEXT.dueRelativeTo}>
            {milestoneDueText(gap.dueMilestone, gap.dueOffsetMonths, gap.dueOffsetDays)}
          </Detail>
        ) : null}
        {/* The lender's timetable as written, beside the date it is tracked by; a date cell of the
            ESAP (kept as YYYY-MM-DD) is written as the due date is. */}
        {gap.timetable ? (
          <Detail term={ESAP_FIELD_TEXT.timetable}>
            {isReportDay(gap.timetable) ? (
              <DateText value={gap.timetable} format="detail" />
            ) : (
              gap.timetable
            )}
          </Detail>
        ) : null}
        <Detail term={GAP_FIELD_TERMS.status}>
          <StatusBadge status={gap.displayStatus ?? gap.status} />
        </Detail>
        <Detail term={GAP_FIELD_TERMS.riskLevel}>
          <RiskBadge risk={gap.riskSeverity} />
        </Detail>
        {gap.ESGAspect ? (
          <Detail term={GAP_FIELD_TERMS.esgAspect}>
            {ESG_ASPECT_LABELS[gap.ESGAspect as EsgAspect] ?? gap.ESGAspect}
          </Detail>
        ) : null}
        {gap.areaCode ? <Detail term={GAP_FIELD_TERMS.areaCode}>{gap.areaCode}</Detail> : null}
        {gap.amount ? (
          <Detail term={GAP_FIELD_TERMS.amount}>
            <CurrencyText amount={gap.amount} />
          </Detail>
        ) : null}
      </dl>
      <dl className="vui-gap-details__text">
        <Detail term={GAP_FIELD_TERMS.gapName}>{gap.gapName}</Detail>
        <Detail term={GAP_FIELD_TERMS.recommendation}>{gap.recommendation}</Detail>
        <Detail term={GAP_FIELD_TERMS.riskAssessment}>{gap.residualRisk}</Detail>
        <Detail term={GAP_FIELD_TERMS.responsibility}>{gap.responsibility}</Detail>
        <Detail term={GAP_FIELD_TERMS.actionTaken}>{gap.actionTakenByCompany}</Detail>
      </dl>
      {gap.impactedSDGs.length > 0 ? (
        <section className="vui-gap-details__section" aria-label={GAP_DETAILS_TEXT.sdgImpact}>
          <h3 className="vui-gap-details__heading">{GAP_DETAILS_TEXT.sdgImpact}</h3>
          <SdgIcons codes={gap.impactedSDGs} />
        </section>
      ) : null}
      <LenderFields gap={gap} />
      {extraFields.length > 0 ? (
        <section className="vui-gap-details__section" aria-label={GAP_DETAILS_TEXT.customFields}>
          <h3 className="vui-gap-details__heading">{GAP_DETAILS_TEXT.customFields}</h3>
          <dl className="vui-gap-details__grid">
            {extraFields.map((field, index) => (
              <Detail key={`${field.name}-${index}`} term={field.name}>
                {field.value}
              </Detail>
            ))}
          </dl>
        </section>
      ) : null}
    </>
  );
}

/** The lender's ESAP fields that are set (the timetable shows beside the due date). */
function LenderFields({ gap }: { gap: Gap }) {
  useLanguage();
  const references = gap.requirementReferences ?? [];
  if (
    !gap.esapItemNumber &&
    references.length === 0 &&
    !gap.conditionType &&
    !gap.completionIndicator &&
    !gap.loanClause &&
    !gap.resources &&
    !gap.esapSection
  ) {
    return null;
  }
  return (
    <section className="vui-gap-details__section" aria-label={GAP_DETAILS_TEXT.lenderFields}>
      <h3 className="vui-gap-details__heading">{GAP_DETAILS_TEXT.lenderFields}</h3>
      <dl className="vui-gap-details__grid">
        {gap.esapItemNumber ? (
          <Detail term={ESAP_FIELD_TEXT.esapItemNumber}>{gap.esapItemNumber}</Detail>
        ) : null}
        {gap.esapSection ? (
          <Detail term={ESAP_FIELD_TEXT.esapSection}>{gap.esapSection}</Detail>
        ) : null}
        {gap.conditionType ? (
          <Detail term={ESAP_FIELD_TEXT.conditionType}>
            {CONDITION_TYPE_LABELS[gap.conditionType]}
          </Detail>
        ) : null}
        {gap.loanClause ? (
          <Detail term={ESAP_FIELD_TEXT.loanClause}>{gap.loanClause}</Detail>
        ) : null}
        {references.length > 0 ? (
          <Detail term={ESAP_FIELD_TEXT.requirementReferences} wide>
            <ul className="vui-gap-details__references">
              {references.map((reference) => (
                <li key={reference}>{reference}</li>
              ))}
            </ul>
          </Detail>
        ) : null}
      </dl>
      {gap.completionIndicator ? (
        <dl className="vui-gap-details__text">
          <Detail term={ESAP_FIELD_TEXT.completionIndicator}>{gap.completionIndicator}</Detail>
        </dl>
      ) : null}
      {gap.resources ? (
        <dl className="vui-gap-details__text">
          <Detail term={ESAP_FIELD_TEXT.resources}>{gap.resources}</Detail>
        </dl>
      ) : null}
    </section>
  );
}
