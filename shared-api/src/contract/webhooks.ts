// The contract of webhooks (docs/api.md "Webhooks"; docs/decisions/0096-webhooks.md). The events,
// limits and words live in ../domain/webhooks.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS } from '../domain/webhooks';
import { IsoDate, Nullable, Uuid, errorAnswers, oneOf, routeSchemas, successWith } from './common';

/** One endpoint as its organisation's owners see it: never its secret. */
export const WebhookEndpoint = Type.Object({
  id: Uuid,
  url: Type.String(),
  events: Type.Array(oneOf(WEBHOOK_EVENTS)),
  enabled: Type.Boolean(),
  disabledReason: Nullable(Type.String()),
  createdAt: IsoDate,
  createdByName: Type.String(),
});
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

export const WebhookSecret = Type.Object({
  endpoint: WebhookEndpoint,
  secret: Type.String({
    description: 'whsec_ and the key in base64: shown when made or rolled, never again',
  }),
});
export type WebhookSecret = Static<typeof WebhookSecret>;

export const WebhookEndpointPayload = Type.Object({
  url: Type.String({ maxLength: 10_000 }),
  events: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 }),
});
export type WebhookEndpointPayload = Static<typeof WebhookEndpointPayload>;

export const WebhookEndpointChange = Type.Object({
  url: Type.Optional(Type.String({ maxLength: 10_000 })),
  events: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
  enabled: Type.Optional(
    Type.Boolean({ description: 'true switches a switched-off endpoint on again' }),
  ),
});
export type WebhookEndpointChange = Static<typeof WebhookEndpointChange>;

export const WebhookDelivery = Type.Object({
  id: Uuid,
  eventType: oneOf(WEBHOOK_EVENTS),
  payload: Type.Unknown(),
  createdAt: IsoDate,
  state: oneOf(['pending', 'delivered', 'failed'] as const),
  attempts: Type.Integer({ minimum: 0 }),
  lastAttemptAt: Nullable(IsoDate),
  responseStatus: Nullable(Type.Integer()),
  responseExcerpt: Nullable(Type.String()),
  deliveredAt: Nullable(IsoDate),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

const webhookErrors = errorAnswers(400, 401, 403, 404, 409, 503);

function answers<S extends 200 | 201, T extends TSchema>(status: S, data: T) {
  const success = { [status]: successWith(data) } as Record<S, ReturnType<typeof successWith<T>>>;
  return { ...success, ...webhookErrors };
}

const ById = Type.Object({ id: Uuid });

export const webhookSchemas = routeSchemas({
  list: { response: answers(200, Type.Object({ endpoints: Type.Array(WebhookEndpoint) })) },
  create: { body: WebhookEndpointPayload, response: answers(201, WebhookSecret) },
  update: {
    params: ById,
    body: WebhookEndpointChange,
    response: answers(200, Type.Object({ endpoint: WebhookEndpoint })),
  },
  remove: { params: ById, response: answers(200, Type.Object({})) },
  rollSecret: { params: ById, response: answers(200, WebhookSecret) },
  deliveries: {
    params: ById,
    querystring: Type.Object({
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    }),
    response: answers(
      200,
      Type.Object({
        deliveries: Type.Array(WebhookDelivery, {
          description: `newest first, ${WEBHOOK_LIMITS.deliveriesPageSize} a page`,
        }),
        total: Type.Integer({ minimum: 0 }),
      }),
    ),
  },
  resend: {
    params: Type.Object({ id: Uuid, deliveryId: Uuid }),
    response: answers(200, Type.Object({ delivery: WebhookDelivery })),
  },
});
