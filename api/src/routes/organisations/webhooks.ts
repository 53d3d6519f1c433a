import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  checkWebhookEvents,
  checkWebhookUrl,
  webhookSchemas,
} from '@verity/shared-api/src/server';
import { invalid, passed } from '../../errors';
import { hostKey, leadsToPrivateAddress } from '../../webhooks/addresses';
import {
  copyDelivery,
  createEndpoint,
  listDeliveries,
  listEndpoints,
  removeEndpoint,
  rollSecret,
  updateEndpoint,
} from '../../webhooks/endpoints';
import { queueDeliveries } from '../../webhooks/events';

const routeDefaults = { tags: ['organisations'] };
const config = { permission: 'manageWebhooks' } as const;

/** An organisation's webhook endpoints and their deliveries, managed by its owners (docs/api.md "Webhooks"). */
const webhookRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;
  const { privateHosts } = fastify.config.webhooks;

  /** The address as kept: https (http for an operator's private host), never leading inside. */
  async function checkedUrl(value: string): Promise<string> {
    const host = (() => {
      try {
        return new URL(value.trim()).hostname;
      } catch {
        return '';
      }
    })();
    const allowed = privateHosts.has(hostKey(host));
    const url = passed(checkWebhookUrl(value, allowed));
    if (await leadsToPrivateAddress(new URL(url).hostname, privateHosts))
      throw invalid(WEBHOOK_MESSAGES.privateAddress);
    return url;
  }

  fastify.get(
    '/organisation/webhooks',
    {
      config,
      schema: {
        ...routeDefaults,
        summary: "The caller's organisation's webhook endpoints, never their secrets (owner)",
        ...webhookSchemas.list,
      },
    },
    async (request) => ({
      success: true as const,
      data: { endpoints: await listEndpoints(db, request.user) },
    }),
  );

  fastify.post(
    '/organisation/webhooks',
    {
      config,
      schema: {
        ...routeDefaults,
        summary: 'Subscribes an HTTPS endpoint to events of the organisation’s tenancy (owner)',
        description: `events: any of ${WEBHOOK_EVENTS.join(', ')}. The answer carries the signing secret, once. An address on a private, loopback or link-local network is refused (400). At most ${WEBHOOK_LIMITS.endpoints} endpoints (409).`,
        ...webhookSchemas.create,
      },
    },
    async (request, reply) => {
      const events = passed(checkWebhookEvents(request.body.events));
      const url = await checkedUrl(request.body.url);
      const created = await createEndpoint(db, request.user, { url, events });
      return reply.code(201).send({ success: true as const, data: created });
    },
  );

  fastify.patch(
    '/organisation/webhooks/:id',
    {
      config,
      schema: {
        ...routeDefaults,
        summary: 'Changes an endpoint’s address or events, or switches it on or off (owner)',
        ...webhookSchemas.update,
      },
    },
    async (request) => {
      const { body } = request;
      const events = body.events && passed(checkWebhookEvents(body.events));
      const url = body.url === undefined ? undefined : await checkedUrl(body.url);
      const endpoint = await updateEndpoint(db, request.user, request.params.id, {
        url,
        events,
        enabled: body.enabled,
      });
      return { success: true as const, data: { endpoint } };
    },
  );

  fastify.delete(
    '/organisation/webhooks/:id',
    {
      config,
      schema: {
        ...routeDefaults,
        summary: 'Removes an endpoint and its delivery log (owner)',
        ...webhookSchemas.remove,
      },
    },
    async (request) => {
      await removeEndpoint(db, request.user, request.params.id);
      return { success: true as const, data: {} };
    },
  );

  fastify.post(
    '/organisation/webhooks/:id/roll-secret',
    {
      config,
      schema: {
        ...routeDefaults,
        summary: `A new signing secret; the old one signs beside it for ${WEBHOOK_LIMITS.previousSecretHours} hours (owner)`,
        ...webhookSchemas.rollSecret,
      },
    },
    async (request) => ({
      success: true as const,
      data: await rollSecret(db, request.user, request.params.id),
    }),
  );

  fastify.get(
    '/organisation/webhooks/:id/deliveries',
    {
      config,
      schema: {
        ...routeDefaults,
        summary: 'An endpoint’s deliveries with the receiver’s answers, newest first (owner)',
        ...webhookSchemas.deliveries,
      },
    },
    async (request) => ({
      success: true as const,
      data: await listDeliveries(db, request.user, request.params.id, request.query.page ?? 1),
    }),
  );

  fastify.post(
    '/organisation/webhooks/:id/deliveries/:deliveryId/resend',
    {
      config,
      schema: {
        ...routeDefaults,
        summary: 'Sends a delivery’s event again, as a new delivery (owner)',
        ...webhookSchemas.resend,
      },
    },
    async (request) => {
      const delivery = await db.transaction(async (tx) => {
        const copy = await copyDelivery(
          tx,
          request.user,
          request.params.id,
          request.params.deliveryId,
        );
        await queueDeliveries(tx, [copy.id]);
        return copy;
      });
      return { success: true as const, data: { delivery } };
    },
  );
};

export default webhookRoutes;
