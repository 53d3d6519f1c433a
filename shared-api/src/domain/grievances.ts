// The company's grievance log (docs/decisions/0104-grievances.md): the channels, the complainants,
// the categories, the steps, the company's default targets, the limits, and the words the API
// answers bad input with.
import { t } from '#texts';
import { textRecord } from '../text-records';
import { isDayCount } from './limits';

export const GRIEVANCE_CHANNELS = [
  'inPerson',
  'phone',
  'letter',
  'email',
  'suggestionBox',
  'hotline',
  'communityMeeting',
  'other',
] as const;
export type GrievanceChannel = (typeof GRIEVANCE_CHANNELS)[number];

export const GRIEVANCE_CHANNEL_LABELS: Readonly<Record<GrievanceChannel, string>> = textRecord({
  inPerson: 'contract.grievance.channel.inPerson',
  phone: 'contract.grievance.channel.phone',
  letter: 'contract.grievance.channel.letter',
  email: 'contract.grievance.channel.email',
  suggestionBox: 'contract.grievance.channel.suggestionBox',
  hotline: 'contract.grievance.channel.hotline',
  communityMeeting: 'contract.grievance.channel.communityMeeting',
  other: 'contract.grievance.channel.other',
});

export const GRIEVANCE_COMPLAINANTS = ['worker', 'contractorWorker', 'community'] as const;
export type GrievanceComplainant = (typeof GRIEVANCE_COMPLAINANTS)[number];

export const GRIEVANCE_COMPLAINANT_LABELS: Readonly<Record<GrievanceComplainant, string>> =
  textRecord({
    worker: 'contract.grievance.complainant.worker',
    contractorWorker: 'contract.grievance.complainant.contractorWorker',
    community: 'contract.grievance.complainant.community',
  });

export const GRIEVANCE_CATEGORIES = [
  'wagesAndBenefits',
  'workingConditions',
  'healthAndSafety',
  'harassmentOrDiscrimination',
  'land',
  'environment',
  'communityImpact',
  'other',
] as const;
export type GrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number];

export const GRIEVANCE_CATEGORY_LABELS: Readonly<Record<GrievanceCategory, string>> = textRecord({
  wagesAndBenefits: 'contract.grievance.category.wagesAndBenefits',
  workingConditions: 'contract.grievance.category.workingConditions',
  healthAndSafety: 'contract.grievance.category.healthAndSafety',
  harassmentOrDiscrimination: 'contract.grievance.category.harassmentOrDiscrimination',
  land: 'contract.grievance.category.land',
  environment: 'contract.grievance.category.environment',
  communityImpact: 'contract.grievance.category.communityImpact',
  other: 'contract.grievance.category.other',
});

/** The steps after receipt, in their order. */
export const GRIEVANCE_STEPS = ['acknowledged', 'investigated', 'resolved', 'closed'] as const;
export type GrievanceStep = (typeof GRIEVANCE_STEPS)[number];

export const GRIEVANCE_RESPONSES = ['satisfied', 'notSatisfied', 'noResponse'] as const;
export type GrievanceResponse = (typeof GRIEVANCE_RESPONSES)[number];

export const GRIEVANCE_RESPONSE_LABELS: Readonly<Record<GrievanceResponse, string>> = textRecord({
  satisfied: 'contract.grievance.response.satisfied',
  notSatisfied: 'contract.grievance.response.notSatisfied',
  noResponse: 'contract.grievance.response.noResponse',
});

/** The company's targets until its owner or an admin sets them: days after the day received. */
export const DEFAULT_GRIEVANCE_TARGETS = {
  acknowledgeWithinDays: 7,
  resolveWithinDays: 30,
} as const;
export const GRIEVANCE_TARGET_DAYS_MAX = 365;

export const GRIEVANCE_TEXT_MAX = 20_000;
export const GRIEVANCE_NAME_MAX = 200;
export const GRIEVANCE_CONTACT_MAX = 500;
export const GRIEVANCE_IDENTITY_VIEWERS_MAX = 50;

