// The accounts endpoints the Verity API calls with its bearer key: look one account up, create one, health.
import { timingSafeEqual, createHash } from 'node:crypto';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import type { Context, Next } from 'koa';
import ratelimit from 'koa-ratelimit';
import type { Database } from '../db/database.js';
import { messages } from '../messages.js';
import { createAccount, findAccountByEmail, toPublicUser } from './account-repository.js';
import { checkNewAccount } from './account-rules.js';

export interface AccountsRoutesDeps {
  db: Database;
  apiKey: string;
  userLookupLimitPerMinute: number;
}

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
  userLookupLimitPerMinute,
}: AccountsRoutesDeps): Router {
  const router = new Router();
  const expectedKey = digest(`Bearer ${apiKey}`);

  async function requireApiKey(ctx: Context, next: Next): Promise<void> {
    const given = digest(ctx.get('Authorization'));
    if (!timingSafeEqual(given, expectedKey)) return fail(ctx, 401, messages.api.unauthorized);
    await next();
  }

  // Per caller address, in this process's memory: one identity server at a time is what runs today.
  const limitUserLookups = ratelimit({
    driver: 'memory',
    db: new Map(),
    duration: 60_000,
    max: userLookupLimitPerMinute,
    errorMessage: { success: false, message: messages.api.tooManyRequests },
    id: (ctx) => ctx.ip,
  });

  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });

  router.get('/user', limitUserLookups, requireApiKey, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const email = typeof ctx.query.email === 'string' ? ctx.query.email.trim() : '';
    if (email === '') return fail(ctx, 400, messages.api.emailRequired);
    const account = await findAccountByEmail(db, email);
    if (!account) return fail(ctx, 404, messages.api.emailNotFound);
    ctx.body = { success: true, user: toPublicUser(account) };
  });

  router.post(
    '/accounts',
    requireApiKey,
    koaBody({ json: true, urlencoded: false, multipart: false, text: false }),
    async (ctx) => {
      const { input, errors } = checkNewAccount(
        (ctx.request.body ?? {}) as Record<string, unknown>,
      );
      const firstProblem = Object.values(errors)[0];
      if (firstProblem) return fail(ctx, 400, firstProblem);
      const account = await createAccount(db, input);
      if (!account) return fail(ctx, 409, messages.validation.emailTaken);
      ctx.status = 201;
      ctx.body = { success: true, user: toPublicUser(account) };
    },
  );

  return router;
}
