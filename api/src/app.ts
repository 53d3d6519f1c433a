import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import type { ApiConfig } from './config';
import type { Database } from './db';
import { ApiError, inputErrorOf, storageWriteErrorOf } from './errors';
import { callerLanguage, inLanguage } from './language/answer-language';
import { schemaMessage } from './language/schema-messages';
import { errorCodes, messages } from './messages';
import { schemaCompilers } from './schema-compilers';
import { isServiceUnavailable, sendServiceUnavailable } from './service-unavailable';
import attachmentsPlugin from './plugins/app/attachments';
import authenticationPlugin from './plugins/app/authentication';
import csvDownloadsPlugin from './plugins/app/csv-downloads';
import unreadBodiesPlugin from './plugins/app/unread-bodies';
import identityPlugin from './plugins/app/identity';
import identitySignOutsPlugin from './plugins/app/identity-sign-outs';
import singleSignOnPlugin from './plugins/app/single-sign-on';
import inputTextPlugin from './plugins/app/input-text';
import figureNoticesPlugin from './plugins/app/figure-notices';
import liveChangesPlugin from './plugins/app/live-changes';
import mailerPlugin from './plugins/app/mailer';
import notificationsPlugin from './plugins/app/notifications';
import summariesPlugin from './plugins/app/summaries';
import cookiePlugin from './plugins/external/cookie';
import databasePlugin from './plugins/external/database';
import helmetPlugin from './plugins/external/helmet';
import loadSheddingPlugin, { type LoadSheddingOptions } from './plugins/external/load-shedding';
import rateLimitPlugin from './plugins/external/rate-limit';
import ssePlugin from './plugins/external/sse';
import swaggerPlugin from './plugins/external/swagger';
import chooseRoutes from './routes/auth/choose';
import invitationRoutes from './routes/auth/invitations';
import signInRoutes from './routes/auth/sign-in';
import sessionRoutes from './routes/auth/session';
import healthRoutes from './routes/health';
import openapiRoutes from './routes/openapi';
import scimRoutes from './routes/scim';
import signedInRoutes from './routes/signed-in';
import { named } from './plugin-name';

declare module 'fastify' {
  interface FastifyInstance {
    config: ApiConfig;
  }
}

export interface BuildAppOptions {
  config: ApiConfig;
  /** An already-open database to use (and leave open on close); by default the app opens and closes its own. */
  database?: Database;
  /** Fastify logger setting; silent unless given. */
  logger?: FastifyServerOptions['logger'];
  /** Server-level Fastify options (timeouts, trustProxy...) that server.ts sets. */
  server?: Omit<FastifyServerOptions, 'logger' | 'ajv'>;
  /** Event-loop thresholds of load shedding that server.ts sets (the database queue is always watched). */
  loadShedding?: LoadSheddingOptions;
}

const configPlugin = fp<{ config: ApiConfig }>(
  async (fastify, { config }) => fastify.decorate('config', config),
  {
    name: 'config',
  },
);