/**
 * The rules' messages, read in the language in use each time they are read (the screens'); the
 * constants below are their English, as the servers and the tests read them.
 */
export const GRIEVANCE_MESSAGES = textRecord({
  GRIEVANCE_CHANNEL_UNKNOWN: 'contract.refusal.grievance.channelUnknown',
  GRIEVANCE_COMPLAINANT_UNKNOWN: 'contract.refusal.grievance.complainantUnknown',
  GRIEVANCE_CATEGORY_UNKNOWN: 'contract.refusal.grievance.categoryUnknown',
  GRIEVANCE_DAY_INVALID: 'contract.refusal.grievance.dayInvalid',
  GRIEVANCE_DESCRIPTION_REQUIRED: () =>
    t('contract.refusal.grievance.descriptionRequired', { max: GRIEVANCE_TEXT_MAX }),
  GRIEVANCE_ANONYMOUS_INVALID: 'contract.refusal.grievance.anonymousInvalid',
  GRIEVANCE_NAME_REQUIRED: () =>
    t('contract.refusal.grievance.nameRequired', { max: GRIEVANCE_NAME_MAX }),
  GRIEVANCE_ANONYMOUS_NAMELESS: 'contract.refusal.grievance.anonymousNameless',
  GRIEVANCE_CONTACT_TOO_LONG: () =>
    t('contract.refusal.grievance.contactTooLong', { max: GRIEVANCE_CONTACT_MAX }),
  GRIEVANCE_STEP_UNKNOWN: 'contract.refusal.grievance.stepUnknown',
  GRIEVANCE_STEP_OUT_OF_ORDER: 'contract.refusal.grievance.stepOutOfOrder',
  GRIEVANCE_STEP_TEXT_REQUIRED: () =>
    t('contract.refusal.grievance.stepTextRequired', { max: GRIEVANCE_TEXT_MAX }),
  GRIEVANCE_RESPONSE_UNKNOWN: 'contract.refusal.grievance.responseUnknown',
  GRIEVANCE_TARGETS_INVALID: () =>
    t('contract.refusal.grievance.targetsInvalid', { max: GRIEVANCE_TARGET_DAYS_MAX }),
  GRIEVANCE_IDENTITY_VIEWERS_INVALID: () =>
    t('contract.refusal.grievance.identityViewersInvalid', { max: GRIEVANCE_IDENTITY_VIEWERS_MAX }),
  GRIEVANCE_STALE: 'contract.refusal.grievance.stale',
});

export const GRIEVANCE_CHANNEL_UNKNOWN = GRIEVANCE_MESSAGES.GRIEVANCE_CHANNEL_UNKNOWN;
export const GRIEVANCE_COMPLAINANT_UNKNOWN = GRIEVANCE_MESSAGES.GRIEVANCE_COMPLAINANT_UNKNOWN;
export const GRIEVANCE_CATEGORY_UNKNOWN = GRIEVANCE_MESSAGES.GRIEVANCE_CATEGORY_UNKNOWN;
export const GRIEVANCE_DAY_INVALID = GRIEVANCE_MESSAGES.GRIEVANCE_DAY_INVALID;
export const GRIEVANCE_DESCRIPTION_REQUIRED = GRIEVANCE_MESSAGES.GRIEVANCE_DESCRIPTION_REQUIRED;
export const GRIEVANCE_ANONYMOUS_INVALID = GRIEVANCE_MESSAGES.GRIEVANCE_ANONYMOUS_INVALID;
export const GRIEVANCE_NAME_REQUIRED = GRIEVANCE_MESSAGES.GRIEVANCE_NAME_REQUIRED;
export const GRIEVANCE_ANONYMOUS_NAMELESS = GRIEVANCE_MESSAGES.GRIEVANCE_ANONYMOUS_NAMELESS;
export const GRIEVANCE_CONTACT_TOO_LONG = GRIEVANCE_MESSAGES.GRIEVANCE_CONTACT_TOO_LONG;
export const GRIEVANCE_STEP_UNKNOWN = GRIEVANCE_MESSAGES.GRIEVANCE_STEP_UNKNOWN;
export const GRIEVANCE_STEP_OUT_OF_ORDER = GRIEVANCE_MESSAGES.GRIEVANCE_STEP_OUT_OF_ORDER;
export const GRIEVANCE_STEP_TEXT_REQUIRED = GRIEVANCE_MESSAGES.GRIEVANCE_STEP_TEXT_REQUIRED;
export const GRIEVANCE_RESPONSE_UNKNOWN = GRIEVANCE_MESSAGES.GRIEVANCE_RESPONSE_UNKNOWN;
export const GRIEVANCE_TARGETS_INVALID = GRIEVANCE_MESSAGES.GRIEVANCE_TARGETS_INVALID;
export const GRIEVANCE_IDENTITY_VIEWERS_INVALID =
  GRIEVANCE_MESSAGES.GRIEVANCE_IDENTITY_VIEWERS_INVALID;
