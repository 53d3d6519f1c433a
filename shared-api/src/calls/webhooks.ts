// The organisation's webhook endpoints and their deliveries (docs/api.md "Webhooks"): the settings
// page's card.
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointChange,
  WebhookEndpointPayload,
  WebhookSecret,
} from '../contract';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf } from './envelope';

const endpointPath = (id: string) => `organisation/webhooks/${encodeURIComponent(id)}`;

export async function listWebhooks(client: KyInstance = apiClient): Promise<WebhookEndpoint[]> {
  return (await dataOf<{ endpoints: WebhookEndpoint[] }>(client.get('organisation/webhooks')))
    .endpoints;
}

export function createWebhook(
  payload: WebhookEndpointPayload,
  client: KyInstance = apiClient,
): Promise<WebhookSecret> {
  return dataOf<WebhookSecret>(client.post('organisation/webhooks', { json: payload }));
}

export async function updateWebhook(
  id: string,
  change: WebhookEndpointChange,
  client: KyInstance = apiClient,
): Promise<WebhookEndpoint> {
  return (
    await dataOf<{ endpoint: WebhookEndpoint }>(client.patch(endpointPath(id), { json: change }))
  ).endpoint;
}

export async function removeWebhook(id: string, client: KyInstance = apiClient): Promise<void> {
  await dataOf<Record<string, never>>(client.delete(endpointPath(id)));
}

export function rollWebhookSecret(
  id: string,
  client: KyInstance = apiClient,
): Promise<WebhookSecret> {
  return dataOf<WebhookSecret>(client.post(`${endpointPath(id)}/roll-secret`));
}

export function listWebhookDeliveries(
  id: string,
  client: KyInstance = apiClient,
): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
  return dataOf(client.get(`${endpointPath(id)}/deliveries`));
}

export async function resendWebhookDelivery(
  id: string,
  deliveryId: string,
  client: KyInstance = apiClient,
): Promise<WebhookDelivery> {
  return (
    await dataOf<{ delivery: WebhookDelivery }>(
      client.post(`${endpointPath(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`),
    )
  ).delivery;
}
