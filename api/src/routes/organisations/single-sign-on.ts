import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  checkSsoClientValue,
  checkSsoIssuer,
  SSO_MESSAGES,
  ssoSchemas,
} from '@verity/shared-api/src/server';
import { sendToProvider } from '../../auth/sign-in-start';
import { invalid, passed } from '../../errors';
import { hostKey } from '../../webhooks/addresses';
import {
  connectionOf,
  removeConnection,
  saveConnection,
  toConnection,
} from '../../sso/connections';
import { isPrivateAddressFailure } from '../../sso/providers';
import { conflict } from '../../organisations/messages';

const routeDefaults = { tags: ['organisations'] };

/**
 * The organisation's own identity provider, managed by its owners (docs/api.md "Single sign-on";
 * docs/decisions/0098-single-sign-on.md).
 */
const singleSignOnRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db, config } = fastify;
  const { privateHosts } = config.singleSignOn;

  fastify.get(
    '/organisation/sso',
    {
      config: { permission: 'manageSingleSignOn' },
      schema: {
        ...routeDefaults,
        summary: "The organisation's identity provider, never its client secret (owner)",
        ...ssoSchemas.get,
      },
    },
    async (request) => {
      const row = await connectionOf(db, request.user);
      return {
        success: true as const,
        data: {
          connection: row ? toConnection(row, config.redirectUri) : null,
          redirectUri: config.redirectUri,
        },
      };
    },
  );

  fastify.put(
    '/organisation/sso',
    {
      config: { permission: 'manageSingleSignOn' },
      schema: {
        ...routeDefaults,
        summary: "Saves the organisation's identity provider, or requires it (owner)",
        description:
          "The issuer's discovery document is read before saving (400 when it cannot be). New settings (another issuer, client ID or secret) stop requiring the provider until an owner's test sign-in succeeds with them (GET /organisation/sso/test); required: true before that is 409. Requiring it ends the sessions of the members it applies to that did not begin through it.",
        ...ssoSchemas.save,
      },
    },
    async (request) => {
      const body = request.body;
      const issuer = passed(checkSsoIssuer(body.issuer, true));
      // Only a host the operator lists may be reached over http.
      if (
        new URL(issuer).protocol === 'http:' &&
        !privateHosts.has(hostKey(new URL(issuer).hostname))
      )
        throw invalid(SSO_MESSAGES.badIssuer);
      const clientId = passed(checkSsoClientValue(body.clientId, 'clientId'));
      const clientSecret =
        body.clientSecret === undefined
          ? undefined
          : passed(checkSsoClientValue(body.clientSecret, 'clientSecret'));
      const current = await connectionOf(db, request.user);
      // A secret is never sent to a provider the owner did not give it for.
      if (current?.issuer !== issuer && clientSecret === undefined)
        throw invalid(SSO_MESSAGES.clientSecretRequired);
      if (current?.issuer !== issuer) {
        try {
          await fastify.ssoProviders.check(issuer);
        } catch (error) {
          request.log.info({ err: error }, 'an identity provider could not be read');
          throw invalid(
            isPrivateAddressFailure(error)
              ? SSO_MESSAGES.privateIssuer
              : SSO_MESSAGES.discoveryFailed,
          );
        }
      }
      const { row, endedSessions } = await saveConnection(db, request.user, {
        issuer,
        clientId,
        clientSecret,
        required: body.required,
      });
      fastify.sessions.forgetSessions(endedSessions);
      return {
        success: true as const,
        data: { connection: toConnection(row, config.redirectUri) },
      };
    },
  );

  fastify.delete(
    '/organisation/sso',
    {
      config: { permission: 'manageSingleSignOn' },
      schema: {
        ...routeDefaults,
        summary:
          "Removes the organisation's identity provider: every member signs in with Verity's own sign-in again (owner)",
        ...ssoSchemas.remove,
      },
    },
    async (request) => {
      await removeConnection(db, request.user);
      return { success: true as const, data: {} };
    },
  );

  fastify.get(
    '/organisation/sso/test',
    {
      config: { permission: 'manageSingleSignOn' },
      schema: {
        ...routeDefaults,
        summary:
          "Starts an owner's test sign-in through the provider (redirects); it comes back to the settings page with ?sso=<outcome>",
        description:
          'The owner signs in at the provider with their own Verity address: that sets the domain the provider answers for. 409 when there is no provider to test.',
        ...ssoSchemas.test,
      },
    },
    async (request, reply) => {
      const row = await connectionOf(db, request.user);
      if (!row) throw conflict(SSO_MESSAGES.notConfigured);
      let configuration;
      try {
        configuration = await fastify.ssoProviders.configuration(row);
      } catch (error) {
        request.log.info({ err: error }, 'an identity provider could not be read');
        throw invalid(SSO_MESSAGES.discoveryFailed);
      }
      await sendToProvider(
        reply,
        config,
        configuration,
        {
          userType: request.user.userType,
          sso: {
            connectionId: row.id,
            settingsOf: row.updated_at.toISOString(),
            testBy: request.user._id,
          },
        },
        { prompt: 'login', login_hint: request.user.emailId },
      );
      return reply;
    },
  );
};

export default singleSignOnRoutes;
