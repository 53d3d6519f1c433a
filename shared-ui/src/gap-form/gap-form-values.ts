import dayjs from 'dayjs';
import {
  CONDITION_TYPES,
  CURRENCY_CODES,
  CUSTOM_FIELD_TYPES,
  DEFAULT_RISK_SEVERITY,
  ESG_ASPECTS,
  FINANCIAL_CLOSE,
  RISK_SEVERITIES,
  SDG_CODES,
  gapFieldsOf,
  isRequirementReference,
  milestoneName,
  storedMilestoneName,
  toAmountValue,
  type AuditAddOnField,
  type AuditForm,
  type ConditionType,
  type CurrencyCode,
  type CustomField,
  type EsgAspect,
  type Gap,
  type GapInput,
  type NameValue,
  type RiskSeverity,
  type SdgCode,
} from '@verity/shared-api';
import { toDateInputValue } from '../form-field';

/** What the gap form edits: dates as the date input's 'YYYY-MM-DD', the amount as typed. */
export interface GapFormValues {
  KPI: string;
  gapName: string;
  recommendation: string;
  responsibility: string;
  actionTakenByCompany: string;
  residualRisk: string;
  riskSeverity: RiskSeverity;
  impactedSDGs: SdgCode[];
  dueDate: string;
  timeline: string;
  ESGAspect: EsgAspect | '';
  areaCode: string;
  amount: { currency: CurrencyCode; value: string };
  fields: Record<string, NameValue>;
  addOns: Record<string, NameValue>;
  /** The lender's ESAP fields, optional on every form type. */
  esapItemNumber: string;
  requirementReferences: string[];
  completionIndicator: string;
  resources: string;
  esapSection: string;
  timetable: string;
  conditionType: ConditionType | '';
  loanClause: string;
  /** Due relative to a financing milestone (its date plus months and days) instead of on a date. */
  dueRelative: boolean;
  dueMilestone: string;
  dueOffsetMonths: string;
  dueOffsetDays: string;
  /** Why an edit moves the due date later; asked only then, and sent beside the gap, never in it. */
  reason: string;
}

export type GapFormField = keyof GapFormValues;

/** A date input's day as the start of that day in the user's time zone. */
function toIsoDate(value: string): string | undefined {
  if (!value) return undefined;
  const date = dayjs(value);
  return date.isValid() ? date.toISOString() : undefined;
}

function nameValuesOf(
  definitions: readonly { id: string; name: string }[],
  stored: Record<string, NameValue> | undefined,
): Record<string, NameValue> {
  return Object.fromEntries(
    definitions.map((definition) => [
      definition.id,
      { name: definition.name, value: stored?.[definition.id]?.value ?? '' },
    ]),
  );
}

/** The field definitions the form renders: select and radio types are not. */
export function renderedFields<T extends CustomField>(definitions: readonly T[] = []): T[] {
  return definitions.filter((field) =>
    (CUSTOM_FIELD_TYPES as readonly string[]).includes(field.type),
  );
}

export function initialGapFormValues(
  initialGap: Partial<Gap> | undefined,
  customFields: readonly CustomField[] = [],
  addOnFields: readonly AuditAddOnField[] = [],
): GapFormValues {
  const currency = initialGap?.amount?.currency;
  return {
    KPI: initialGap?.KPI ?? '',
    gapName: initialGap?.gapName ?? '',
    recommendation: initialGap?.recommendation ?? '',
    responsibility: initialGap?.responsibility ?? '',
    actionTakenByCompany: initialGap?.actionTakenByCompany ?? '',
    residualRisk: initialGap?.residualRisk ?? '',
    riskSeverity: initialGap?.riskSeverity ?? DEFAULT_RISK_SEVERITY,
    impactedSDGs: [...(initialGap?.impactedSDGs ?? [])],
    dueDate: toDateInputValue(initialGap?.dueDate),
    timeline: toDateInputValue(initialGap?.timeline),
    ESGAspect: initialGap?.ESGAspect ?? '',
    areaCode: initialGap?.areaCode ?? '',
    amount: {
      currency: currency && CURRENCY_CODES.includes(currency) ? currency : CURRENCY_CODES[0],
      value: initialGap?.amount ? String(initialGap.amount.value) : '',
    },
    fields: nameValuesOf(renderedFields(customFields), initialGap?.fields),
    addOns: nameValuesOf(renderedFields(addOnFields), initialGap?.addOns),
    esapItemNumber: initialGap?.esapItemNumber ?? '',
    requirementReferences: [...(initialGap?.requirementReferences ?? [])],
    completionIndicator: initialGap?.completionIndicator ?? '',
    resources: initialGap?.resources ?? '',
    esapSection: initialGap?.esapSection ?? '',
    timetable: initialGap?.timetable ?? '',
    conditionType: initialGap?.conditionType ?? '',
    loanClause: initialGap?.loanClause ?? '',
    dueRelative: Boolean(initialGap?.dueMilestone),
    dueMilestone: milestoneName(initialGap?.dueMilestone ?? FINANCIAL_CLOSE),
    dueOffsetMonths: String(initialGap?.dueOffsetMonths ?? 0),
    dueOffsetDays: String(initialGap?.dueOffsetDays ?? 0),
    reason: '',
  };
}

/** The values the gap rules check: a milestone only while "Due relative to a milestone" is ticked. */
export function checkedDueValues(values: GapFormValues) {
  return values.dueRelative
    ? {
        dueDate: '',
        dueMilestone: values.dueMilestone,
        dueOffsetMonths: values.dueOffsetMonths.trim(),
        dueOffsetDays: values.dueOffsetDays.trim(),
      }
    : { dueMilestone: null, dueOffsetMonths: 0, dueOffsetDays: 0 };
}

