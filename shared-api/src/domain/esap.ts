// A lender's ESAP (Environmental & Social Action Plan) on Verity's gaps: the optional lender fields,
// their allowed values and the words the form, the panel, the CSV, the import and the report share.
import { t } from '#texts';
import { textRecord } from '../text-records';

/** IFC Performance Standards, EBRD Performance Requirements, the Equator Principles, and the rest. */
export const REQUIREMENT_REFERENCES = [
  ...Array.from({ length: 8 }, (_, index) => `IFC PS${index + 1}`),
  ...Array.from({ length: 10 }, (_, index) => `EBRD PR${index + 1}`),
  ...Array.from({ length: 10 }, (_, index) => `EP${index + 1}`),
  'National law',
  'Other',
] as readonly string[];

export function isRequirementReference(value: unknown): value is string {
  return typeof value === 'string' && REQUIREMENT_REFERENCES.includes(value);
}

/**
 * The ESG aspect each standard gives an ESAP item (docs/decisions/0089-esap-import-meanings.md): the
 * management standards (IFC PS1, EBRD PR1, PR9, PR10) Governance, the labour, community and people
 * standards Social, resource efficiency and biodiversity Environmental. The Equator Principles (a
 * lender's own process), national law and 'Other' give none.
 */
export const ESG_ASPECT_OF_REFERENCE: Readonly<
  Record<string, 'Environmental' | 'Social' | 'Governance'>
> = {
  'IFC PS1': 'Governance',
  'IFC PS2': 'Social',
  'IFC PS3': 'Environmental',
  'IFC PS4': 'Social',
  'IFC PS5': 'Social',
  'IFC PS6': 'Environmental',
  'IFC PS7': 'Social',
  'IFC PS8': 'Social',
  'EBRD PR1': 'Governance',
  'EBRD PR2': 'Social',
  'EBRD PR3': 'Environmental',
  'EBRD PR4': 'Social',
  'EBRD PR5': 'Social',
  'EBRD PR6': 'Environmental',
  'EBRD PR7': 'Social',
  'EBRD PR8': 'Social',
  'EBRD PR9': 'Governance',
  'EBRD PR10': 'Governance',
};

/** The management standards: a topic standard an item also cites says more about it. */
const MANAGEMENT_REFERENCES = new Set(['IFC PS1', 'EBRD PR1', 'EBRD PR9', 'EBRD PR10']);

/**
 * The ESG aspect an item's references give: its first topic standard's (PS2–PS8, PR2–PR8), else its
 * first management standard's (PS1, PR1, PR9, PR10), else none.
 */
export function esgAspectOfReferences(
  references: readonly string[],
): 'Environmental' | 'Social' | 'Governance' | null {
  const given = references.filter((reference) => reference in ESG_ASPECT_OF_REFERENCE);
  const topic = given.find((reference) => !MANAGEMENT_REFERENCES.has(reference));
  const chosen = topic ?? given[0];
  return chosen ? (ESG_ASPECT_OF_REFERENCE[chosen] ?? null) : null;
}

