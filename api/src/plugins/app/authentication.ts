import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { decodeAccessToken } from '../../auth/access-token';
import { findSessionUser } from '../../auth/memberships';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../auth/session-cookies';
import { notSignedIn, sessionExpired } from '../../errors';
import type { SessionUser } from '@verity/shared-api/src/server';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of the signed-in routes (before any body is parsed or validated): sets request.user, or answers 401 (no live session) / 403 (access token expired). */
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user; set on the signed-in routes (routes/signed-in.ts), which run `fastify.authenticate`. */
    user: SessionUser;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorateRequest('user', null as unknown as SessionUser);

    fastify.decorate('authenticate', async function authenticate(request: FastifyRequest) {
      const access = request.cookies[ACCESS_COOKIE];
      if (!access) {
        // The browser dropped the access cookie but still holds a refresh cookie: let it refresh.
        throw request.cookies[REFRESH_COOKIE] ? sessionExpired() : notSignedIn();
      }
      const unsigned = request.unsignCookie(access);
      const token =
        unsigned.valid && unsigned.value ? decodeAccessToken(unsigned.value) : undefined;
      if (!token) throw notSignedIn();
      // A cookie from before sessions existed has no session id: a refresh issues one.
      if (token.exp <= Date.now() / 1000 || !token.sid) throw sessionExpired();
      const user = await findSessionUser(fastify.db, token.uid, token.sid);
      if (!user) throw notSignedIn();
      request.user = user;
    });
  },
  { name: 'authentication', dependencies: ['config', 'cookie', 'database'] },
);
