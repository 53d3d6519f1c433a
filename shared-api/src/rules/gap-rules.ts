// The gap rules, shared by the gap form in the browser and the API.
import * as yup from 'yup';
import { t } from '#texts';
import {
  ESG_ASPECTS,
  formHasAreaCode,
  formHasDueDate,
  formHasEsgAspect,
  formHasTimeline,
  type AuditForm,
} from '../domain/audit';
import { AMOUNT_MAX, AMOUNT_MIN, CURRENCY_CODES, toAmountValue } from '../domain/currency';
import { DATE_RANGE } from '../domain/dates';
import { MILESTONE_LIMITS, STANDARD_MILESTONES, milestoneKey } from '../domain/milestones';
import { DEFAULT_RISK_SEVERITY, RISK_SEVERITIES } from '../domain/risk';
import { SDG_CODES } from '../domain/sdg';
import { TEXT_FIELD_LABELS, TEXT_LIMITS, tooLongMessage } from '../domain/text-limits';
import { textRecord } from '../text-records';
import { ESAP_FIELDS, esapSchemaFields } from './esap-rules';
import { MESSAGES } from '../messages';

// Texts for rules the spec does not word (bad values a form cannot produce).
export const gapRuleMessages = textRecord({
  unknownSdg: 'contract.gapRule.unknownSdg',
  unknownEsgAspect: 'contract.gapRule.unknownEsgAspect',
  unknownRiskSeverity: 'contract.gapRule.unknownRiskSeverity',
  unknownCurrency: 'contract.gapRule.unknownCurrency',
  amountNegative: 'contract.gapRule.amountNegative',
  amountTooLarge: 'contract.gapRule.amountTooLarge',
  amountDecimals: 'contract.gapRule.amountDecimals',
  invalidDate: 'contract.gapRule.invalidDate',
  dateOutOfRange: 'contract.gapRule.dateOutOfRange',
  invalidNameValue: 'contract.gapRule.invalidNameValue',
  dueMilestoneTooLong: () =>
    t('contract.gapRule.dueMilestoneTooLong', { max: MILESTONE_LIMITS.name }),
  dueOffsetMonths: () =>
    t('contract.gapRule.dueOffsetMonths', { max: MILESTONE_LIMITS.offsetMonths }),
  dueOffsetDays: () => t('contract.gapRule.dueOffsetDays', { max: MILESTONE_LIMITS.offsetDays }),
});

export interface GapRuleOptions {
  formType: AuditForm;
  /** The action plan's timeline: a due date after it is refused. */
  planTimeline?: string | Date | null;
  /** Whether the due date must lie in the future (an edit that keeps the old due date skips it). */
  checkDueDateInFuture?: boolean;
  /** "Now" for the future check; the current time unless given. */
  now?: () => Date;
}

/** The gap fields each form type keeps; the others are dropped before the gap is stored. */
export function gapFieldsOf(formType: AuditForm) {
  return {
    dueDate: formHasDueDate(formType),
    timeline: formHasTimeline(formType),
    ESGAspect: formHasEsgAspect(formType),
    areaCode: formHasAreaCode(formType),
    amount: formHasAreaCode(formType),
  };
}

const emptyToUndefined = (value: unknown, original: unknown) =>
  original === '' || original === null ? undefined : value;

/** An optional date within DATE_RANGE; '' and null count as absent. */
export const optionalDate = (invalidMessage: string = gapRuleMessages.invalidDate) =>
  yup
    .date()
    .transform(emptyToUndefined)
    .typeError(invalidMessage)
    .min(DATE_RANGE.min, gapRuleMessages.dateOutOfRange)
    .max(DATE_RANGE.max, gapRuleMessages.dateOutOfRange)
    // yup reads years 0 to 99 as 1900 to 1999 (Date.UTC does): check the year as it was written.
    .test('written-year', gapRuleMessages.dateOutOfRange, function writtenYear() {
      const year = /^\s*([+-]?\d+)-/.exec(String(this.originalValue ?? ''))?.[1];
      return year === undefined || (Number(year) >= 1900 && Number(year) <= 9999);
    })
    .optional();

/** A text of at most `max` characters, named `label` in the message when it is longer. */
const boundedText = (label: string, max: number) =>
  yup.string().trim().max(max, tooLongMessage(label, max));
const requiredText = (message: string, label: string, max: number) =>
  boundedText(label, max).required(message);