export const CONDITION_TYPES = ['precedent', 'subsequent', 'ongoing', 'recurring'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export const CONDITION_TYPE_LABELS: Readonly<Record<ConditionType, string>> = textRecord({
  precedent: 'contract.esap.conditionType.precedent',
  subsequent: 'contract.esap.conditionType.subsequent',
  ongoing: 'contract.esap.conditionType.ongoing',
  recurring: 'contract.esap.conditionType.recurring',
});

export function isConditionType(value: unknown): value is ConditionType {
  return typeof value === 'string' && (CONDITION_TYPES as readonly string[]).includes(value);
}

/** How long each lender text may be (the forms and the API check the same numbers). */
export const ESAP_TEXT_LIMITS = {
  esapItemNumber: 20,
  completionIndicator: 2000,
  resources: 2000,
  esapSection: 300,
  timetable: 500,
  loanClause: 100,
} as const;

/** The lender fields' labels: the gap form, the Gap Details panel and the CSV header use them. */
export const ESAP_FIELD_LABELS = {
  esapItemNumber: 'ESAP Item No.',
  requirementReferences: 'Requirement References',
  completionIndicator: 'Completion Indicator',
  resources: 'Resources',
  esapSection: 'ESAP Section',
  timetable: 'Timetable',
  conditionType: 'Condition Type',
  loanClause: 'Loan Agreement Clause',
} as const;

export type EsapField = keyof typeof ESAP_FIELD_LABELS;

/**
 * The lender fields' labels in the language in use, for the screens; ESAP_FIELD_LABELS stays the
 * English of the CSV and workbook headers, which imports match.
 */
export const ESAP_FIELD_TEXT: Readonly<Record<EsapField | 'dueRelativeTo', string>> = textRecord({
  esapItemNumber: 'contract.esap.field.esapItemNumber',
  requirementReferences: 'contract.esap.field.requirementReferences',
  completionIndicator: 'contract.esap.field.completionIndicator',
  resources: 'contract.esap.field.resources',
  esapSection: 'contract.esap.field.esapSection',
  timetable: 'contract.esap.field.timetable',
  conditionType: 'contract.esap.field.conditionType',
  loanClause: 'contract.esap.field.loanClause',
  dueRelativeTo: 'contract.esap.dueRelativeTo',
});

/** The CSV export's lender columns, after the spec's columns, in this order. */
export const ESAP_CSV_COLUMNS: readonly string[] = [
  ESAP_FIELD_LABELS.esapItemNumber,
  ESAP_FIELD_LABELS.requirementReferences,
  ESAP_FIELD_LABELS.completionIndicator,
  ESAP_FIELD_LABELS.timetable,
  ESAP_FIELD_LABELS.conditionType,
  ESAP_FIELD_LABELS.loanClause,
  'Due Relative To',
  ESAP_FIELD_LABELS.resources,
  ESAP_FIELD_LABELS.esapSection,
];

/** The CSV column and the panel's term of a due date relative to a financing milestone. */
export const DUE_RELATIVE_TO_LABEL = 'Due Relative To';

/** The condition types that serve a clause of the loan agreement (the form asks for it with them). */
export const conditionNamesClause = (type: ConditionType | '' | null | undefined) =>
  type === 'precedent' || type === 'subsequent';

export const ESAP_ITEM_NUMBER_TAKEN = (itemNumber: string) =>
  `ESAP item ${itemNumber} is already in this action plan.`;
/** The error `code` of the 409 for an item number the plan already has. */
export const ESAP_ITEM_NUMBER_TAKEN_CODE = 'ESAP_ITEM_NUMBER_TAKEN';
/** Two gaps of one payload with the same item number (positions count from 1). */
export const ESAP_ITEM_NUMBER_REPEATED = (itemNumber: string, first: number, second: number) =>
  `Gaps ${first} and ${second} both have ESAP item ${itemNumber}; each item number can be used once in an action plan.`;

/**
 * How item numbers are compared for uniqueness within a plan: trimmed and without regard to case
 * ('4.1a' is '4.1A'), as the database's unique index compares them.
 */
export const esapItemNumberKey = (itemNumber: string) => itemNumber.trim().toLowerCase();

/** The first item number two of `gaps` share, with their positions (from 1), or undefined. */
export function repeatedEsapItemNumber(
  gaps: readonly { esapItemNumber?: string | null }[],
): { itemNumber: string; first: number; second: number } | undefined {
  const seen = new Map<string, number>();
  for (const [index, gap] of gaps.entries()) {
    const itemNumber = gap.esapItemNumber?.trim();
    if (!itemNumber) continue;
    const key = esapItemNumberKey(itemNumber);
    const first = seen.get(key);
    if (first !== undefined) return { itemNumber, first: first + 1, second: index + 1 };
    seen.set(key, index);
  }
  return undefined;
}

export const UNKNOWN_REQUIREMENT_REFERENCE = (value: string) =>
  t('contract.esap.unknownRequirementReference', { value });
export const UNKNOWN_CONDITION_TYPE =
  'Condition type must be precedent, subsequent, ongoing or recurring.';
/** UNKNOWN_CONDITION_TYPE in the language in use. */
export const ESAP_MESSAGES = textRecord({
  UNKNOWN_CONDITION_TYPE: 'contract.esap.unknownConditionType',
});

/** The timetable that makes an ESAP item a condition precedent when imported. */
export const PRIOR_TO_FIRST_DISBURSEMENT = 'Prior to first disbursement';

/** Import limits. */
export const ESAP_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const ESAP_IMPORT_MAX_ROWS = 2000;
export const DOWNLOAD_REPORT_LABEL = 'Download report';
