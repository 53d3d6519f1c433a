import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DEFAULT_TIME_ZONE,
  DIGEST_EMAIL_ONLY,
  ESCALATION_LOCKED,
  LOCKED_NOTIFICATION_KINDS,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_PAGE_SIZE,
  UNKNOWN_NOTIFICATION_KIND,
  UNKNOWN_TIME_ZONE,
  isNotificationKind,
  isTimeZone,
  notificationSchemas,
  type AppNotification,
  type NotificationKind,
  type NotificationPreference,
  type SessionUser,
} from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import { invalid, notFound } from '../errors';
import { ORGANISATION_TABLE } from '../organisations/users';

const docs = (summary: string, description?: string) => ({
  tags: ['notifications'],
  summary,
  ...(description ? { description } : {}),
});

interface NotificationRow extends Omit<AppNotification, 'createdAt' | 'readAt'> {
  createdAt: Date;
  readAt: Date | null;
}

const NOTIFICATION_COLUMNS = `id, kind, title, body, created_at AS "createdAt", read_at AS "readAt",
  gap_id AS "gapId", action_plan_id AS "actionPlanId", target_company_id AS "targetCompanyId", link`;

const toNotification = (row: NotificationRow): AppNotification => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt ? row.readAt.toISOString() : null,
});

async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ unread: number }>(
    'SELECT count(*)::int AS unread FROM notifications WHERE user_id = $1 AND read_at IS NULL',
    [userId],
  );
  return rows[0]?.unread ?? 0;
}

async function readPreferences(db: Queryable, userId: string): Promise<NotificationPreference[]> {
  const { rows } = await db.query<{ kind: NotificationKind; email: boolean; in_app: boolean }>(
    'SELECT kind, email, in_app FROM notification_preferences WHERE user_id = $1',
    [userId],
  );
  const stored = new Map(rows.map((row) => [row.kind, row]));
  return NOTIFICATION_KINDS.map((kind) => {
    const locked = LOCKED_NOTIFICATION_KINDS.includes(kind);
    const row = stored.get(kind);
    return {
      kind,
      email: locked || (row?.email ?? true),
      inApp: kind !== 'digest' && (locked || (row?.in_app ?? true)),
      locked,
    };
  });
}

/** The caller's own organisation's table and id: the client, the auditor firm or the company. */
function organisationOf(user: SessionUser): { table: string; id: string } {
  const id = {
    client: user.clientId,
    auditor: user.auditorId,
    targetCompany: user.targetCompanyId,
  }[user.userType];
  return { table: ORGANISATION_TABLE[user.userType], id: id ?? '' };
}

async function readTimeZone(db: Queryable, user: SessionUser): Promise<string> {
  const { table, id } = organisationOf(user);
  const { rows } = await db.query<{ time_zone: string }>(
    `SELECT time_zone FROM ${table} WHERE id = $1`,
    [id],
  );
  if (!rows[0]) throw notFound();
  return rows[0].time_zone || DEFAULT_TIME_ZONE;
}

