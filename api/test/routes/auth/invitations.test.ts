import type { FastifyInstance } from 'fastify';
import { startMailCatcher, type MailCatcher } from '../../../../tooling/mail/mail-catcher';
import { EMAIL_QUEUE } from '../../../src/notifications/job-queue';
import { buildTestApp, capturedLogs, TEST_PUBLIC_URL } from '../../support/app';
import {
  anyDatabaseKind,
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../support/databases';
import { sharedIdentity } from '../../support/shared-identity';
import { sessionFor, sessionOfMembership } from '../../support/session';
import { signInFrom } from '../../support/sign-in';
import {
  call,
  createAccount,
  demoWorld,
  identityEnv,
  type DemoWorld,
} from '../organisations/fixtures';

const PASSWORD = 'verity-test-password';
const LINK = new RegExp(`${TEST_PUBLIC_URL}/api/v1/auth/invitations/[A-Za-z0-9_-]{43}`);

// The run's identity server (support/shared-identity.ts): each invited person's address is new to it.
const identity = sharedIdentity();
let mail: MailCatcher;

beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail?.stop();
});

describe.each(databaseKinds)('invitations on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: DemoWorld;
  let serial = 0;
  const logs = capturedLogs();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(
      database,
      { ...identityEnv(identity), SMTP_URL: mail.smtpUrl },
      { logger: logs.logger },
    );
    // Invitations are e-mail jobs: this process's worker sends them.
    await app.notifications.startWorkers({ scan: false, email: true, pollingIntervalSeconds: 0.5 });
    world = await demoWorld(app);
  });

  /** Each callback is answered once: nothing after its answer tries to answer it again. */
  afterEach(() => {
    const answeredTwice = logs
      .take()
      .filter((entry) => entry.err?.code === 'FST_ERR_REP_ALREADY_SENT' || entry.level >= 50);
    expect(answeredTwice).toEqual([]);
  });

  const sessionCount = async () =>
    (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions')).rows[0]!.n;
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  /** A fresh address, its identity account (unverified, as after a sign-up) and nothing else yet. */
  async function person(name: string): Promise<string> {
    const email = `${name}.${kind}.${++serial}@invited.test`;
    await createAccount(identity, email, `${name} ${serial}`);
    return email;
  }

  async function invitationTo(email: string) {
    const message = await mail.waitForMessage((m) => m.to.includes(email));
    const link = LINK.exec(message.text)?.[0];
    if (!link) throw new Error(`no invitation link in:\n${message.text}`);
    return { message, path: new URL(link).pathname };
  }

  const membership = async (email: string, userType: string) =>
    (
      await app.db.query<{ id: string; sub: string | null }>(
        'SELECT id, sub FROM users WHERE lower(email) = lower($1) AND user_type = $2',
        [email, userType],
      )
    ).rows;

  it('e-mails a new client user a one-time link that signs their account in as that user', async () => {
    const email = await person('paula');
    const created = await call(app, world.clientOwner, 'POST', '/client/user', {
      emailId: email,
      fullname: 'Paula Partner',
      role: 'admin',
    });
    expect(created.statusCode).toBe(201);

    const { message, path } = await invitationTo(email);
    // The link's token is nowhere in clear: not in the queue's jobs, only its hash in invitations.
    const token = path.split('/').pop()!;
    const { rows: clear } = await app.db.query(
      `SELECT 1 FROM pgboss.job WHERE data::text LIKE '%' || $1 || '%'
       UNION ALL SELECT 1 FROM invitations WHERE token_hash = $1`,
      [token],
    );
    expect(clear).toEqual([]);
    expect(message.from).toBe('no-reply@verity.localhost');
    expect(message.subject).toBe('Clara Owner invited you to Northwind Capital on Verity');
    expect(message.text).toContain(
      'Clara Owner invited you to join Northwind Capital on Verity as Admin',
    );
    expect(message.html).toContain('Northwind Capital');
    expect(message.html).toMatch(LINK);

    // Unverified, the account alone cannot take the membership; the link can.
    const sessionsBefore = await sessionCount();
    const { callback, cookies } = await signInFrom(app, path, email, PASSWORD);
    expect(callback.headers.location).toBe('/');
    // One sign-in, one session: the one whose cookies the browser got.
    expect(await sessionCount()).toBe(sessionsBefore + 1);
    const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: cookies.all() });
    expect(me.json().data.user).toMatchObject({
      emailId: email,
      role: 'admin',
      userType: 'client',
      organisationName: 'Northwind Capital',
    });
    expect((await membership(email, 'client'))[0]!.sub).toMatch(/\S/);
    expect(cookies.get('verity_invitation')).toBeUndefined();

    // Spent: the same link again goes back to the login screen with a clear message.
    const again = await app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/login?error=invitation_invalid');
  });

  it('refuses the link to an account with another e-mail address, and keeps the membership waiting', async () => {
    const email = await person('omar');
    const stranger = await person('stranger');
    await call(app, world.auditorOwner, 'POST', '/auditor/user', {
      emailId: email,
      fullname: 'Omar Auditor',
      role: 'editor',
    });
    const { path } = await invitationTo(email);

    const sessionsBefore = await sessionCount();
    const { callback, cookies } = await signInFrom(app, path, stranger, PASSWORD);
    expect(callback.headers.location).toBe('/login?error=invitation_email_mismatch');
    expect(cookies.get('verity_access')).toBeUndefined();
    expect((await membership(email, 'auditor'))[0]!.sub).toBeNull();
    // Nothing else happened behind that answer: no session was started.
    expect(await sessionCount()).toBe(sessionsBefore);

    // The right person can still use it.
    const rightful = await signInFrom(app, path, email, PASSWORD);
    expect(rightful.callback.headers.location).toBe('/');
  });

  it('sends an expired link back to the login screen', async () => {
    const email = await person('late');
    await call(app, world.companyOwner, 'POST', '/target-company/user', {
      emailId: email,
      fullname: 'Late Comer',
      role: 'viewer',
    });
    const { path } = await invitationTo(email);
    await app.db.query(
      "UPDATE invitations SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [(await membership(email, 'targetCompany'))[0]!.id],
    );
    const opened = await app.inject({ method: 'GET', url: path });
    expect(opened.headers.location).toBe('/login?error=invitation_invalid');
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/invitations/not-a-token',
    });
    expect(unknown.headers.location).toBe('/login?error=invitation_invalid');
  });

  it('invites the owner of a new target company and of a new auditor firm', async () => {
    const companyOwner = await person('hana');
    const company = await call(app, world.clientOwner, 'POST', '/target-company', {
      targetCompanyName: `Harbour Textiles ${serial}`,
      emailId: companyOwner,
      companyType: 'partner',
      auditorId: world.greenAuditId,
      auditType: ['dd'],
      auditCategory: ['Social'],
      formType: ['ap'],
    });
    expect(company.statusCode).toBe(201);
    const toCompanyOwner = await invitationTo(companyOwner);
    expect(toCompanyOwner.message.subject).toBe(
      `Clara Owner invited you to Harbour Textiles ${serial} on Verity`,
    );
    const signedIn = await signInFrom(app, toCompanyOwner.path, companyOwner, PASSWORD);
    expect(signedIn.callback.headers.location).toBe('/');

    const firmOwner = await person('vera');
    const firm = await call(app, world.clientOwner, 'POST', '/auditor', {
      emailId: firmOwner,
      auditorName: `Verify Associates ${serial}`,
      registeredName: 'Verify Associates LLP',
    });
    expect(firm.statusCode).toBe(201);
    const toFirmOwner = await invitationTo(firmOwner);
    expect(toFirmOwner.message.text).toContain(`Verify Associates ${serial}`);
  });

  it('lets a manager resend the invitation of a user who has not joined yet', async () => {
    const email = await person('resend');
    const created = await call(app, world.clientOwner, 'POST', '/client/user', {
      emailId: email,
      fullname: 'Rhea Resend',
      role: 'viewer',
    });
    const userId: string = created.json().data.user.id;
    await invitationTo(email);
    mail.clear();

    const resent = await call(app, world.clientOwner, 'POST', `/client/user/${userId}/invitation`);
    expect(resent.statusCode).toBe(200);
    const { path } = await invitationTo(email);
    expect((await signInFrom(app, path, email, PASSWORD)).callback.headers.location).toBe('/');

    const joined = await call(app, world.clientOwner, 'POST', `/client/user/${userId}/invitation`);
    expect(joined.statusCode).toBe(409);
    expect(joined.json().message).toBe('This user has already joined.');
  });

  // The invitation in the language of the membership's user (decision 0109), English until chosen;
  // names stay as written, the link and its expiry as they are.
  it.each([
    {
      language: 'tr',
      subject: 'Clara Owner sizi Verity’de Northwind Capital kuruluşuna davet etti',
      lines: [
        'Merhaba Lale Dil,',
        'Clara Owner sizi Verity’de Northwind Capital kuruluşuna Düzenleyici rolüyle katılmaya davet etti.',
        'Daveti kabul edin: http',
      ],
      html: ['<html lang="tr"><body', '>Daveti kabul et</a>'],
    },
    {
      language: 'ar',
      subject: 'دعاك Clara Owner إلى Northwind Capital على Verity',
      lines: [
        'مرحبًا Lale Dil،',
        'دعاك Clara Owner للانضمام إلى Northwind Capital على Verity بصفة محرر.',
        'قبول الدعوة: http',
      ],
      html: ['<html lang="ar" dir="rtl"><body', '>قبول الدعوة</a>'],
    },
    {
      language: null,
      subject: 'Clara Owner invited you to Northwind Capital on Verity',
      lines: [
        'Hello Lale Dil,',
        'Clara Owner invited you to join Northwind Capital on Verity as Editor.',
        'Accept the invitation: http',
      ],
      html: ['<html lang="en"><body', '>Accept the invitation</a>'],
    },
  ])('writes the invitation of a user whose language is $language in it', async (expected) => {
    const email = await person(`lale-${expected.language}`);
    const created = await call(app, world.clientOwner, 'POST', '/client/user', {
      emailId: email,
      fullname: 'Lale Dil',
      role: 'editor',
    });
    const userId: string = created.json().data.user.id;
    await invitationTo(email);
    mail.clear();
    await app.db.query('UPDATE users SET language = $2 WHERE id = $1', [userId, expected.language]);
    await call(app, world.clientOwner, 'POST', `/client/user/${userId}/invitation`);
    const { message } = await invitationTo(email);
    expect(message.subject).toBe(expected.subject);
    for (const line of expected.lines) expect(message.text).toContain(line);
    expect(message.text).toContain(email);
    for (const part of expected.html) expect(message.html).toContain(part);
    expect(message.html).toMatch(LINK);
  });
});

