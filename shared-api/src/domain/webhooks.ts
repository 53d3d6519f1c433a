// Webhooks (docs/decisions/0096-webhooks.md): the events an organisation's owner can subscribe an
// endpoint to, the limits, and the words the API and the settings page share.
import { t } from '#texts';
import type { RuleResult } from '../rules/rule-result';
import { textRecord } from '../text-records';

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

export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEvent, string>> = textRecord({
  'gap.status_changed': 'contract.webhook.event.gapStatusChanged',
  'gap.remark_added': 'contract.webhook.event.gapRemarkAdded',
  'gap.closure_requested': 'contract.webhook.event.gapClosureRequested',
  'gap.closure_accepted': 'contract.webhook.event.gapClosureAccepted',
  'gap.closure_returned': 'contract.webhook.event.gapClosureReturned',
  'gap.extension_requested': 'contract.webhook.event.gapExtensionRequested',
  'gap.extension_answered': 'contract.webhook.event.gapExtensionAnswered',
  'gap.due_soon': 'contract.webhook.event.gapDueSoon',
  'gap.overdue': 'contract.webhook.event.gapOverdue',
  'action_plan.created': 'contract.webhook.event.actionPlanCreated',
  'action_plan.imported': 'contract.webhook.event.actionPlanImported',
  'action_plan.revised': 'contract.webhook.event.actionPlanRevised',
});

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
  get title() {
    return t('contract.webhook.title');
  },
  get badUrl() {
    return t('contract.webhook.badUrl');
  },
  get urlTooLong() {
    return t('contract.webhook.urlTooLong', { max: WEBHOOK_LIMITS.url });
  },
  get privateAddress() {
    return t('contract.webhook.privateAddress');
  },
  get noEvents() {
    return t('contract.webhook.noEvents');
  },
  badEvent: (event: string) => t('contract.webhook.badEvent', { event }),
  get tooMany() {
    return t('contract.webhook.tooMany', { max: WEBHOOK_LIMITS.endpoints });
  },
  disabled: (failures: number) => t('contract.webhook.disabled', { failures }),
};

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