/** The signed-in user's notifications and switches, and their organisation's time zone. */
const notificationRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;

  fastify.get(
    '/notifications',
    {
      config: { permission: 'useNotifications' },
      schema: {
        ...docs(
          "The caller's notifications, newest first, one page at a time, with the unread count",
        ),
        ...notificationSchemas.notifications,
      },
    },
    async (request) => {
      const userId = request.user._id;
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? NOTIFICATIONS_PAGE_SIZE;
      const { rows } = await db.query<NotificationRow>(
        `SELECT ${NOTIFICATION_COLUMNS} FROM notifications WHERE user_id = $1
         ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [userId, pageSize, (page - 1) * pageSize],
      );
      const { rows: counts } = await db.query<{ total: number; unread: number }>(
        `SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread
         FROM notifications WHERE user_id = $1`,
        [userId],
      );
      return {
        success: true as const,
        data: {
          notifications: rows.map(toNotification),
          total: counts[0]?.total ?? 0,
          unread: counts[0]?.unread ?? 0,
          page,
          pageSize,
        },
      };
    },
  );

  fastify.get(
    '/notifications/unread-count',
    {
      config: { permission: 'useNotifications' },
      schema: {
        ...docs("The number of the caller's unread notifications (the bell)"),
        ...notificationSchemas.unreadCount,
      },
    },
    async (request) => ({
      success: true as const,
      data: { unread: await unreadCount(db, request.user._id) },
    }),
  );

  fastify.post(
    '/notifications/read-all',
    {
      config: { permission: 'useNotifications' },
      schema: {
        ...docs("Marks every one of the caller's notifications read"),
        ...notificationSchemas.readAll,
      },
    },
    async (request) => {
      await db.query(
        'UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL',
        [request.user._id],
      );
      return { success: true as const, data: { unread: 0 as const } };
    },
  );

  fastify.post(
    '/notification/:id/read',
    {
      config: { permission: 'useNotifications' },
      schema: {
        ...docs(
          'Marks one of the caller’s notifications read',
          "Someone else's notification is 404.",
        ),
        ...notificationSchemas.readOne,
      },
    },
    async (request) => {
      const { rows } = await db.query<NotificationRow>(
        `UPDATE notifications SET read_at = COALESCE(read_at, now())
         WHERE id = $1 AND user_id = $2 RETURNING ${NOTIFICATION_COLUMNS}`,
        [request.params.id, request.user._id],
      );
      if (!rows[0]) throw notFound();
      return { success: true as const, data: { notification: toNotification(rows[0]) } };
    },
  );

  fastify.get(
    '/notification-preferences',
    {
      config: { permission: 'useNotifications' },
      schema: {
        ...docs(
          "The caller's notification switches, one entry per kind",
          'Every kind is on until switched off; the weekly digest is an e-mail only; escalations are locked on.',
        ),
        ...notificationSchemas.preferences,
      },
    },
    async (request) => ({
      success: true as const,
      data: { preferences: await readPreferences(db, request.user._id) },
    }),
  );

  fastify.put(
    '/notification-preferences',
    {
      config: { permission: 'useNotifications' },
      schema: {
        ...docs(
          "Changes the caller's notification switches",
          "The kinds listed change, a switch left out keeps its value. Switching escalations off is 400 ('Escalations cannot be switched off.'), as are an unknown kind and the digest in the app; nothing is stored then.",
        ),
        ...notificationSchemas.updatePreferences,
      },
    },
    async (request) => {
      const userId = request.user._id;
      const changes = request.body.preferences;
      for (const change of changes) {
        if (!isNotificationKind(change.kind)) throw invalid(UNKNOWN_NOTIFICATION_KIND);
        const off = change.email === false || change.inApp === false;
        if (LOCKED_NOTIFICATION_KINDS.includes(change.kind) && off)
          throw invalid(ESCALATION_LOCKED);
        if (change.kind === 'digest' && change.inApp === true) throw invalid(DIGEST_EMAIL_ONLY);
      }
      await db.transaction(async (tx) => {
        const current = new Map(
          (await readPreferences(tx, userId)).map((preference) => [preference.kind, preference]),
        );
        for (const change of changes) {
          const kind = change.kind as NotificationKind;
          const before = current.get(kind)!;
          const after = {
            ...before,
            email: change.email ?? before.email,
            inApp: change.inApp ?? before.inApp,
          };
          current.set(kind, after);
          await tx.query(
            `INSERT INTO notification_preferences (user_id, kind, email, in_app) VALUES ($1, $2, $3, $4)
             ON CONFLICT (user_id, kind) DO UPDATE SET email = EXCLUDED.email, in_app = EXCLUDED.in_app`,
            [userId, kind, after.email, after.inApp],
          );
        }
      });
      return { success: true as const, data: { preferences: await readPreferences(db, userId) } };
    },
  );

  fastify.get(
    '/organisation/settings',
    {
      config: { permission: 'viewOrganisationSettings' },
      schema: {
        ...docs(
          "The caller's own organisation's settings (client, auditor firm or target company)",
          'timeZone decides what a day is for its reminders, overdue notices and Monday digest.',
        ),
        ...notificationSchemas.organisationSettings,
      },
    },
    async (request) => ({
      success: true as const,
      data: { settings: { timeZone: await readTimeZone(db, request.user) } },
    }),
  );

  fastify.put(
    '/organisation/settings',
    {
      config: { permission: 'manageOrganisationSettings' },
      schema: {
        ...docs(
          "Changes the caller's own organisation's settings (owner)",
          "timeZone: an IANA name such as Europe/London; another is 400 ('Choose a time zone from the list, such as Europe/London.').",
        ),
        ...notificationSchemas.updateOrganisationSettings,
      },
    },
    async (request) => {
      const { timeZone } = request.body;
      if (!isTimeZone(timeZone)) throw invalid(UNKNOWN_TIME_ZONE);
      // The database must know it too (the scan counts days there); stored as it spells the name,
      // whatever the case given (the runtime may answer an older alias, Asia/Calcutta for Asia/Kolkata).
      const known = await db.query<{ name: string }>(
        `SELECT name FROM pg_timezone_names WHERE lower(name) = lower($1)
         ORDER BY name = $1 DESC, name LIMIT 1`,
        [timeZone],
      );
      const name = known.rows[0]?.name;
      if (!name) throw invalid(UNKNOWN_TIME_ZONE);
      const { table, id } = organisationOf(request.user);
      await db.query(`UPDATE ${table} SET time_zone = $2 WHERE id = $1`, [id, name]);
      return {
        success: true as const,
        data: { settings: { timeZone: await readTimeZone(db, request.user) } },
      };
    },
  );
};

export default notificationRoutes;