export const GRIEVANCE_STALE = GRIEVANCE_MESSAGES.GRIEVANCE_STALE;

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

export interface GrievanceValues {
  channel: GrievanceChannel;
  receivedOn: string;
  complainantType: GrievanceComplainant;
  category: GrievanceCategory;
  description: string;
  anonymous: boolean;
  complainantName: string | null;
  complainantContact: string | null;
}

export interface GrievanceInput {
  channel?: unknown;
  receivedOn?: unknown;
  complainantType?: unknown;
  category?: unknown;
  description?: unknown;
  anonymous?: unknown;
  complainantName?: unknown;
  complainantContact?: unknown;
}

const oneOfList = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

const text = (value: unknown, max: number, required: boolean): string | null => {
  if (value === undefined || value === null) return required ? null : '';
  if (typeof value !== 'string' || value.includes('\u0000')) return null;
  const trimmed = value.trim();
  if (trimmed.length > max || (required && trimmed.length === 0)) return null;
  return trimmed;
};

/** The UTC day of `now`, YYYY-MM-DD. */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * A day as YYYY-MM-DD, a real one, from 2000 on and not after tomorrow (UTC) — a day's grace for
 * a company ahead of UTC; not before `notBefore` when given.
 */
export function checkGrievanceDay(
  value: unknown,
  now: Date = new Date(),
  notBefore?: string | null,
): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(time) || dayOf(new Date(time)) !== value) return null;
  if (value < '2000-01-01' || value > dayOf(new Date(now.getTime() + 86_400_000))) return null;
  if (notBefore && value < notBefore) return null;
  return value;
}

