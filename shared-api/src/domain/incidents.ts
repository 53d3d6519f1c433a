// Serious E&S incidents (docs/decisions/0099-serious-incidents.md): the categories and severities,
// the client's default clocks, the limits, and the words the API answers bad input with.
import { t } from '#texts';
import { textRecord } from '../text-records';
import { isDayCount } from './limits';
import { USER_TYPE_AREA_PATHS, type UserType } from './user';

export const INCIDENT_CATEGORIES = [
  'fatality',
  'seriousInjury',
  'spillOrRelease',
  'fireOrExplosion',
  'labourUnrest',
  'communityUnrest',
  'pressAttention',
  'other',
] as const;
export type IncidentCategory = (typeof INCIDENT_CATEGORIES)[number];

export const INCIDENT_CATEGORY_LABELS: Readonly<Record<IncidentCategory, string>> = textRecord({
  fatality: 'contract.incident.category.fatality',
  seriousInjury: 'contract.incident.category.seriousInjury',
  spillOrRelease: 'contract.incident.category.spillOrRelease',
  fireOrExplosion: 'contract.incident.category.fireOrExplosion',
  labourUnrest: 'contract.incident.category.labourUnrest',
  communityUnrest: 'contract.incident.category.communityUnrest',
  pressAttention: 'contract.incident.category.pressAttention',
  other: 'contract.incident.category.other',
});

export const INCIDENT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];

/** The client's clocks until its owner sets them: days after the event. */
export const DEFAULT_INCIDENT_CLOCKS = { notifyWithinDays: 3, rootCauseWithinDays: 30 } as const;
export const INCIDENT_CLOCK_DAYS_MAX = 365;

export const INCIDENT_LOCATION_MAX = 500;
export const INCIDENT_TEXT_MAX = 20_000;
export const INCIDENT_ROOT_CAUSE_MAX = 50_000;
export const INCIDENT_QUESTION_MAX = 4_000;
export const INCIDENT_PEOPLE_MAX = 1_000_000;

/**
 * The rules' messages, read in the language in use each time they are read (the screens'); the
 * constants below are their English, as the servers and the tests read them.
 */
export const INCIDENT_MESSAGES = textRecord({
  INCIDENT_CATEGORY_UNKNOWN: 'contract.refusal.incident.categoryUnknown',
  INCIDENT_SEVERITY_UNKNOWN: 'contract.refusal.incident.severityUnknown',
  INCIDENT_OCCURRED_AT_INVALID: 'contract.refusal.incident.occurredAtInvalid',
  INCIDENT_LOCATION_REQUIRED: () =>
    t('contract.refusal.incident.locationRequired', { max: INCIDENT_LOCATION_MAX }),
  INCIDENT_DESCRIPTION_REQUIRED: () =>
    t('contract.refusal.incident.descriptionRequired', { max: INCIDENT_TEXT_MAX }),
  INCIDENT_ACTIONS_TOO_LONG: () =>
    t('contract.refusal.incident.actionsTooLong', { max: INCIDENT_TEXT_MAX }),
  INCIDENT_PEOPLE_INVALID: 'contract.refusal.incident.peopleInvalid',
  INCIDENT_ROOT_CAUSE_REQUIRED: () =>
    t('contract.refusal.incident.rootCauseRequired', { max: INCIDENT_ROOT_CAUSE_MAX }),
  INCIDENT_QUESTION_REQUIRED: () =>
    t('contract.refusal.incident.questionRequired', { max: INCIDENT_QUESTION_MAX }),
  INCIDENT_ANSWER_REQUIRED: () =>
    t('contract.refusal.incident.answerRequired', { max: INCIDENT_QUESTION_MAX }),
  INCIDENT_CLOCK_INVALID: () =>
    t('contract.refusal.incident.clockInvalid', { max: INCIDENT_CLOCK_DAYS_MAX }),
  INCIDENT_CLOSED: 'contract.refusal.incident.closed',
  INCIDENT_PHOTOS_REQUIRED: 'contract.refusal.incident.photosRequired',
  INCIDENT_QUESTION_ANSWERED: 'contract.refusal.incident.questionAnswered',
  INCIDENT_STALE: 'contract.refusal.incident.stale',
});

export const INCIDENT_CATEGORY_UNKNOWN = INCIDENT_MESSAGES.INCIDENT_CATEGORY_UNKNOWN;
export const INCIDENT_SEVERITY_UNKNOWN = INCIDENT_MESSAGES.INCIDENT_SEVERITY_UNKNOWN;
export const INCIDENT_OCCURRED_AT_INVALID = INCIDENT_MESSAGES.INCIDENT_OCCURRED_AT_INVALID;
export const INCIDENT_LOCATION_REQUIRED = INCIDENT_MESSAGES.INCIDENT_LOCATION_REQUIRED;
export const INCIDENT_DESCRIPTION_REQUIRED = INCIDENT_MESSAGES.INCIDENT_DESCRIPTION_REQUIRED;
export const INCIDENT_ACTIONS_TOO_LONG = INCIDENT_MESSAGES.INCIDENT_ACTIONS_TOO_LONG;
export const INCIDENT_PEOPLE_INVALID = INCIDENT_MESSAGES.INCIDENT_PEOPLE_INVALID;
export const INCIDENT_ROOT_CAUSE_REQUIRED = INCIDENT_MESSAGES.INCIDENT_ROOT_CAUSE_REQUIRED;
export const INCIDENT_QUESTION_REQUIRED = INCIDENT_MESSAGES.INCIDENT_QUESTION_REQUIRED;
export const INCIDENT_ANSWER_REQUIRED = INCIDENT_MESSAGES.INCIDENT_ANSWER_REQUIRED;
export const INCIDENT_CLOCK_INVALID = INCIDENT_MESSAGES.INCIDENT_CLOCK_INVALID;
export const INCIDENT_CLOSED = INCIDENT_MESSAGES.INCIDENT_CLOSED;
export const INCIDENT_PHOTOS_REQUIRED = INCIDENT_MESSAGES.INCIDENT_PHOTOS_REQUIRED;
export const INCIDENT_QUESTION_ANSWERED = INCIDENT_MESSAGES.INCIDENT_QUESTION_ANSWERED;
export const INCIDENT_STALE = INCIDENT_MESSAGES.INCIDENT_STALE;

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