/** The due fields sent: a date, or a milestone with its offset (the API works the date out). */
function dueOf(values: GapFormValues): Partial<GapInput> {
  if (!values.dueRelative) {
    return {
      dueDate: toIsoDate(values.dueDate),
      dueMilestone: null,
      dueOffsetMonths: 0,
      dueOffsetDays: 0,
    };
  }
  const whole = (text: string) => (text.trim() === '' ? 0 : Number(text));
  return {
    dueMilestone: storedMilestoneName(values.dueMilestone.trim()) || null,
    dueOffsetMonths: whole(values.dueOffsetMonths),
    dueOffsetDays: whole(values.dueOffsetDays),
  };
}

/** The gap the form hands on: trimmed texts and only the fields of its form type. */
export function toGapInput(values: GapFormValues, formType: AuditForm): GapInput {
  const fieldsOf = gapFieldsOf(formType);
  const trimmedMap = (map: Record<string, NameValue>) =>
    Object.fromEntries(
      Object.entries(map).map(([id, entry]) => [
        id,
        { name: entry.name, value: entry.value.trim() },
      ]),
    );
  const gap: GapInput = {
    KPI: values.KPI.trim(),
    gapName: values.gapName.trim(),
    recommendation: values.recommendation.trim(),
    responsibility: values.responsibility.trim(),
    actionTakenByCompany: values.actionTakenByCompany.trim(),
    residualRisk: values.residualRisk.trim(),
    riskSeverity: values.riskSeverity,
    impactedSDGs: [...values.impactedSDGs],
    fields: trimmedMap(values.fields),
    addOns: trimmedMap(values.addOns),
    // The lender fields: an empty one is no value.
    esapItemNumber: values.esapItemNumber.trim() || null,
    requirementReferences: [...values.requirementReferences],
    completionIndicator: values.completionIndicator.trim() || null,
    resources: values.resources.trim() || null,
    esapSection: values.esapSection.trim() || null,
    timetable: values.timetable.trim() || null,
    conditionType: values.conditionType || null,
    loanClause: values.loanClause.trim() || null,
  };
  if (fieldsOf.dueDate) Object.assign(gap, dueOf(values));
  if (fieldsOf.timeline) {
    const timeline = toIsoDate(values.timeline);
    if (timeline) gap.timeline = timeline;
  }
  if (fieldsOf.ESGAspect && values.ESGAspect) gap.ESGAspect = values.ESGAspect;
  if (fieldsOf.areaCode) gap.areaCode = values.areaCode.trim();
  if (fieldsOf.amount) {
    gap.amount = { currency: values.amount.currency, value: toAmountValue(values.amount.value) };
  }
  return gap;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Gap form values kept as a draft, read back onto today's blank form: each value of the right kind
 * is taken, anything else (an old or altered draft, a custom field since removed) falls back to the
 * blank value. Undefined when the draft is no object at all.
 */
export function restoreGapFormValues(
  draft: unknown,
  customFields: readonly CustomField[] = [],
  addOnFields: readonly AuditAddOnField[] = [],
): GapFormValues | undefined {
  if (!isRecord(draft)) return undefined;
  const blank = initialGapFormValues(undefined, customFields, addOnFields);
  const text = (key: keyof GapFormValues) =>
    typeof draft[key] === 'string' ? (draft[key] as string) : (blank[key] as string);
  const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
    allowed.includes(value as T) ? (value as T) : fallback;
  const amount = isRecord(draft.amount) ? draft.amount : {};
  const namedValues = (stored: unknown, blankMap: Record<string, NameValue>) =>
    Object.fromEntries(
      Object.entries(blankMap).map(([id, field]) => {
        const kept = isRecord(stored) && isRecord(stored[id]) ? stored[id].value : undefined;
        return [id, { ...field, value: typeof kept === 'string' ? kept : field.value }];
      }),
    );
  return {
    KPI: text('KPI'),
    gapName: text('gapName'),
    recommendation: text('recommendation'),
    responsibility: text('responsibility'),
    actionTakenByCompany: text('actionTakenByCompany'),
    residualRisk: text('residualRisk'),
    riskSeverity: oneOf(draft.riskSeverity, RISK_SEVERITIES, blank.riskSeverity),
    impactedSDGs: Array.isArray(draft.impactedSDGs)
      ? draft.impactedSDGs.filter((code): code is SdgCode => SDG_CODES.includes(code as SdgCode))
      : blank.impactedSDGs,
    dueDate: text('dueDate'),
    timeline: text('timeline'),
    ESGAspect: oneOf(draft.ESGAspect, ['', ...ESG_ASPECTS], blank.ESGAspect),
    areaCode: text('areaCode'),
    amount: {
      currency: oneOf(amount.currency, CURRENCY_CODES, blank.amount.currency),
      value: typeof amount.value === 'string' ? amount.value : blank.amount.value,
    },
    fields: namedValues(draft.fields, blank.fields),
    addOns: namedValues(draft.addOns, blank.addOns),
    esapItemNumber: text('esapItemNumber'),
    requirementReferences: Array.isArray(draft.requirementReferences)
      ? draft.requirementReferences.filter(isRequirementReference)
      : blank.requirementReferences,
    completionIndicator: text('completionIndicator'),
    resources: text('resources'),
    esapSection: text('esapSection'),
    timetable: text('timetable'),
    conditionType: oneOf(draft.conditionType, ['', ...CONDITION_TYPES], blank.conditionType),
    loanClause: text('loanClause'),
    dueRelative: typeof draft.dueRelative === 'boolean' ? draft.dueRelative : blank.dueRelative,
    dueMilestone: text('dueMilestone'),
    dueOffsetMonths: text('dueOffsetMonths'),
    dueOffsetDays: text('dueOffsetDays'),
    reason: blank.reason,
  };
}
