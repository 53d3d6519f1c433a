// The accounts endpoints the Verity API calls with its bearer key: look one account up, create one,
// the accounts signed out everywhere, whose sign-ins are refused for now, health.
import { timingSafeEqual, createHash } from 'node:crypto';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { Database } from '../db/database.js';
import { jsonBody } from '../http/forms.js';
import { requestTexts } from '../http/language.js';
import type { AccountEmails } from '../mail/account-emails.js';
import { apiMessages } from '../messages.js';
import { addressSubject } from '../security/throttles.js';
import type { Throttle, Throttles } from '../security/throttles.js';
import {
  createAccount,
  findAccountByEmail,
  signOutsSince,
  toPublicUser,
} from './account-repository.js';
import { checkNewAccount, normaliseEmail } from './account-rules.js';

export interface AccountsRoutesDeps {
  db: Database;
  apiKey: string;
  userLookupThrottle: Throttle;
  /** The sign-in limits, read (never counted) for `POST /sign-in-limits`. */
  signInThrottles: Pick<Throttles, 'signInPerAccount' | 'signInRefused'>;
  emails: AccountEmails;
}

/** Addresses one `POST /sign-in-limits` may ask about: an organisation's members, a page at a time. */
export const SIGN_IN_LIMITS_PER_QUESTION = 500;

/** Sign-outs in one answer at most; a full answer says so, and the API asks on from its last. */
export const SIGN_OUTS_PER_ANSWER = 500;

/** The API names the signed-in person a lookup is made for, so each person has their own limit. */
export const END_USER_HEADER = 'X-Verity-End-User';
const END_USER_PATTERN = /^[\x21-\x7e]{1,200}$/;

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function fail(ctx: Context, status: number, message: string): void {
  ctx.status = status;
  ctx.body = { success: false, message };
}

export function accountsRoutes({
  db,
  apiKey,
  userLookupThrottle,
  signInThrottles,
  emails,
}: AccountsRoutesDeps): Router {
  const router = new Router();
  const expectedKey = digest(`Bearer ${apiKey}`);

  async function requireApiKey(ctx: Context, next: Next): Promise<void> {
    const given = digest(ctx.get('Authorization'));
    if (!timingSafeEqual(given, expectedKey)) return fail(ctx, 401, apiMessages.unauthorized);
    await next();
  }

  // After the key check, so callers without the key can neither use up nor probe anyone's limit.
  async function limitPerEndUser(ctx: Context, next: Next): Promise<void> {
    const endUser = ctx.get(END_USER_HEADER);
    if (endUser !== '' && !END_USER_PATTERN.test(endUser))
      return fail(ctx, 400, apiMessages.endUserInvalid);
    const subject = endUser ? `user:${endUser}` : `address:${addressSubject(ctx.ip)}`;
    const wait = await userLookupThrottle.hit(subject);
    if (wait !== undefined) {
      ctx.set('Retry-After', String(Math.ceil(wait / 1000)));
      return fail(ctx, 429, apiMessages.tooManyRequests);
    }
    await next();
  }

  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });

  router.get('/user', requireApiKey, limitPerEndUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const email = typeof ctx.query.email === 'string' ? ctx.query.email.trim() : '';
    if (email === '') return fail(ctx, 400, apiMessages.emailRequired);
    const account = await findAccountByEmail(db, email);
    if (!account) return fail(ctx, 404, apiMessages.emailNotFound);
    ctx.body = { success: true, user: toPublicUser(account) };
  });

  // The accounts signed out everywhere (a password reset) at or after `since`: the API ends its own
  // sessions of them that began before. The API's own clock never meets ours: it asks on from `until`.
  router.get('/sign-outs', requireApiKey, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const raw = typeof ctx.query.since === 'string' ? ctx.query.since : '';
    const since = new Date(raw);
    if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(raw) || Number.isNaN(since.getTime()))
      return fail(ctx, 400, apiMessages.sinceInvalid);
    const { signOuts, now } = await signOutsSince(db, since, SIGN_OUTS_PER_ANSWER);
    const full = signOuts.length === SIGN_OUTS_PER_ANSWER;
    ctx.body = {
      success: true,
      signOuts: signOuts.map((signOut) => ({
        sub: signOut.sub,
        signedOutAt: signOut.signedOutAt.toISOString(),
      })),
      // Full: more may follow from the last one's time; else everything up to now was answered.
      until: (full ? signOuts.at(-1)!.signedOutAt : now).toISOString(),
      full,
    };
  });

  // Which of these addresses cannot sign in for now, and until when: past the account's own limit, or
  // refused lately because their address was (an owner sees their members' sign-ins held back).
  router.post('/sign-in-limits', requireApiKey, limitPerEndUser, jsonBody, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const emails = (ctx.request.body as { emails?: unknown } | undefined)?.emails;
    if (
      !Array.isArray(emails) ||
      emails.length > SIGN_IN_LIMITS_PER_QUESTION ||
      !emails.every((email) => typeof email === 'string' && email.length <= 320)
    )
      return fail(ctx, 400, apiMessages.emailsInvalid);
    const asked = [...new Set(emails as string[])];
    const accounts = asked.map(normaliseEmail);
    const [overLimit, refused] = await Promise.all([
      signInThrottles.signInPerAccount.refusals(accounts),
      signInThrottles.signInRefused.refusals(accounts),
    ]);
    const now = Date.now();
    const limits = asked.flatMap((email, index) => {
      const account = accounts[index]!;
      const wait = Math.max(overLimit.get(account) ?? 0, refused.get(account) ?? 0);
      return wait > 0 ? [{ email, until: new Date(now + wait).toISOString() }] : [];
    });
    ctx.body = { success: true, limits };
  });

  router.post('/accounts', requireApiKey, jsonBody, async (ctx) => {
    // In the language the API asks for (Accept-Language), which its answers and e-mail are in.
    const t = requestTexts(ctx);
    const { input, errors } = checkNewAccount((ctx.request.body ?? {}) as Record<string, unknown>);
    const firstProblem = Object.values(errors)[0];
    if (firstProblem) return fail(ctx, 400, t(firstProblem));
    const account = await createAccount(db, input);
    if (!account) return fail(ctx, 409, t('identity.validation.emailTaken'));
    // The person the account was made for proves the address like anyone who signs up.
    emails.sendVerification(account, t.language);
    ctx.status = 201;
    ctx.body = { success: true, user: toPublicUser(account) };
  });

  return router;
}