/** A grievance as received, checked against the rules; `now` decides what is the future. */
export function checkGrievance(
  input: GrievanceInput,
  now: Date = new Date(),
): Checked<GrievanceValues> {
  if (!oneOfList(GRIEVANCE_CHANNELS, input.channel))
    return { ok: false, message: GRIEVANCE_MESSAGES.GRIEVANCE_CHANNEL_UNKNOWN };
  const receivedOn = checkGrievanceDay(input.receivedOn, now);
  if (!receivedOn) return { ok: false, message: GRIEVANCE_MESSAGES.GRIEVANCE_DAY_INVALID };
  if (!oneOfList(GRIEVANCE_COMPLAINANTS, input.complainantType))
    return { ok: false, message: GRIEVANCE_MESSAGES.GRIEVANCE_COMPLAINANT_UNKNOWN };
  if (!oneOfList(GRIEVANCE_CATEGORIES, input.category))
    return { ok: false, message: GRIEVANCE_MESSAGES.GRIEVANCE_CATEGORY_UNKNOWN };
  const description = text(input.description, GRIEVANCE_TEXT_MAX, true);
  if (description === null)
    return { ok: false, message: GRIEVANCE_MESSAGES.GRIEVANCE_DESCRIPTION_REQUIRED };
  if (typeof input.anonymous !== 'boolean')
    return { ok: false, message: GRIEVANCE_MESSAGES.GRIEVANCE_ANONYMOUS_INVALID };
  let complainantName: string | null = null;
  let complainantContact: string | null = null;
  if (input.anonymous) {
    const given = (value: unknown) => value !== undefined && value !== null && value !== '';
    if (given(input.complainantName) || given(input.complainantContact))
      return { ok: false, message: GRIEVANCE_MESSAGES.GRIEVANCE_ANONYMOUS_NAMELESS };
  } else {
    complainantName = text(input.complainantName, GRIEVANCE_NAME_MAX, true);
    if (complainantName === null)
      return { ok: false, message: GRIEVANCE_MESSAGES.GRIEVANCE_NAME_REQUIRED };
    const contact = text(input.complainantContact, GRIEVANCE_CONTACT_MAX, false);
    if (contact === null)
      return { ok: false, message: GRIEVANCE_MESSAGES.GRIEVANCE_CONTACT_TOO_LONG };
    complainantContact = contact || null;
  }
  return {
    ok: true,
    value: {
      channel: input.channel,
      receivedOn,
      complainantType: input.complainantType,
      category: input.category,
      description,
      anonymous: input.anonymous,
      complainantName,
      complainantContact,
    },
  };
}

export interface GrievanceStepValues {
  step: GrievanceStep;
  on: string;
  /** What the investigation found, or how it was resolved; null for the other steps. */
  text: string | null;
  response: GrievanceResponse | null;
}

/**
 * A step as given, checked for its shape (the grievance's order and days are the server's):
 * `investigated` and `resolved` need their text, `closed` the complainant's response.
 */
export function checkGrievanceStep(
  input: { step?: unknown; on?: unknown; text?: unknown; response?: unknown },
  now: Date = new Date(),
): Checked<GrievanceStepValues> {
  if (!oneOfList(GRIEVANCE_STEPS, input.step))
    return { ok: false, message: GRIEVANCE_MESSAGES.GRIEVANCE_STEP_UNKNOWN };
  const on = checkGrievanceDay(input.on, now);
  if (!on) return { ok: false, message: GRIEVANCE_MESSAGES.GRIEVANCE_DAY_INVALID };
  let stepText: string | null = null;
  if (input.step === 'investigated' || input.step === 'resolved') {
    stepText = text(input.text, GRIEVANCE_TEXT_MAX, true);
    if (stepText === null)
      return { ok: false, message: GRIEVANCE_MESSAGES.GRIEVANCE_STEP_TEXT_REQUIRED };
  }
  let response: GrievanceResponse | null = null;
  if (input.step === 'closed') {
    if (!oneOfList(GRIEVANCE_RESPONSES, input.response))
      return { ok: false, message: GRIEVANCE_MESSAGES.GRIEVANCE_RESPONSE_UNKNOWN };
    response = input.response;
  }
  return { ok: true, value: { step: input.step, on, text: stepText, response } };
}

export interface GrievanceTargets {
  acknowledgeWithinDays: number;
  resolveWithinDays: number;
}

export function checkGrievanceTargets(input: {
  acknowledgeWithinDays?: unknown;
  resolveWithinDays?: unknown;
}): Checked<GrievanceTargets> {
  const days = [input.acknowledgeWithinDays, input.resolveWithinDays];
  if (!days.every((value) => isDayCount(value, GRIEVANCE_TARGET_DAYS_MAX)))
    return { ok: false, message: GRIEVANCE_MESSAGES.GRIEVANCE_TARGETS_INVALID };
  return {
    ok: true,
    value: {
      acknowledgeWithinDays: input.acknowledgeWithinDays as number,
      resolveWithinDays: input.resolveWithinDays as number,
    },
  };
}