export interface IncidentValues {
  category: IncidentCategory;
  severity: IncidentSeverity;
  occurredAt: string;
  location: string;
  description: string;
  peopleAffected: number;
  immediateActions: string;
}

export interface IncidentInput {
  category?: string;
  severity?: string;
  occurredAt?: string;
  location?: string;
  description?: string;
  peopleAffected?: number;
  immediateActions?: string;
}

/** A minute's grace for a clock a little ahead of the server's. */
const FUTURE_GRACE_MS = 60_000;

const text = (value: unknown, max: number, required: boolean): string | null => {
  if (value === undefined || value === null) return required ? null : '';
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed.length > max || (required && trimmed.length === 0)) return null;
  return trimmed;
};

/** An incident as reported or edited, checked against the rules; `now` decides what is the future. */
export function checkIncident(
  input: IncidentInput,
  now: Date = new Date(),
): Checked<IncidentValues> {
  if (!(INCIDENT_CATEGORIES as readonly string[]).includes(input.category ?? ''))
    return { ok: false, message: INCIDENT_MESSAGES.INCIDENT_CATEGORY_UNKNOWN };
  if (!(INCIDENT_SEVERITIES as readonly string[]).includes(input.severity ?? ''))
    return { ok: false, message: INCIDENT_MESSAGES.INCIDENT_SEVERITY_UNKNOWN };
  const occurred = Date.parse(input.occurredAt ?? '');
  if (
    !/^\d{4}-\d{2}-\d{2}T/.test(input.occurredAt ?? '') ||
    Number.isNaN(occurred) ||
    occurred > now.getTime() + FUTURE_GRACE_MS ||
    occurred < Date.parse('2000-01-01T00:00:00Z')
  )
    return { ok: false, message: INCIDENT_MESSAGES.INCIDENT_OCCURRED_AT_INVALID };
  const location = text(input.location, INCIDENT_LOCATION_MAX, true);
  if (location === null)
    return { ok: false, message: INCIDENT_MESSAGES.INCIDENT_LOCATION_REQUIRED };
  const description = text(input.description, INCIDENT_TEXT_MAX, true);
  if (description === null)
    return { ok: false, message: INCIDENT_MESSAGES.INCIDENT_DESCRIPTION_REQUIRED };
  const immediateActions = text(input.immediateActions, INCIDENT_TEXT_MAX, false);
  if (immediateActions === null)
    return { ok: false, message: INCIDENT_MESSAGES.INCIDENT_ACTIONS_TOO_LONG };
  const people = input.peopleAffected;
  if (
    typeof people !== 'number' ||
    !Number.isInteger(people) ||
    people < 0 ||
    people > INCIDENT_PEOPLE_MAX
  )
    return { ok: false, message: INCIDENT_MESSAGES.INCIDENT_PEOPLE_INVALID };
  return {
    ok: true,
    value: {
      category: input.category as IncidentCategory,
      severity: input.severity as IncidentSeverity,
      occurredAt: new Date(occurred).toISOString(),
      location,
      description,
      peopleAffected: people,
      immediateActions,
    },
  };
}

/** A required text of at most `max` characters (a root cause, a question, an answer), or `message`. */
export function checkIncidentText(value: unknown, max: number, message: string): Checked<string> {
  const checked = text(value, max, true);
  return checked === null ? { ok: false, message } : { ok: true, value: checked };
}

export interface IncidentClocks {
  notifyWithinDays: number;
  rootCauseWithinDays: number;
}

export function checkIncidentClocks(input: {
  notifyWithinDays?: number;
  rootCauseWithinDays?: number;
}): Checked<IncidentClocks> {
  const days = [input.notifyWithinDays, input.rootCauseWithinDays];
  if (!days.every((value) => isDayCount(value, INCIDENT_CLOCK_DAYS_MAX)))
    return { ok: false, message: INCIDENT_MESSAGES.INCIDENT_CLOCK_INVALID };
  return {
    ok: true,
    value: {
      notifyWithinDays: input.notifyWithinDays!,
      rootCauseWithinDays: input.rootCauseWithinDays!,
    },
  };
}

/**
 * The incident's page in the reader's own area: the notices' links and the screens' (the company's
 * area has one company; the others name it).
 */
export function incidentPath(
  userType: UserType,
  place: { targetCompanyId: string; incidentId: string },
): string {
  const id = encodeURIComponent;
  return userType === 'targetCompany'
    ? `${USER_TYPE_AREA_PATHS.targetCompany}/incidents/${id(place.incidentId)}`
    : `${USER_TYPE_AREA_PATHS[userType]}/target-companies/${id(place.targetCompanyId)}/incidents/${id(place.incidentId)}`;
}
