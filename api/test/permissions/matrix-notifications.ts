// The matrix rows of the bell, the notification switches, the organisation's settings and its API
// tokens, webhooks and single sign-on: every signed-in user has their own; one of another tenant's notifications is 404 to
// everyone, another organisation's token 404 to an owner.
import type { Queryable } from '../../src/db';
import { sharedIdentity } from '../support/shared-identity';
import { json, type Expectations, type MatrixRow } from './matrix-types';
import {
  apiTokenToRevoke,
  ssoConnectionOf,
  webhookToManage,
  type RequestContext,
} from './requests';

const EVERYONE: Expectations = {
  client: [200, 200, 200, 200],
  auditor: [200, 200, 200, 200],
  targetCompany: [200, 200, 200, 200],
};
const OWNERS_ONLY: Expectations = {
  client: [200, 403, 403, 403],
  auditor: [200, 403, 403, 403],
  targetCompany: [200, 403, 403, 403],
};
/** Another organisation's object: not found by an owner; the rest are refused before looking. */
const OWNER_FINDS_NOTHING_FOREIGN: Expectations = {
  client: [404, 403, 403, 403],
  auditor: [404, 403, 403, 403],
  targetCompany: [404, 403, 403, 403],
};
const NOBODY_FOREIGN: Expectations = {
  client: [404, 404, 404, 404],
  auditor: [404, 404, 404, 404],
  targetCompany: [404, 404, 404, 404],
};

