import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { decodeAccessToken } from '../../auth/access-token';
import { tokenMember } from '../../auth/api-tokens';
import { findSessionUser } from '../../auth/memberships';
import { SESSIONS_CHANNEL, SessionCache } from '../../auth/session-cache';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../auth/session-cookies';
import { VerifiedCookies } from '../../auth/verified-cookies';
import { notSignedIn, sessionExpired } from '../../errors';
import type { SessionUser } from '@verity/shared-api/src/server';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of the signed-in routes (before any body is parsed or validated): sets request.user, or answers 401 (no live session) / 403 (access token expired). */
    authenticate(request: FastifyRequest): Promise<void>;
    /** The session lookups this process keeps; routes that end a session or change a user forget theirs at once. */
    sessions: SessionCache;
  }
  interface FastifyRequest {
    /** The signed-in user; set on the signed-in routes (routes/signed-in.ts), which run `fastify.authenticate`. */
    user: SessionUser;
    /** The session the signed-in user's access cookie names; set with `user` ('' for an API token). */
    sessionId: string;
    /** The API token the request was made with (`Authorization: Bearer`), if it was. */
    apiToken: { id: string; name: string } | null;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorateRequest('user', null as unknown as SessionUser);
    fastify.decorateRequest('sessionId', '');
    fastify.decorateRequest('apiToken', null);
    const sessions = new SessionCache({ keptMs: fastify.config.sessionKeptSeconds * 1000 });
    fastify.decorate('sessions', sessions);
    const checked = new VerifiedCookies();
    const stop = await fastify.db.listen(SESSIONS_CHANNEL, {
      onNotification: (payload) => sessions.notice(payload),
      onLost: () => sessions.notListening(),
      onMissed: () => sessions.listening(),
    });
    sessions.listening();
    fastify.addHook('onClose', async () => {
      sessions.notListening();
      await stop();
    });

    /**
     * A system's request: `Authorization: Bearer <secret>` names an API token, which acts as its
     * membership (docs/decisions/0095-api-tokens.md).
     */
    async function authenticateToken(request: FastifyRequest, authorization: string) {
      const found = await tokenMember(fastify.db, authorization, 'api');
      request.user = found.user;
      request.apiToken = found.token;
    }

    fastify.decorate('authenticate', async function authenticate(request: FastifyRequest) {
      const authorization = request.headers.authorization;
      if (authorization !== undefined) return authenticateToken(request, authorization);
      const access = request.cookies[ACCESS_COOKIE];
      if (!access) {
        // The browser dropped the access cookie but still holds a refresh cookie: let it refresh.
        throw request.cookies[REFRESH_COOKIE] ? sessionExpired() : notSignedIn();
      }
      const token = checked.token(access, (value) => {
        const unsigned = request.unsignCookie(value);
        return unsigned.valid && unsigned.value ? decodeAccessToken(unsigned.value) : undefined;
      });
      if (!token) throw notSignedIn();
      if (token.exp <= Date.now() / 1000) {
        checked.forget(access);
        throw sessionExpired();
      }
      // A cookie from before sessions existed has no session id: a refresh issues one.
      if (!token.sid) throw sessionExpired();
      const { uid, sid } = token;
      const user = await sessions.lookup(uid, sid, () => findSessionUser(fastify.db, uid, sid));
      if (!user) throw notSignedIn();
      request.user = user;
      request.sessionId = sid;
    });
  },
  { name: 'authentication', dependencies: ['config', 'cookie', 'database'] },
);
