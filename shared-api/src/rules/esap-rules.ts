// The rules of a gap's lender (ESAP) fields, shared by the gap form and the API: all optional on every
// form type; an empty text is no value (null), references come back in the list's order, once each.
import * as yup from 'yup';
import {
  ESAP_FIELD_TEXT,
  ESAP_MESSAGES,
  ESAP_TEXT_LIMITS,
  REQUIREMENT_REFERENCES,
  UNKNOWN_REQUIREMENT_REFERENCE,
  isConditionType,
  isRequirementReference,
  type ConditionType,
} from '../domain/esap';
import { tooLongMessage } from '../domain/text-limits';

/** The lender fields in the form's order (a gap's problems are reported in this order). */
export const ESAP_FIELDS = [
  'esapItemNumber',
  'requirementReferences',
  'completionIndicator',
  'resources',
  'esapSection',
  'timetable',
  'conditionType',
  'loanClause',
] as const;

/** An optional text: trimmed, '' or blank is null, longer than `max` is refused in the rules' words. */
const optionalText = (label: string, max: number) =>
  yup
    .string()
    .transform((value: unknown) =>
      typeof value === 'string' && value.trim() === '' ? null : value,
    )
    .trim()
    .max(max, tooLongMessage(label, max))
    .nullable()
    .default(null);

const referenceOrder = (reference: string) => REQUIREMENT_REFERENCES.indexOf(reference);

/** The yup fields of the lender values, merged into the gap schema of every form type. */
export function esapSchemaFields() {
  return {
    esapItemNumber: optionalText(ESAP_FIELD_TEXT.esapItemNumber, ESAP_TEXT_LIMITS.esapItemNumber),
    requirementReferences: yup
      .array()
      .transform((value: unknown, original: unknown) => (original === null ? [] : value))
      .of(yup.string().required())
      .test('known-references', function knownReferences(value) {
        const unknown = (value ?? []).find((reference) => !isRequirementReference(reference));
        return unknown === undefined
          ? true
          : this.createError({ message: UNKNOWN_REQUIREMENT_REFERENCE(String(unknown)) });
      })
      .transform((value: unknown) =>
        Array.isArray(value) && value.every(isRequirementReference)
          ? [...new Set(value)].sort((a, b) => referenceOrder(a) - referenceOrder(b))
          : value,
      )
      .default([]),
    completionIndicator: optionalText(
      ESAP_FIELD_TEXT.completionIndicator,
      ESAP_TEXT_LIMITS.completionIndicator,
    ),
    resources: optionalText(ESAP_FIELD_TEXT.resources, ESAP_TEXT_LIMITS.resources),
    esapSection: optionalText(ESAP_FIELD_TEXT.esapSection, ESAP_TEXT_LIMITS.esapSection),
    timetable: optionalText(ESAP_FIELD_TEXT.timetable, ESAP_TEXT_LIMITS.timetable),
    conditionType: yup
      .mixed<ConditionType>((value): value is ConditionType => isConditionType(value))
      .transform((value: unknown) => (value === '' ? null : value))
      .typeError(() => ESAP_MESSAGES.UNKNOWN_CONDITION_TYPE)
      .nullable()
      .default(null),
    loanClause: optionalText(ESAP_FIELD_TEXT.loanClause, ESAP_TEXT_LIMITS.loanClause),
  };
}

/** The lender values of a checked gap. */
export interface EsapValues {
  esapItemNumber: string | null;
  requirementReferences: string[];
  completionIndicator: string | null;
  resources: string | null;
  esapSection: string | null;
  timetable: string | null;
  conditionType: ConditionType | null;
  loanClause: string | null;
}