async function insertNotification(db: Queryable, userId: string, serial: number) {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO notifications (user_id, kind, title, body)
     VALUES ($1, 'remarkAdded', $2, 'A remark') RETURNING id`,
    [userId, `Matrix notification ${serial}`],
  );
  return rows[0]!.id;
}

/** A notification of the caller's own (own), or of a member of the foreign tenant's client (foreign). */
async function notificationOf(ctx: RequestContext): Promise<string> {
  const { db } = ctx.app;
  const { rows } =
    ctx.target === 'own'
      ? await db.query<{ id: string }>(
          'SELECT id FROM users WHERE lower(email) = lower($1) AND user_type = $2',
          [ctx.caller.email, ctx.caller.userType],
        )
      : await db.query<{ id: string }>(
          'SELECT id FROM users WHERE client_id = $1 ORDER BY created_at LIMIT 1',
          [ctx.ids.clientId],
        );
  return insertNotification(db, rows[0]!.id, ctx.serial);
}

export const NOTIFICATION_ROWS: readonly MatrixRow[] = [
  {
    route: 'GET /notifications',
    write: false,
    own: EVERYONE,
    request: () => ({ method: 'GET', url: '/notifications', query: { page: '1', pageSize: '20' } }),
  },
  {
    route: 'GET /notifications/unread-count',
    write: false,
    own: EVERYONE,
    request: () => ({ method: 'GET', url: '/notifications/unread-count' }),
  },
  {
    route: 'POST /notifications/read-all',
    write: true,
    own: EVERYONE,
    request: async (ctx) => {
      // Something unread for the call to read.
      await notificationOf(ctx);
      return { method: 'POST', url: '/notifications/read-all' };
    },
  },
  {
    route: 'POST /notification/{id}/read',
    write: true,
    own: EVERYONE,
    foreign: NOBODY_FOREIGN,
    request: async (ctx) => ({
      method: 'POST',
      url: `/notification/${await notificationOf(ctx)}/read`,
    }),
  },
  {
    route: 'GET /notification-preferences',
    write: false,
    own: EVERYONE,
    request: () => ({ method: 'GET', url: '/notification-preferences' }),
  },
  {
    route: 'PUT /notification-preferences',
    write: true,
    own: EVERYONE,
    request: () =>
      json('PUT', '/notification-preferences', {
        preferences: [{ kind: 'remarkAdded', email: true, inApp: true }],
      }),
  },
  {
    route: 'GET /organisation/settings',
    write: false,
    own: EVERYONE,
    request: () => ({ method: 'GET', url: '/organisation/settings' }),
  },
  {
    route: 'PUT /organisation/settings',
    write: true,
    own: {
      client: [200, 403, 403, 403],
      auditor: [200, 403, 403, 403],
      targetCompany: [200, 403, 403, 403],
    },
    request: () => json('PUT', '/organisation/settings', { timeZone: 'Europe/Lisbon' }),
  },
  {
    route: 'GET /organisation/api-tokens',
    write: false,
    own: OWNERS_ONLY,
    request: () => ({ method: 'GET', url: '/organisation/api-tokens' }),
  },
  {
    route: 'POST /organisation/api-tokens',
    write: true,
    own: {
      client: [201, 403, 403, 403],
      auditor: [201, 403, 403, 403],
      targetCompany: [201, 403, 403, 403],
    },
    request: ({ serial }) =>
      json('POST', '/organisation/api-tokens', { name: `System ${serial}`, role: 'viewer' }),
  },
  {
    // Another organisation's token is not found, whoever asks; only owners get that far.
    route: 'DELETE /organisation/api-tokens/{id}',
    write: true,
    own: OWNERS_ONLY,
    foreign: {
      client: [404, 403, 403, 403],
      auditor: [404, 403, 403, 403],
      targetCompany: [404, 403, 403, 403],
    },
    request: async (ctx) => ({
      method: 'DELETE',
      url: `/organisation/api-tokens/${await apiTokenToRevoke(ctx)}`,
    }),
  },
  {
    route: 'GET /organisation/webhooks',
    write: false,
    own: OWNERS_ONLY,
    request: () => ({ method: 'GET', url: '/organisation/webhooks' }),
  },
  {
    route: 'POST /organisation/webhooks',
    write: true,
    own: {
      client: [201, 403, 403, 403],
      auditor: [201, 403, 403, 403],
      targetCompany: [201, 403, 403, 403],
    },
    request: ({ serial }) =>
      json('POST', '/organisation/webhooks', {
        url: `https://hooks.example.com/verity/${serial}`,
        events: ['gap.status_changed'],
      }),
  },
  {
    route: 'PATCH /organisation/webhooks/{id}',
    write: true,
    own: OWNERS_ONLY,
    foreign: OWNER_FINDS_NOTHING_FOREIGN,
    request: async (ctx) =>
      json('PATCH', `/organisation/webhooks/${(await webhookToManage(ctx)).endpointId}`, {
        events: ['gap.overdue'],
      }),
  },
  {
    route: 'DELETE /organisation/webhooks/{id}',
    write: true,
    own: OWNERS_ONLY,
    foreign: OWNER_FINDS_NOTHING_FOREIGN,
    request: async (ctx) => ({
      method: 'DELETE',
      url: `/organisation/webhooks/${(await webhookToManage(ctx)).endpointId}`,
    }),
  },
  {
    route: 'POST /organisation/webhooks/{id}/roll-secret',
    write: true,
    own: OWNERS_ONLY,
    foreign: OWNER_FINDS_NOTHING_FOREIGN,
    request: async (ctx) => ({
      method: 'POST',
      url: `/organisation/webhooks/${(await webhookToManage(ctx)).endpointId}/roll-secret`,
    }),
  },
  {
    route: 'GET /organisation/webhooks/{id}/deliveries',
    write: false,
    own: OWNERS_ONLY,
    foreign: OWNER_FINDS_NOTHING_FOREIGN,
    request: async (ctx) => ({
      method: 'GET',
      url: `/organisation/webhooks/${(await webhookToManage(ctx)).endpointId}/deliveries`,
    }),
  },
  {
    route: 'POST /organisation/webhooks/{id}/deliveries/{deliveryId}/resend',
    write: true,
    own: OWNERS_ONLY,
    foreign: OWNER_FINDS_NOTHING_FOREIGN,
    request: async (ctx) => {
      const { endpointId, deliveryId } = await webhookToManage(ctx);
      return {
        method: 'POST',
        url: `/organisation/webhooks/${endpointId}/deliveries/${deliveryId}/resend`,
      };
    },
  },
  {
    route: 'GET /organisation/sso',
    write: false,
    own: OWNERS_ONLY,
    request: () => ({ method: 'GET', url: '/organisation/sso' }),
  },
  {
    // The issuer kept: nothing to discover, so the answer is the permission's alone.
    route: 'PUT /organisation/sso',
    write: true,
    own: OWNERS_ONLY,
    request: async (ctx) => {
      await ssoConnectionOf(ctx);
      return json('PUT', '/organisation/sso', {
        issuer: sharedIdentity().issuer,
        clientId: `verity-${ctx.serial}`,
      });
    },
  },
  {
    route: 'DELETE /organisation/sso',
    write: true,
    own: OWNERS_ONLY,
    request: async (ctx) => {
      await ssoConnectionOf(ctx);
      return { method: 'DELETE', url: '/organisation/sso' };
    },
  },
  {
    // An owner is sent to the provider for a test sign-in.
    route: 'GET /organisation/sso/test',
    write: false,
    own: {
      client: [302, 403, 403, 403],
      auditor: [302, 403, 403, 403],
      targetCompany: [302, 403, 403, 403],
    },
    request: async (ctx) => {
      await ssoConnectionOf(ctx);
      return { method: 'GET', url: '/organisation/sso/test' };
    },
  },
];
