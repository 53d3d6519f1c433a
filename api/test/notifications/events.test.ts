// Events on a gap, through the API's own routes: a new remark, a closure requested, returned and
// accepted are told to the gap's other parties (bell and e-mail), never to the author's own side,
// as each reader's switches say.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { startMailCatcher, type MailCatcher } from '../../../tooling/mail/mail-catcher';
import { buildTestApp } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { injectAs, sessionOfMembership } from '../support/session';
import { multipart, pngOf } from '../routes/action-plans/remark-uploads';
import { addGap, createTenant, emailsSettled, type Tenant } from './world';

let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(() => mail?.stop());

describe.each(databaseKinds)('gap events on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let tenant: Tenant;
  let gapId: string;
  const gapName = `Oil spill ${kind}`;
  /** The gap as the lender names it: an ESAP item number before its name. */
  const named = `2.3a ${gapName}`;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database, { SMTP_URL: mail.smtpUrl });
    await app.notifications.startWorkers({ scan: false, email: true, pollingIntervalSeconds: 0.5 });
    tenant = await createTenant(app.db, `Ibis ${kind}`);
    gapId = await addGap(
      app.db,
      tenant,
      gapName,
      new Date(Date.now() + 30 * 86_400_000).toISOString(),
    );
    await app.db.query(
      `INSERT INTO gap_status_history (gap_id, status, changed_at) VALUES ($1, 'open', now() - interval '1 hour')`,
      [gapId],
    );
    await app.db.query(`UPDATE gaps SET esap_item_number = '2.3a' WHERE id = $1`, [gapId]);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  type UserType = keyof Tenant['users'];
  type Role = keyof Tenant['users']['client'];
  const user = (userType: UserType, role: Role) => tenant.users[userType][role];

  async function as(userType: UserType, role: Role, options: InjectOptions) {
    const session = await sessionOfMembership(app, user(userType, role).id);
    const answer = await injectAs(app, session, options);
    expect(answer.statusCode).toBe(200);
    return answer;
  }
  const remark = (comments: string) =>
    as('targetCompany', 'editor', {
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/remark`,
      query: { targetCompanyId: tenant.targetCompanyId },
      ...multipart(comments, [{ fileName: 'valve.png', bytes: pngOf() }]),
    });
  const closure = (userType: UserType, role: Role, path: string, payload: object) =>
    as(userType, role, {
      method: 'POST',
      url: `/api/v1/gap/${gapId}/${path}`,
      query: { targetCompanyId: tenant.targetCompanyId },
      payload,
    });

  /** Who has a notification (bell) and who got an e-mail with this title. */
  async function told(title: string) {
    await emailsSettled(app);
    const { rows } = await app.db.query<{ email: string }>(
      `SELECT u.email FROM notifications n JOIN users u ON u.id = n.user_id
       WHERE n.gap_id = $1 AND n.title = $2 ORDER BY u.email`,
      [gapId, title],
    );
    return {
      bell: rows.map((row) => row.email),
      email: mail
        .messages()
        .filter((message) => message.subject === `${title} (Verity)`)
        .flatMap((message) => message.to)
        .sort(),
    };
  }
  const emails = (...users: [UserType, Role][]) =>
    users.map(([userType, role]) => user(userType, role).email).sort();

  it('tells the firm and the client of a company remark, with its words', async () => {
    await remark('Valve replaced, photo attached');
    const others = emails(
      ['auditor', 'owner'],
      ['auditor', 'admin'],
      ['client', 'owner'],
      ['client', 'admin'],
    );
    expect(await told(`New remark: ${named}`)).toEqual({ bell: others, email: others });
    const [message] = mail.messagesTo(user('client', 'admin').email);
    expect(message!.text).toContain('Ibis');
    expect(message!.text).toContain('"Valve replaced, photo attached"');
  });

  it('tells the reviewers of a closure request', async () => {
    await closure('targetCompany', 'editor', 'closure-request', { note: 'Fixed last week' });
    const reviewers = emails(
      ['auditor', 'owner'],
      ['auditor', 'admin'],
      ['client', 'owner'],
      ['client', 'admin'],
    );
    expect(await told(`Closure requested: ${named} — now Pending`)).toEqual({
      bell: reviewers,
      email: reviewers,
    });
  });

  it("tells the company and the client of a return, as each one's switches say", async () => {
    // The company admin keeps returns in the bell only; the company owner wants none.
    for (const [role, email, inApp] of [
      ['admin', false, true],
      ['owner', false, false],
    ] as const)
      await as('targetCompany', role, {
        method: 'PUT',
        url: '/api/v1/notification-preferences',
        payload: { preferences: [{ kind: 'closureReturned', email, inApp }] },
      });
    await closure('auditor', 'admin', 'closure-review', {
      decision: 'return',
      reason: 'The photo shows the wrong valve.',
    });
    expect(await told(`Closure returned: ${named} — now Open`)).toEqual({
      bell: emails(
        ['targetCompany', 'admin'],
        ['targetCompany', 'editor'],
        ['client', 'owner'],
        ['client', 'admin'],
      ),
      email: emails(['targetCompany', 'editor'], ['client', 'owner'], ['client', 'admin']),
    });
  });

  it('tells the company and the firm when the client accepts', async () => {
    await remark('The right valve this time');
    await closure('targetCompany', 'editor', 'closure-request', {});
    await closure('client', 'owner', 'closure-review', { decision: 'accept', method: 'desk' });
    const told_ = await told(`Closure accepted: ${named} — now Prov Close`);
    const expected = emails(
      ['targetCompany', 'owner'],
      ['targetCompany', 'admin'],
      ['targetCompany', 'editor'],
      ['auditor', 'owner'],
      ['auditor', 'admin'],
    );
    expect(told_).toEqual({ bell: expected, email: expected });
    const [message] = mail
      .messagesTo(user('auditor', 'owner').email)
      .filter((m) => m.subject.startsWith('Closure accepted'));
    expect(message!.text).toContain('Desk review');
  });

  it('tells whoever answers of an extension request, and the company of the answer', async () => {
    // The gap was accepted (Prov Close) above: open it again first.
    await app.db.query(`UPDATE gaps SET status = 'open' WHERE id = $1`, [gapId]);
    const newDue = new Date(Date.now() + 40 * 86_400_000).toISOString();
    await closure('targetCompany', 'editor', 'extension-request', {
      dueDate: newDue,
      reason: 'The valve supplier is late.',
    });
    const day = new Date(newDue).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const approvers = emails(['client', 'owner'], ['client', 'admin']);
    expect(await told(`Extension requested: ${named}`)).toEqual({
      bell: approvers,
      email: approvers,
    });
    const [asked] = mail
      .messagesTo(user('client', 'owner').email)
      .filter((m) => m.subject.startsWith('Extension requested'));
    expect(asked!.text).toContain(`to ${day}`);
    expect(asked!.text).toContain('"The valve supplier is late."');

    await closure('client', 'admin', 'extension-answer', { decision: 'approve' });
    const company = emails(
      ['targetCompany', 'owner'],
      ['targetCompany', 'admin'],
      ['targetCompany', 'editor'],
    );
    expect(await told(`Extension approved: ${named}`)).toEqual({ bell: company, email: company });
    const [answered] = mail
      .messagesTo(user('targetCompany', 'editor').email)
      .filter((m) => m.subject.startsWith('Extension approved'));
    expect(answered!.text).toContain(`it is due on ${day}`);
  });

  // Each reader's e-mail and bell row in the language they chose (decision 0109), English while they
  // chose none;
  // what the users wrote (the gap's and the plan's names, the remark) stays as written.
  it.each([
    {
      language: 'tr',
      subject: `Yeni yorum: ${named} (Verity)`,
      greeting: `Merhaba Ibis ${kind} client owner,`,
      said: (words: string) =>
        `“Ibis ${kind} water plan” eylem planındaki “${named}” bulgusuna bir yorum ekledi: “${words}”`,
      open: 'Bulguyu aç: http',
      html: '<html lang="tr"><body',
    },
    {
      language: 'ar',
      subject: `ملاحظة جديدة: ${named} (Verity)`,
      greeting: `مرحبًا Ibis ${kind} client owner،`,
      said: (words: string) =>
        `ملاحظة إلى الفجوة «${named}» في خطة العمل «Ibis ${kind} water plan» الخاصة بـ Ibis ${kind} Foods: «${words}»`,
      open: 'فتح الفجوة: http',
      html: '<html lang="ar" dir="rtl"><body',
    },
    {
      language: null,
      subject: `New remark: ${named} (Verity)`,
      greeting: `Hello Ibis ${kind} client owner,`,
      said: (words: string) =>
        `added a remark to the gap '${named}' in the action plan 'Ibis ${kind} water plan' of Ibis ${kind} Foods: "${words}"`,
      open: 'Open the gap: http',
      html: '<html lang="en"><body',
    },
  ])('writes the e-mail of a reader whose language is $language in it', async (expected) => {
    const reader = user('client', 'owner');
    await app.db.query('UPDATE users SET language = $2 WHERE id = $1', [
      reader.id,
      expected.language,
    ]);
    const words = `Valve checked (${expected.language})`;
    await remark(words);
    await emailsSettled(app);
    const message = mail.messagesTo(reader.email).find((m) => m.text.includes(words))!;
    expect(message.subject).toBe(expected.subject);
    expect(message.text).toContain(expected.greeting);
    expect(message.text).toContain(expected.said(words));
    expect(message.text).toContain(words);
    expect(message.text).toContain(expected.open);
    expect(message.html).toContain(expected.html);
    // The bell's row in the same language.
    const { rows } = await app.db.query<{ title: string }>(
      'SELECT title FROM notifications WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
      [reader.id],
    );
    expect(rows[0]!.title).toBe(expected.subject.replace(/ \(Verity\)$/, ''));
  });
});
