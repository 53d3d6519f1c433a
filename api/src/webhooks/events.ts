// An event of a plan's tenancy becomes its webhook deliveries and their jobs, in the transaction of
// the write that caused it (`record_webhook_event`, migration 0052; a status change is recorded by
// a trigger); each delivery's job is queued by `queue_webhook_deliveries` (migration 0055). See
// docs/decisions/0096-webhooks.md.
import type { NotificationKind, WebhookEvent } from '@verity/shared-api/src/server';
import type { Queryable } from '../db';

/** The queue of deliveries, as migrations 0052 (which creates it) and 0055 (which fills it) name it. */
export const WEBHOOK_QUEUE = 'webhook-delivery';

/** What a delivery's job carries: the delivery to send. */
export interface WebhookJob {
  deliveryId: string;
}

/** Ids and a few words: the receiver reads the rest with an API token, within its own tenancy. */
export interface WebhookEventData {
  type: WebhookEvent;
  actionPlanId: string;
  targetCompanyId: string;
  gapId?: string;
  /** The item number, the new status, a revision's number, an extension's answer. */
  detail?: Record<string, string | number | null | undefined>;
}

/** Records the event's deliveries, one per subscribed endpoint that may see it; answers how many. */
export async function recordWebhookEvent(
  tx: Queryable,
  event: WebhookEventData,
  now: Date = new Date(),
): Promise<number> {
  const payload = {
    type: event.type,
    timestamp: now.toISOString(),
    data: {
      gapId: event.gapId ?? null,
      actionPlanId: event.actionPlanId,
      targetCompanyId: event.targetCompanyId,
      ...event.detail,
    },
  };
  const { rows } = await tx.query<{ made: number }>(
    'SELECT record_webhook_event($1, $2, $3::jsonb) AS made',
    [event.type, event.actionPlanId, JSON.stringify(payload)],
  );
  return rows[0]?.made ?? 0;
}

/** Queues a job for each delivery (a delivery sent again), as an event's deliveries are queued. */
export async function queueDeliveries(
  tx: Queryable,
  deliveryIds: readonly string[],
): Promise<void> {
  await tx.query('SELECT queue_webhook_deliveries($1::uuid[])', [deliveryIds]);
}

/** The webhook event of a notification's event or notice, where it has one. */
export const WEBHOOK_EVENT_OF: Readonly<Partial<Record<NotificationKind, WebhookEvent>>> = {
  closureRequested: 'gap.closure_requested',
  closureReturned: 'gap.closure_returned',
  closureAccepted: 'gap.closure_accepted',
  extensionRequested: 'gap.extension_requested',
  extensionAnswered: 'gap.extension_answered',
  remarkAdded: 'gap.remark_added',
  dueSoon: 'gap.due_soon',
  overdue: 'gap.overdue',
};
