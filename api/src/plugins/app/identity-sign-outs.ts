import fp from 'fastify-plugin';
import { endSessionsSignedOutAtIdentity } from '../../auth/refresh-tokens';

/**
 * How far back each look reads again: a reset whose transaction committed after the previous look
 * began carries an earlier time than that look's end, and must not be skipped.
 */
export const SIGN_OUT_OVERLAP_MS = 5 * 60_000;

/**
 * A password reset at the identity provider ends the API's sessions too
 * (docs/decisions/0029-trust-memberships-and-sessions.md). Identity marks each account it signs out
 * everywhere; every API process asks for those marks every IDENTITY_SIGN_OUT_CHECK_SECONDS and ends
 * its sessions of the account that began before, which tells every process (the session notices) to
 * drop what it kept of them and to close their open streams.
 */
export default fp(
  async (fastify) => {
    const { config, log } = fastify;
    // From as far back as a session can live: a reset made while no API process ran is still heard.
    let since = new Date(Date.now() - config.refreshTokenTtlSeconds * 1000);
    let failing = false;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let looking: Promise<void> | undefined;

    async function lookOnce(): Promise<void> {
      for (;;) {
        const answer = await fastify.identity.signOuts(since);
        const ended = await endSessionsSignedOutAtIdentity(fastify.db, answer.signOuts);
        fastify.sessions.forgetSessions(ended);
        if (ended.length > 0)
          log.info({ sessions: ended.length }, 'sessions ended by a password reset at identity');
        if (!answer.full) {
          since = new Date(answer.until.getTime() - SIGN_OUT_OVERLAP_MS);
          return;
        }
        since = answer.until;
      }
    }

    async function look(): Promise<void> {
      try {
        await lookOnce();
        if (failing) log.warn('identity sign-outs are read again');
        failing = false;
      } catch (error) {
        // Said once per outage: the next looks keep trying quietly.
        if (!failing)
          log.warn({ err: error }, 'identity sign-outs could not be read; trying again');
        failing = true;
      }
    }

    const schedule = (delayMs: number) => {
      if (stopped) return;
      timer = setTimeout(() => {
        looking = look().finally(() => schedule(config.identitySignOutCheckSeconds * 1000));
      }, delayMs);
      timer.unref();
    };

    fastify.addHook('onReady', async () => schedule(0));
    fastify.addHook('onClose', async () => {
      stopped = true;
      clearTimeout(timer);
      await looking;
    });
  },
  { name: 'identity-sign-outs', dependencies: ['identity', 'database', 'authentication'] },
);