const nameValueMap = () =>
  yup
    .mixed<Record<string, { name: string; value: string }>>()
    .test('name-value-map', gapRuleMessages.invalidNameValue, (value) => {
      if (value === undefined || value === null) return true;
      if (typeof value !== 'object' || Array.isArray(value)) return false;
      return Object.values(value).every(
        (entry: unknown) =>
          typeof entry === 'object' &&
          entry !== null &&
          typeof (entry as { name?: unknown }).name === 'string' &&
          typeof (entry as { value?: unknown }).value === 'string',
      );
    })
    .test(
      'name-value-length',
      tooLongMessage(TEXT_FIELD_LABELS.customFieldValue, TEXT_LIMITS.customFieldValue),
      (value) =>
        value === undefined ||
        value === null ||
        typeof value !== 'object' ||
        Object.values(value).every(
          (entry: unknown) =>
            String((entry as { value?: unknown } | null)?.value ?? '').length <=
            TEXT_LIMITS.customFieldValue,
        ),
    )
    .default({});

const amountSchema = () =>
  yup
    .object({
      currency: yup
        .string()
        .oneOf([...CURRENCY_CODES], gapRuleMessages.unknownCurrency)
        .required(gapRuleMessages.unknownCurrency),
      value: yup
        .number()
        // A non-numeric amount becomes 0.
        .transform((_value, original: unknown) => toAmountValue(original))
        .min(AMOUNT_MIN, gapRuleMessages.amountNegative)
        .max(AMOUNT_MAX, gapRuleMessages.amountTooLarge)
        .test(
          'two-decimals',
          gapRuleMessages.amountDecimals,
          (value) => value === undefined || Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
        )
        .required(),
    })
    .default(undefined)
    .nullable()
    .optional();

/** The yup schema of a gap of the given form type. */
export function gapSchema(options: GapRuleOptions) {
  const fieldsOf = gapFieldsOf(options.formType);
  const now = options.now ?? (() => new Date());
  const planTimeline =
    options.planTimeline && fieldsOf.timeline ? new Date(options.planTimeline) : undefined;

  let dueDate = optionalDate().required(MESSAGES.DUE_DATE_REQUIRED);
  if (options.checkDueDateInFuture !== false) {
    dueDate = dueDate.test(
      'in-future',
      MESSAGES.DUE_DATE_IN_FUTURE,
      (value) => !value || value.getTime() > now().getTime(),
    );
  }
  if (planTimeline && !Number.isNaN(planTimeline.getTime())) {
    dueDate = dueDate.test(
      'within-timeline',
      MESSAGES.DUE_DATE_AFTER_TIMELINE,
      (value) => !value || value.getTime() <= planTimeline.getTime(),
    );
  }

  // Due relative to a milestone: the due date is the milestone's date plus the offset, which the
  // database writes (migration 0042); a due date sent beside it is not the gap's.
  const relative = (milestone: unknown) => typeof milestone === 'string' && milestone.trim() !== '';
  const offset = (max: number, message: string) =>
    yup
      .number()
      .transform((value: unknown, original: unknown) =>
        original === '' || original === null || original === undefined ? 0 : value,
      )
      .typeError(message)
      .integer(message)
      .min(0, message)
      .max(max, message)
      .default(0);

  // Fields another form type has are dropped, whatever the browser sent.
  const dropped = () => yup.mixed().strip();
  return yup.object({
    KPI: requiredText(MESSAGES.KPI_REQUIRED, TEXT_FIELD_LABELS.kpi, TEXT_LIMITS.kpi),
    gapName: requiredText(
      MESSAGES.GAP_NAME_REQUIRED,
      TEXT_FIELD_LABELS.gapName,
      TEXT_LIMITS.gapName,
    ),
    recommendation: requiredText(
      MESSAGES.RECOMMENDATION_REQUIRED,
      TEXT_FIELD_LABELS.recommendation,
      TEXT_LIMITS.findingText,
    ),
    responsibility: requiredText(
      MESSAGES.RESPONSIBILITY_REQUIRED,
      TEXT_FIELD_LABELS.responsibility,
      TEXT_LIMITS.responsibility,
    ),
    actionTakenByCompany: boundedText(
      TEXT_FIELD_LABELS.actionTaken,
      TEXT_LIMITS.findingText,
    ).default(''),
    residualRisk: boundedText(TEXT_FIELD_LABELS.residualRisk, TEXT_LIMITS.findingText).default(''),
    riskSeverity: yup
      .string()
      .transform(emptyToUndefined)
      .oneOf([...RISK_SEVERITIES], gapRuleMessages.unknownRiskSeverity)
      .default(DEFAULT_RISK_SEVERITY),
    impactedSDGs: yup
      .array()
      .of(
        yup
          .string()
          .oneOf([...SDG_CODES], gapRuleMessages.unknownSdg)
          .required(),
      )
      .min(1, MESSAGES.IMPACTED_SDG_REQUIRED)
      .required(MESSAGES.IMPACTED_SDG_REQUIRED),
    dueDate: fieldsOf.dueDate
      ? (dueDate.when('dueMilestone', ([milestone]: unknown[], schema) =>
          relative(milestone) ? yup.mixed().strip() : schema,
        ) as typeof dueDate)
      : dropped(),
    dueMilestone: fieldsOf.dueDate
      ? yup
          .string()
          .transform((value: unknown) =>
            typeof value === 'string' && value.trim() === '' ? null : value,
          )
          .trim()
          .max(MILESTONE_LIMITS.name, gapRuleMessages.dueMilestoneTooLong)
          // The standard milestones as the API names them, whatever the case written.
          .transform((value: unknown) =>
            typeof value === 'string'
              ? (STANDARD_MILESTONES.find((name) => milestoneKey(name) === milestoneKey(value)) ??
                value)
              : value,
          )
          .nullable()
          .default(null)
      : dropped(),
    dueOffsetMonths: fieldsOf.dueDate
      ? offset(MILESTONE_LIMITS.offsetMonths, gapRuleMessages.dueOffsetMonths)
      : dropped(),
    dueOffsetDays: fieldsOf.dueDate
      ? offset(MILESTONE_LIMITS.offsetDays, gapRuleMessages.dueOffsetDays)
      : dropped(),
    timeline: fieldsOf.timeline ? optionalDate() : dropped(),
    ESGAspect: fieldsOf.ESGAspect
      ? yup
          .string()
          .transform(emptyToUndefined)
          .oneOf([...ESG_ASPECTS], gapRuleMessages.unknownEsgAspect)
          .required(MESSAGES.ESG_ASPECT_REQUIRED)
      : dropped(),
    areaCode: fieldsOf.areaCode
      ? requiredText(MESSAGES.AREA_CODE_REQUIRED, TEXT_FIELD_LABELS.areaCode, TEXT_LIMITS.areaCode)
      : dropped(),
    amount: fieldsOf.amount ? amountSchema() : dropped(),
    fields: nameValueMap(),
    addOns: nameValueMap(),
    // The lender's ESAP fields: optional on every form type.
    ...esapSchemaFields(),
  });
}

