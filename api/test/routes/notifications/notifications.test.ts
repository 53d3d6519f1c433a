// The bell's routes, the notification switches and the organisation's time zone: own data only,
// paginated newest first, and bad input a 400 that stores nothing.
import type { FastifyInstance } from 'fastify';
import {
  DIGEST_EMAIL_ONLY,
  ESCALATION_LOCKED,
  NOTIFICATION_KINDS,
  UNKNOWN_NOTIFICATION_KIND,
  UNKNOWN_TIME_ZONE,
} from '@verity/shared-api/src/server';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { injectAs, sessionFor, sessionOfMembership, type TestSession } from '../../support/session';
import { createTenant, type Tenant } from '../../notifications/world';

describe.each(databaseKinds)('notification routes on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let tenant: Tenant;
  let owner: TestSession;
  let editor: TestSession;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    tenant = await createTenant(app.db, `Heron ${kind}`);
    owner = await sessionOfMembership(app, tenant.users.targetCompany.owner.id);
    editor = await sessionOfMembership(app, tenant.users.targetCompany.editor.id);
    // 25 notifications of the owner, a minute apart, and one of the editor.
    await app.db.query(
      `INSERT INTO notifications (user_id, kind, title, body, created_at)
       SELECT $1, 'remarkAdded', 'Note ' || n, 'Body ' || n, now() - make_interval(mins => 100 - n)
       FROM generate_series(1, 25) AS n`,
      [tenant.users.targetCompany.owner.id],
    );
    await app.db.query(
      `INSERT INTO notifications (user_id, kind, title, body) VALUES ($1, 'overdue', 'Editor note', 'x')`,
      [tenant.users.targetCompany.editor.id],
    );
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const get = (session: TestSession, url: string, query?: Record<string, string>) =>
    injectAs(app, session, { method: 'GET', url: `/api/v1${url}`, query });
  const send = (session: TestSession, method: 'POST' | 'PUT', url: string, payload?: object) =>
    injectAs(app, session, { method, url: `/api/v1${url}`, payload });

  it('leaves the demo accounts a few notifications in the bell', async () => {
    const demo = await sessionFor(app, 'company.owner@verity.test', 'targetCompany');
    const answer = await get(demo, '/notifications');
    expect(answer.statusCode).toBe(200);
    const { notifications, unread } = answer.json().data;
    expect(unread).toBeGreaterThan(0);
    expect(notifications[0].link).toMatch(/^\/target-company\/auditors\/.+\?gap_id=/);
  });

  it("lists the caller's own notifications, newest first, a page at a time", async () => {
    const first = await get(owner, '/notifications');
    expect(first.statusCode).toBe(200);
    const page = first.json().data;
    expect(page).toMatchObject({ total: 25, unread: 25, page: 1, pageSize: 20 });
    expect(page.notifications).toHaveLength(20);
    expect(page.notifications[0]).toMatchObject({
      kind: 'remarkAdded',
      title: 'Note 25',
      readAt: null,
      gapId: null,
      link: null,
    });
    expect(page.notifications[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const second = (await get(owner, '/notifications', { page: '2', pageSize: '20' })).json().data;
    expect(second.notifications.map((n: { title: string }) => n.title)).toEqual([
      'Note 5',
      'Note 4',
      'Note 3',
      'Note 2',
      'Note 1',
    ]);
    expect((await get(editor, '/notifications')).json().data.total).toBe(1);
  });

  it('counts, marks one and marks all read; another user’s notification is 404', async () => {
    expect((await get(owner, '/notifications/unread-count')).json()).toEqual({
      success: true,
      data: { unread: 25 },
    });
    const [latest] = (await get(owner, '/notifications')).json().data.notifications;
    const read = await send(owner, 'POST', `/notification/${latest.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.notification).toMatchObject({ id: latest.id, title: 'Note 25' });
    expect(read.json().data.notification.readAt).not.toBeNull();
    expect((await get(owner, '/notifications/unread-count')).json().data.unread).toBe(24);

    const [editorsOwn] = (await get(editor, '/notifications')).json().data.notifications;
    const foreign = await send(owner, 'POST', `/notification/${editorsOwn.id}/read`);
    expect(foreign.statusCode).toBe(404);
    expect((await get(editor, '/notifications/unread-count')).json().data.unread).toBe(1);

    const all = await send(owner, 'POST', '/notifications/read-all');
    expect(all.json()).toEqual({ success: true, data: { unread: 0 } });
    expect((await get(owner, '/notifications/unread-count')).json().data.unread).toBe(0);
    expect((await get(editor, '/notifications/unread-count')).json().data.unread).toBe(1);
  });

  it('refuses a bad page, page size or id', async () => {
    const queries: Record<string, string>[] = [
      { page: '0' },
      { pageSize: '51' },
      { pageSize: '0' },
      { page: 'two' },
    ];
    for (const query of queries)
      expect((await get(owner, '/notifications', query)).statusCode).toBe(400);
    expect((await send(owner, 'POST', '/notification/not-a-uuid/read')).statusCode).toBe(400);
  });

  it('gives one switch pair per kind, all on by default, escalations locked, the digest e-mail only', async () => {
    const answer = await get(editor, '/notification-preferences');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.preferences).toEqual(
      NOTIFICATION_KINDS.map((kind) => ({
        kind,
        email: true,
        inApp: kind !== 'digest',
        locked: kind === 'escalation',
      })),
    );
  });

  it('changes the kinds listed and keeps the rest; refuses escalations off, unknown kinds and an in-app digest, storing nothing', async () => {
    const changed = await send(editor, 'PUT', '/notification-preferences', {
      preferences: [
        { kind: 'remarkAdded', email: false },
        { kind: 'dueSoon', email: false, inApp: false },
        { kind: 'digest', email: false, inApp: false },
      ],
    });
    expect(changed.statusCode).toBe(200);
    const byKind = Object.fromEntries(
      changed
        .json()
        .data.preferences.map((p: { kind: string; email: boolean; inApp: boolean }) => [
          p.kind,
          [p.email, p.inApp],
        ]),
    );
    expect(byKind).toMatchObject({
      remarkAdded: [false, true],
      dueSoon: [false, false],
      digest: [false, false],
      overdue: [true, true],
    });
    const before = (await get(editor, '/notification-preferences')).json().data;
    for (const [payload, message] of [
      [{ preferences: [{ kind: 'escalation', email: false }] }, ESCALATION_LOCKED],
      [
        {
          preferences: [
            { kind: 'overdue', email: true },
            { kind: 'escalation', inApp: false },
          ],
        },
        ESCALATION_LOCKED,
      ],
      [{ preferences: [{ kind: 'weekly', email: false }] }, UNKNOWN_NOTIFICATION_KIND],
      [{ preferences: [{ kind: 'digest', inApp: true }] }, DIGEST_EMAIL_ONLY],
    ] as const) {
      const refused = await send(editor, 'PUT', '/notification-preferences', payload);
      expect({ status: refused.statusCode, message: refused.json().message }).toEqual({
        status: 400,
        message,
      });
    }
    for (const payload of [
      {},
      { preferences: 'all' },
      { preferences: [{ kind: 'overdue', email: 'maybe' }] },
      { preferences: [{ kind: 'x'.repeat(100) }] },
      { preferences: [{ kind: 'overdue\u0000', email: false }] },
    ])
      expect((await send(editor, 'PUT', '/notification-preferences', payload)).statusCode).toBe(
        400,
      );
    expect((await get(editor, '/notification-preferences')).json().data).toEqual(before);
  });

  it("reads and, as its owner only, sets the caller's organisation's time zone", async () => {
    for (const userType of ['client', 'auditor', 'targetCompany'] as const) {
      const ownerSession = await sessionOfMembership(app, tenant.users[userType].owner.id);
      const viewer = await sessionOfMembership(app, tenant.users[userType].viewer.id);
      const admin = await sessionOfMembership(app, tenant.users[userType].admin.id);
      expect((await get(viewer, '/organisation/settings')).json()).toEqual({
        success: true,
        data: { settings: { timeZone: 'UTC' } },
      });
      expect(
        (await send(admin, 'PUT', '/organisation/settings', { timeZone: 'Asia/Kolkata' }))
          .statusCode,
      ).toBe(403);
      const set = await send(ownerSession, 'PUT', '/organisation/settings', {
        timeZone: 'europe/london',
      });
      expect(set.json()).toEqual({
        success: true,
        data: { settings: { timeZone: 'Europe/London' } },
      });
      for (const timeZone of ['Mars/Olympus', '', 'x'.repeat(300), 'Europe/London\u0000']) {
        const refused = await send(ownerSession, 'PUT', '/organisation/settings', { timeZone });
        expect({ timeZone, status: refused.statusCode }).toEqual({ timeZone, status: 400 });
      }
      const unknown = await send(ownerSession, 'PUT', '/organisation/settings', {
        timeZone: 'Mars/Olympus',
      });
      expect(unknown.json().message).toBe(UNKNOWN_TIME_ZONE);
      expect((await send(ownerSession, 'PUT', '/organisation/settings', {})).statusCode).toBe(400);
      expect((await get(viewer, '/organisation/settings')).json().data.settings.timeZone).toBe(
        'Europe/London',
      );
    }
    // Only the caller's own organisation changed.
    const { rows } = await app.db.query<{ time_zone: string }>(
      `SELECT time_zone FROM target_companies WHERE target_company_name = 'Acme Steel Ltd'`,
    );
    expect(rows[0]!.time_zone).toBe('UTC');
  });
});
