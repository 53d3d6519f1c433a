// Webhooks (docs/decisions/0096-webhooks.md): the events an organisation's owner can subscribe an
// endpoint to, the limits, and the words the API and the settings page share.
import type { RuleResult } from '../rules/rule-result';

export const WEBHOOK_EVENTS = [
  'gap.status_changed',
  'gap.remark_added',
  'gap.closure_requested',
  'gap.closure_accepted',
  'gap.closure_returned',
  'gap.extension_requested',
  'gap.extension_answered',
  'gap.due_soon',
  'gap.overdue',
  'action_plan.created',
  'action_plan.imported',
  'action_plan.revised',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEvent, string>> = {
  'gap.status_changed': "A gap's status changed",
  'gap.remark_added': 'A remark or evidence added',
  'gap.closure_requested': 'Closure requested',
  'gap.closure_accepted': 'Closure accepted',
  'gap.closure_returned': 'Closure returned',
  'gap.extension_requested': 'Due-date extension requested',
  'gap.extension_answered': 'Due-date extension answered',
  'gap.due_soon': 'An item due soon',
  'gap.overdue': 'An item overdue',
  'action_plan.created': 'An action plan created',
  'action_plan.imported': 'An ESAP imported',
  'action_plan.revised': 'An ESAP revised',
};

export const WEBHOOK_LIMITS = {
  url: 2000,
  /** Endpoints of one organisation. */
  endpoints: 10,
  /** Deliveries that failed every try, one after another, before the endpoint is switched off. */
  failuresBeforeOff: 5,
  /** How long a rolled secret still signs beside the new one. */
  previousSecretHours: 24,
  deliveriesPageSize: 50,
  /** How long a delivered or failed delivery stays in the log (the daily scan forgets older ones). */
  deliveryLogDays: 30,
} as const;

export const WEBHOOK_MESSAGES = {
  title: 'Webhooks',
  badUrl:
    'Give the address as https://host/path: an https address without a user name or password.',
  urlTooLong: `The address can be at most ${WEBHOOK_LIMITS.url} characters.`,
  privateAddress:
    'That address is on a private, loopback or link-local network: Verity only sends to public addresses.',
  noEvents: 'Choose at least one event to send.',
  badEvent: (event: string) => `${event} is not an event Verity sends.`,
  tooMany: `An organisation can have at most ${WEBHOOK_LIMITS.endpoints} webhook endpoints.`,
  disabled: (failures: number) =>
    `Switched off after ${failures} deliveries in a row failed every try.`,
} as const;

/** The address as kept, or the message that refuses it (the server checks where it leads too). */
export function checkWebhookUrl(value: string, allowHttp = false): RuleResult<string> {
  const trimmed = value.trim();
  if (trimmed.length > WEBHOOK_LIMITS.url)
    return { ok: false, message: WEBHOOK_MESSAGES.urlTooLong };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: WEBHOOK_MESSAGES.badUrl };
  }
  const schemeOk = url.protocol === 'https:' || (allowHttp && url.protocol === 'http:');
  if (!schemeOk || url.username || url.password || !url.hostname)
    return { ok: false, message: WEBHOOK_MESSAGES.badUrl };
  return { ok: true, value: url.toString() };
}

/** The events as kept: known ones, each once, in the list's order. */
export function checkWebhookEvents(events: readonly string[]): RuleResult<WebhookEvent[]> {
  const unknown = events.find((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event));
  if (unknown !== undefined) return { ok: false, message: WEBHOOK_MESSAGES.badEvent(unknown) };
  const chosen = WEBHOOK_EVENTS.filter((event) => events.includes(event));
  if (chosen.length === 0) return { ok: false, message: WEBHOOK_MESSAGES.noEvents };
  return { ok: true, value: chosen };
}