export type GapValues = yup.InferType<ReturnType<typeof gapSchema>>;

/** The order in which a gap's problems are reported, the form's order top to bottom. */
export const GAP_FIELD_ORDER = [
  'KPI',
  'gapName',
  'recommendation',
  'responsibility',
  'actionTakenByCompany',
  'residualRisk',
  'riskSeverity',
  'impactedSDGs',
  'dueDate',
  'dueMilestone',
  'dueOffsetMonths',
  'dueOffsetDays',
  'timeline',
  'ESGAspect',
  'areaCode',
  'amount',
  'fields',
  'addOns',
  ...ESAP_FIELDS,
] as const;

/** The first error of a yup validation, in the order of `fieldOrder` (a path's first segment). */
export function firstMessageInOrder(
  error: yup.ValidationError,
  fieldOrder: readonly string[],
): string {
  const problems = error.inner.length > 0 ? error.inner : [error];
  const rank = (path: string | undefined) => {
    const head = (path ?? '').split(/[.[]/)[0] ?? '';
    const index = fieldOrder.indexOf(head);
    return index === -1 ? fieldOrder.length : index;
  };
  const first = [...problems].sort((a, b) => rank(a.path) - rank(b.path))[0];
  return first?.message ?? error.message;
}

import type { RuleResult } from './rule-result';
export type { RuleResult };

/**
 * Checks a gap and gives it back cleaned (trimmed, defaults filled, fields of other form types
 * dropped), or the first problem's message.
 */
export function checkGap(input: unknown, options: GapRuleOptions): RuleResult<GapValues> {
  try {
    const value = gapSchema(options).validateSync(input, { abortEarly: false, stripUnknown: true });
    return { ok: true, value };
  } catch (error) {
    if (error instanceof yup.ValidationError) {
      return { ok: false, message: firstMessageInOrder(error, GAP_FIELD_ORDER) };
    }
    throw error;
  }
}
