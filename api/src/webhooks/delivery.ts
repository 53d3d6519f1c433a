// Sending one delivery (docs/decisions/0096-webhooks.md): signed as Standard Webhooks asks (an
// HMAC-SHA256 over id, timestamp and body, with the endpoint's secret and, for a day after a roll,
// its previous one), POSTed to the endpoint's address at a public IP only, never following a
// redirect, and recorded. A try that fails throws, and the queue tries again with back-off; the last
// one records the failure, and an endpoint failing `failuresBeforeOff` deliveries in a row is
// switched off and its owners told.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from '@verity/shared-api/src/server';
import type { Database } from '../db';
import type { Outbox } from '../notifications/deliveries';
import { guardedLookup, PrivateAddressError } from './addresses';

/** The `webhook-signature` header: `v1,<base64 HMAC>` for each secret that signs now. */
export function signatures(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
      const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
      return `v1,${mac}`;
    })
    .join(' ');
}

export interface WebhookSettings {
  /** Hosts the operator lets webhooks reach though private (and over http): WEBHOOK_PRIVATE_HOSTS. */
  privateHosts: ReadonlySet<string>;
  timeoutMs: number;
}

interface Answer {
  status: number | null;
  excerpt: string;
}

const EXCERPT_BYTES = 1024;

/** POSTs the body; answers the status and the start of the answer, or why there was none. */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  settings: WebhookSettings,
): Promise<Answer> {
  return new Promise((resolve) => {
    const send = url.protocol === 'https:' ? https.request : http.request;
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(settings.privateHosts) as never,
        timeout: settings.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < EXCERPT_BYTES) chunks.push(chunk.subarray(0, EXCERPT_BYTES - kept));
          kept += chunk.length;
        });
        response.on('end', () => {
          const status = response.statusCode ?? null;
          const text = Buffer.concat(chunks).toString('utf8');
          // A redirect is not followed: it could lead anywhere, a private address included.
          const excerpt =
            status !== null && status >= 300 && status < 400
              ? `Redirect to ${response.headers.location ?? '?'} not followed`
              : text;
          resolve({ status, excerpt });
        });
        response.on('error', (error) => resolve({ status: null, excerpt: error.message }));
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`No answer within ${settings.timeoutMs} ms`)),
    );
    request.on('error', (error) =>
      resolve({
        status: null,
        excerpt:
          error instanceof PrivateAddressError
            ? `${WEBHOOK_MESSAGES.privateAddress} (${error.message})`
            : error.message,
      }),
    );
    request.end(body);
  });
}

export class WebhookFailedError extends Error {
  override name = 'WebhookFailedError';
}

interface DeliveryToSend {
  id: string;
  payload: unknown;
  state: string;
  url: string;
  enabled: boolean;
  endpoint_id: string;
  secrets: string[];
}

/**
 * One try of a delivery. `lastTry`: the queue will not try again, so a failure is final. Answers
 * what became of it; throws WebhookFailedError for a try to be made again.
 */
export async function deliverWebhook(
  db: Database,
  outbox: Pick<Outbox, 'queueEmails'>,
  settings: WebhookSettings,
  deliveryId: string,
  lastTry: boolean,
  now: () => Date = () => new Date(),
): Promise<'delivered' | 'failed' | 'skipped'> {
  const { rows } = await db.query<DeliveryToSend>(
    `SELECT d.id, d.payload, d.state, e.url, e.enabled, e.id AS endpoint_id,
       array_remove(ARRAY[e.secret,
         CASE WHEN e.previous_secret_until > now() THEN e.previous_secret END], NULL) AS secrets
     FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
     WHERE d.id = $1`,
    [deliveryId],
  );
  const delivery = rows[0];
  // Removed with its endpoint, delivered already (a job handed out again), or switched off since.
  if (!delivery || delivery.state !== 'pending') return 'skipped';
  if (!delivery.enabled) {
    await db.query(
      `UPDATE webhook_deliveries SET state = 'failed', response_excerpt = 'The endpoint is switched off'
       WHERE id = $1 AND state = 'pending'`,
      [deliveryId],
    );
    return 'skipped';
  }
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(now().getTime() / 1000);
  const answer = await post(
    new URL(delivery.url),
    {
      'content-type': 'application/json',
      'user-agent': 'Verity-Webhooks/1',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatures(delivery.secrets, delivery.id, timestamp, body),
    },
    body,
    settings,
  );
  const delivered = answer.status !== null && answer.status >= 200 && answer.status < 300;
  const final = delivered || lastTry;
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, last_attempt_at = now(),
         response_status = $2, response_excerpt = $3,
         state = CASE WHEN $4 THEN 'delivered' WHEN $5 THEN 'failed' ELSE state END,
         delivered_at = CASE WHEN $4 THEN now() END
       WHERE id = $1`,
      [deliveryId, answer.status, answer.excerpt.slice(0, EXCERPT_BYTES), delivered, final],
    );
    if (delivered) {
      await tx.query('UPDATE webhook_endpoints SET consecutive_failures = 0 WHERE id = $1', [
        delivery.endpoint_id,
      ]);
      return;
    }
    if (!final) return;
    const { rows: off } = await tx.query<{ id: string }>(
      `UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1,
         enabled = enabled AND consecutive_failures + 1 < $2,
         disabled_at = CASE WHEN enabled AND consecutive_failures + 1 >= $2 THEN now() ELSE disabled_at END,
         disabled_reason = CASE WHEN enabled AND consecutive_failures + 1 >= $2 THEN $3 ELSE disabled_reason END
       WHERE id = $1
       RETURNING CASE WHEN disabled_at = now() THEN id END AS id`,
      [
        delivery.endpoint_id,
        WEBHOOK_LIMITS.failuresBeforeOff,
        WEBHOOK_MESSAGES.disabled(WEBHOOK_LIMITS.failuresBeforeOff),
      ],
    );
    if (off[0]?.id) await tellOwners(tx, outbox, delivery.endpoint_id);
  });
  if (delivered) return 'delivered';
  if (final) return 'failed';
  throw new WebhookFailedError(
    `Webhook ${deliveryId}: ${answer.status ?? 'no answer'} ${answer.excerpt.slice(0, 200)}`,
  );
}

/** Each owner of the endpoint's organisation gets an e-mail that it was switched off. */
async function tellOwners(
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  outbox: Pick<Outbox, 'queueEmails'>,
  endpointId: string,
): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT u.id FROM webhook_endpoints e JOIN users u ON u.user_type = e.user_type
       AND COALESCE(u.client_id, u.auditor_id, u.target_company_id)
         = COALESCE(e.client_id, e.auditor_id, e.target_company_id)
     WHERE e.id = $1 AND u.role = 'owner' AND u.kind = 'person' AND u.sub IS NOT NULL`,
    [endpointId],
  );
  await outbox.queueEmails(
    tx,
    rows.map((row) => ({ type: 'webhookOff' as const, userId: row.id, endpointId })),
  );
}