/** Builds the API, ready to listen or be injected into; it never listens itself. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...options.server,
    logger: options.logger ?? false,
    // A fresh embedded database takes seconds to create and migrate on a busy two-core machine.
    pluginTimeout: 120_000,
    // Unknown properties are dropped from params, query and bodies before any handler sees them.
    ajv: { customOptions: { removeAdditional: 'all', coerceTypes: 'array', useDefaults: true } },
    // Fastify's own compilers, each distinct schema compiled once.
    schemaController: { compilersFactory: schemaCompilers },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // POSTs the client sends without a body still say application/json at times.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });

  /**
   * An id in the path or query that is not a UUID: a mistyped address. It keeps its 400 and its
   * words, with a code of its own, by which a screen knows to show its not-found state.
   */
  const isMalformedId = (error: FastifyError) =>
    (error.validationContext === 'params' || error.validationContext === 'querystring') &&
    (error.validation ?? []).every(
      (issue) => issue.keyword === 'format' && issue.params.format === 'uuid',
    );

  // A refusal's words in the caller's language (docs/decisions/0110-answers-in-the-callers-language.md).
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || typeof payload !== 'object' || payload === null) return payload;
    const { message } = payload as { message?: unknown };
    if (typeof message !== 'string') return payload;
    return { ...payload, message: inLanguage(callerLanguage(request), message) };
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ success: false, message: error.message, code: error.code });
    }
    const refused = inputErrorOf(error);
    if (refused) {
      // A value got past the input checks to the database or the upload parser: still the caller's 400.
      request.log.warn({ err: error }, 'input refused late');
      return reply
        .code(refused.statusCode)
        .send({ success: false, message: refused.message, code: refused.code });
    }
    const notStored = storageWriteErrorOf(error, request.method);
    if (notStored) {
      request.log.warn({ err: error }, 'attachment storage refused a write');
      return reply
        .code(notStored.statusCode)
        .headers(notStored.headers)
        .send({ success: false, message: notStored.message, code: notStored.code });
    }
    if (isServiceUnavailable(error)) {
      request.log.warn({ err: error }, 'service unavailable');
      return sendServiceUnavailable(reply);
    }
    const status = error.statusCode ?? 500;
    if (error.validation) {
      const code = isMalformedId(error) ? errorCodes.malformedId : errorCodes.validationFailed;
      const message = schemaMessage(callerLanguage(request), error);
      return reply.code(400).send({ success: false, message, code });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Past the body limit (1 MB; uploads have their own): drained by unread-bodies, not closed.
      return reply.code(413).send({
        success: false,
        message: messages.requestTooLarge,
        code: errorCodes.requestTooLarge,
      });
    }
    if (status === 429) {
      return reply
        .code(429)
        .send({ success: false, message: messages.tooManyRequests, code: errorCodes.rateLimited });
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(500)
        .send({ success: false, message: messages.somethingWentWrong, code: errorCodes.internal });
    }
    return reply
      .code(status)
      .send({ success: false, message: error.message, code: errorCodes.badRequest });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ success: false, message: messages.notFound, code: errorCodes.notFound }),
  );

  await app.register(configPlugin, { config: options.config });
  // External plugins
  await app.register(helmetPlugin);
  await app.register(cookiePlugin);
  await app.register(rateLimitPlugin);
  await app.register(swaggerPlugin);
  await app.register(ssePlugin);
  await app.register(databasePlugin, { database: options.database });
  await app.register(loadSheddingPlugin, options.loadShedding ?? {});
  // App plugins
  await app.register(identityPlugin);
  await app.register(singleSignOnPlugin);
  await app.register(mailerPlugin);
  await app.register(notificationsPlugin);
  await app.register(authenticationPlugin);
  await app.register(identitySignOutsPlugin);
  await app.register(inputTextPlugin);
  await app.register(attachmentsPlugin);
  await app.register(csvDownloadsPlugin);
  await app.register(summariesPlugin);
  await app.register(unreadBodiesPlugin);
  await app.register(liveChangesPlugin);
  await app.register(figureNoticesPlugin);
  // Routes
  await app.register(named(healthRoutes));
  await app.register(
    named(async (api) => {
      // Public: no session yet (sign-in and its steps, refresh, sign-out) or none needed.
      await api.register(named(openapiRoutes));
      await api.register(named(signInRoutes));
      await api.register(named(invitationRoutes));
      await api.register(named(chooseRoutes));
      await api.register(named(sessionRoutes));
      // The organisation's directory, with a provisioning token (docs/decisions/0097-scim-provisioning.md).
      await api.register(named(scimRoutes), { prefix: '/scim/v2' });
      // Everything else: authenticated once, before validation.
      await api.register(named(signedInRoutes));
    }, 'api-v1'),
    { prefix: '/api/v1' },
  );

  await app.ready();
  return app;
}
