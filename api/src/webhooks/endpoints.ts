// An organisation's webhook endpoints and their deliveries, as its owners manage them
// (docs/decisions/0096-webhooks.md). Every statement is scoped to the owner's organisation: another's
// endpoint is not found.
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db';
import { notFound } from '../errors';
import { conflict } from '../organisations/messages';
import { lockOrganisation, organisationColumn, organisationOf } from '../organisations/users';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type SessionUser,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@verity/shared-api/src/server';

/** A signing secret as Standard Webhooks writes one: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

interface EndpointRow {
  id: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  disabled_reason: string | null;
  created_at: Date;
  created_by_name: string;
}

const ENDPOINT_COLUMNS =
  'e.id, e.url, e.events, e.enabled, e.disabled_reason, e.created_at, e.created_by_name';

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events,
  enabled: row.enabled,
  disabledReason: row.disabled_reason,
  createdAt: row.created_at.toISOString(),
  createdByName: row.created_by_name,
});

/** `e.<organisation> = $1` for the owner's organisation, with its parameters. */
function scopeOf(owner: SessionUser) {
  const organisation = organisationOf(owner);
  if (!organisation) throw notFound();
  return {
    organisation,
    where: `e.${organisationColumn(organisation.userType)} = $1`,
    params: [organisation.id] as unknown[],
  };
}

