import dayjs from 'dayjs';
import {
  CURRENCY_CODES,
  CUSTOM_FIELD_TYPES,
  DEFAULT_RISK_SEVERITY,
  gapFieldsOf,
  toAmountValue,
  type AuditAddOnField,
  type AuditForm,
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
  };
  if (fieldsOf.dueDate) gap.dueDate = toIsoDate(values.dueDate);
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