describe('invitations while the mail server is down', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(anyDatabaseKind);
    // Nothing listens on port 9: every e-mail fails to send.
    app = await buildTestApp(database, {
      ...identityEnv(identity),
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('keeps the new user, and the resend says the e-mail could not be sent', async () => {
    const owner = await sessionFor(app, 'client.owner@verity.test', 'client');
    const created = await call(app, owner, 'POST', '/client/user', {
      emailId: 'kept.anyway@verity.test',
      fullname: 'Kept Anyway',
      role: 'viewer',
    });
    expect(created.statusCode).toBe(201);
    const userId: string = created.json().data.user.id;
    // Its invitation waits in the queue, committed with the membership, for the server to come back.
    const { rows } = await app.db.query<{ queued: number }>(
      `SELECT count(*)::int AS queued FROM pgboss.job
       WHERE name = $1 AND data->>'type' = 'invitation' AND data->>'userId' = $2`,
      [EMAIL_QUEUE, userId],
    );
    expect(rows[0]!.queued).toBe(1);

    const resent = await call(app, owner, 'POST', `/client/user/${userId}/invitation`);
    expect(resent.statusCode).toBe(502);
    expect(resent.json()).toEqual({
      success: false,
      message: 'The invitation e-mail could not be sent. Please try again later.',
      code: 'MAIL_UNAVAILABLE',
    });
    expect((await app.db.query('SELECT 1 FROM users WHERE id = $1', [userId])).rows).toHaveLength(
      1,
    );
  });

  it('limits each manager to 20 invitation e-mails an hour', async () => {
    const northwind = await app.db.query<{ id: string }>(
      "SELECT id FROM clients WHERE client_name = 'Northwind Capital'",
    );
    const manager = await app.db.query<{ id: string }>(
      `INSERT INTO users (email, fullname, user_type, role, client_id)
       VALUES ('busy.owner@verity.test', 'Busy Owner', 'client', 'owner', $1) RETURNING id`,
      [northwind.rows[0]!.id],
    );
    const owner = await sessionOfMembership(app, manager.rows[0]!.id);
    const created = await call(app, owner, 'POST', '/client/user', {
      emailId: 'often.invited@verity.test',
      fullname: 'Often Invited',
      role: 'viewer',
    });
    const userId: string = created.json().data.user.id;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await call(app, owner, 'POST', `/client/user/${userId}/invitation`)).statusCode,
      );
    expect(statuses.slice(0, 20).every((status) => status === 502)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