export async function listEndpoints(db: Queryable, owner: SessionUser): Promise<WebhookEndpoint[]> {
  const { where, params } = scopeOf(owner);
  const { rows } = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE ${where} ORDER BY e.created_at, e.id`,
    params,
  );
  return rows.map(toEndpoint);
}

async function endpointOf(db: Queryable, owner: SessionUser, id: string, lock = false) {
  const { where, params } = scopeOf(owner);
  const { rows } = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE ${where} AND e.id = $2
     ${lock ? 'FOR UPDATE' : ''}`,
    [...params, id],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** Adds an endpoint (at most WEBHOOK_LIMITS.endpoints an organisation); answers it and its secret. */
export async function createEndpoint(
  db: Database,
  owner: SessionUser,
  input: { url: string; events: WebhookEvent[] },
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const { organisation, where, params } = scopeOf(owner);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    await lockOrganisation(tx, organisation);
    const count = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_endpoints e WHERE ${where}`,
      params,
    );
    if (count.rows[0]!.n >= WEBHOOK_LIMITS.endpoints) throw conflict(WEBHOOK_MESSAGES.tooMany);
    const { rows } = await tx.query<EndpointRow>(
      `INSERT INTO webhook_endpoints AS e (user_type, ${organisationColumn(organisation.userType)}, url, events, secret, created_by_name)
       VALUES ($2, $1, $3, $4, $5, $6) RETURNING ${ENDPOINT_COLUMNS}`,
      [...params, organisation.userType, input.url, input.events, secret, owner.fullname],
    );
    return { endpoint: toEndpoint(rows[0]!), secret };
  });
}

/** Changes the address, the events or switches it on or off; on again clears its failures. */
export async function updateEndpoint(
  db: Database,
  owner: SessionUser,
  id: string,
  change: { url?: string; events?: WebhookEvent[]; enabled?: boolean },
): Promise<WebhookEndpoint> {
  return db.transaction(async (tx) => {
    await endpointOf(tx, owner, id, true);
    const { rows } = await tx.query<EndpointRow>(
      `UPDATE webhook_endpoints e SET url = COALESCE($2, url), events = COALESCE($3, events),
         enabled = COALESCE($4, enabled),
         consecutive_failures = CASE WHEN $4 THEN 0 ELSE consecutive_failures END,
         disabled_at = CASE WHEN $4 IS NULL THEN disabled_at WHEN $4 THEN NULL ELSE now() END,
         disabled_reason = CASE WHEN $4 IS NULL THEN disabled_reason ELSE NULL END
       WHERE e.id = $1 RETURNING ${ENDPOINT_COLUMNS}`,
      [id, change.url ?? null, change.events ?? null, change.enabled ?? null],
    );
    return toEndpoint(rows[0]!);
  });
}

export async function removeEndpoint(db: Database, owner: SessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await endpointOf(tx, owner, id, true);
    await tx.query('DELETE FROM webhook_endpoints WHERE id = $1', [id]);
  });
}

/** A new secret; the old one still signs beside it for WEBHOOK_LIMITS.previousSecretHours. */
export async function rollSecret(
  db: Database,
  owner: SessionUser,
  id: string,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const endpoint = await endpointOf(tx, owner, id, true);
    await tx.query(
      `UPDATE webhook_endpoints SET previous_secret = secret, secret = $2,
         previous_secret_until = now() + make_interval(hours => $3)
       WHERE id = $1`,
      [id, secret, WEBHOOK_LIMITS.previousSecretHours],
    );
    return { endpoint: toEndpoint(endpoint), secret };
  });
}

interface DeliveryRow {
  id: string;
  event_type: WebhookEvent;
  payload: unknown;
  created_at: Date;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_attempt_at: Date | null;
  response_status: number | null;
  response_excerpt: string | null;
  delivered_at: Date | null;
}

const DELIVERY_COLUMNS = `d.id, d.event_type, d.payload, d.created_at, d.state, d.attempts,
  d.last_attempt_at, d.response_status, d.response_excerpt, d.delivered_at`;

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  eventType: row.event_type,
  payload: row.payload,
  createdAt: row.created_at.toISOString(),
  state: row.state,
  attempts: row.attempts,
  lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
  responseStatus: row.response_status,
  responseExcerpt: row.response_excerpt,
  deliveredAt: row.delivered_at?.toISOString() ?? null,
});

/** The endpoint's deliveries, newest first, a page at a time. */
export async function listDeliveries(
  db: Queryable,
  owner: SessionUser,
  id: string,
  page: number,
): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
  await endpointOf(db, owner, id);
  const size = WEBHOOK_LIMITS.deliveriesPageSize;
  const { rows } = await db.query<DeliveryRow & { total: number }>(
    `SELECT ${DELIVERY_COLUMNS}, count(*) OVER ()::int AS total FROM webhook_deliveries d
     WHERE d.endpoint_id = $1 ORDER BY d.created_at DESC, d.id DESC LIMIT $2 OFFSET $3`,
    [id, size, (page - 1) * size],
  );
  const total =
    rows[0]?.total ??
    (
      await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1',
        [id],
      )
    ).rows[0]!.n;
  return { deliveries: rows.map(toDelivery), total };
}

/**
 * Sends a delivery again, as a new delivery of the same event (its own id and log line), so the
 * first one's record stays as it was. Answers the new one, pending.
 */
export async function copyDelivery(
  tx: Queryable,
  owner: SessionUser,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  await endpointOf(tx, owner, endpointId);
  const { rows } = await tx.query<DeliveryRow>(
    `INSERT INTO webhook_deliveries AS d (endpoint_id, event_type, payload)
     SELECT endpoint_id, event_type, payload FROM webhook_deliveries
     WHERE id = $2 AND endpoint_id = $1
     RETURNING ${DELIVERY_COLUMNS}`,
    [endpointId, deliveryId],
  );
  if (!rows[0]) throw notFound();
  return toDelivery(rows[0]);
}

/**
 * Forgets deliveries that ended (delivered, or failed every try) more than
 * WEBHOOK_LIMITS.deliveryLogDays ago: the log shows a month; one still being tried is kept.
 * Answers how many it forgot.
 */
export async function forgetOldDeliveries(db: Queryable, now: Date = new Date()): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `DELETE FROM webhook_deliveries
     WHERE state <> 'pending' AND created_at < $1::timestamptz - make_interval(days => $2)
     RETURNING id`,
    [now.toISOString(), WEBHOOK_LIMITS.deliveryLogDays],
  );
  return rows.length;
}
