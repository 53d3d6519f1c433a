import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { organisationSchemas, type ClientSettings } from '@verity/shared-api/src/server';
import type { Queryable } from '../../db';
import { notFound } from '../../errors';
import { routeDocs } from './route-docs';

async function readSettings(db: Queryable, clientId: string): Promise<ClientSettings> {
  const { rows } = await db.query<{ closure_needs_review: boolean }>(
    'SELECT closure_needs_review FROM clients WHERE id = $1',
    [clientId],
  );
  if (!rows[0]) throw notFound();
  return { closureNeedsReview: rows[0].closure_needs_review };
}

/** The client's settings for its whole portfolio: every client user reads them, the owner changes them. */
const clientSettingsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;

  fastify.get(
    '/client/settings',
    {
      config: { permission: 'viewClientSettings' },
      schema: {
        ...routeDocs('client settings', "The client's portfolio settings"),
        ...organisationSchemas.clientSettings,
      },
    },
    async (request) => ({
      success: true as const,
      data: { settings: await readSettings(db, request.user.clientId ?? '') },
    }),
  );

  fastify.put(
    '/client/settings',
    {
      config: { permission: 'manageClientSettings' },
      schema: {
        ...routeDocs(
          'client settings',
          "Change the client's portfolio settings (owner): the fields given replace the stored ones",
        ),
        ...organisationSchemas.updateClientSettings,
      },
    },
    async (request) => {
      const clientId = request.user.clientId ?? '';
      const { closureNeedsReview } = request.body;
      if (closureNeedsReview !== undefined) {
        await db.query('UPDATE clients SET closure_needs_review = $2 WHERE id = $1', [
          clientId,
          closureNeedsReview,
        ]);
      }
      return { success: true as const, data: { settings: await readSettings(db, clientId) } };
    },
  );
};

export default clientSettingsRoutes;
