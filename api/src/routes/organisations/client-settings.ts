import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EXTENSION_APPROVERS,
  EXTENSION_APPROVER_UNKNOWN,
  organisationSchemas,
  type ClientSettings,
  type ExtensionApprover,
} from '@verity/shared-api/src/server';
import type { Queryable } from '../../db';
import { invalid, notFound } from '../../errors';
import { routeDocs } from './route-docs';

async function readSettings(db: Queryable, clientId: string): Promise<ClientSettings> {
  const { rows } = await db.query<{
    closure_needs_review: boolean;
    extension_approver: ExtensionApprover;
  }>('SELECT closure_needs_review, extension_approver FROM clients WHERE id = $1', [clientId]);
  if (!rows[0]) throw notFound();
  return {
    closureNeedsReview: rows[0].closure_needs_review,
    extensionApprover: rows[0].extension_approver,
  };
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
      const { closureNeedsReview, extensionApprover } = request.body;
      if (
        extensionApprover !== undefined &&
        !(EXTENSION_APPROVERS as readonly string[]).includes(extensionApprover)
      ) {
        throw invalid(EXTENSION_APPROVER_UNKNOWN);
      }
      if (extensionApprover !== undefined) {
        await db.query('UPDATE clients SET extension_approver = $2 WHERE id = $1', [
          clientId,
          extensionApprover,
        ]);
      }
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
