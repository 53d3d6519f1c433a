import { textRuleMessages } from '@verity/shared-api/src/server';
import { openDatabase, type Database } from '../../src/db';
import { createMailer } from '../../src/mail/mailer';
import {
  createClient,
  identityAccountCreator,
  sendOwnerInvitation,
  type CreateAccount,
} from '../../src/seed/create-client';
import { startMailCatcher } from '../../../tooling/mail/mail-catcher';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { sharedIdentity } from '../support/shared-identity';

const identity = sharedIdentity();
const createAccount: CreateAccount = identityAccountCreator(identity.issuer, identity.apiKey);

describe.each(databaseKinds)('create-client on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  const clientCount = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM clients')).rows[0]!.n;

  beforeAll(async () => {
    // With the demo data: its clients and accounts are the taken names and existing owners.
    database = await createTestDatabase(kind, { template: 'seeded' });
    db = await openDatabase({
      dataDir: database.env.DATA_DIR,
      databaseUrl: database.env.DATABASE_URL,
    });
  });
  afterAll(async () => {
    await db?.close();
    await database?.dispose();
  });

  it('creates the client, its owner membership and the identity account with a one-time password', async () => {
    const email = `owner.${kind}@harbour-capital.test`;
    const created = await createClient(
      db,
      {
        name: `Harbour Capital ${kind}`,
        ownerEmail: ` ${email.toUpperCase()} `,
        ownerName: 'Hana Harbour',
      },
      createAccount,
    );
    expect(created.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const { rows } = await db.query(
      `SELECT c.client_name, u.email, u.fullname, u.user_type, u.role FROM users u
       JOIN clients c ON c.id = u.client_id WHERE u.id = $1 AND c.id = $2`,
      [created.ownerUserId, created.clientId],
    );
    expect(rows).toEqual([
      {
        client_name: `Harbour Capital ${kind}`,
        email,
        fullname: 'Hana Harbour',
        user_type: 'client',
        role: 'owner',
      },
    ]);
    const lookup = await fetch(`${identity.issuer}/user?email=${encodeURIComponent(email)}`, {
      headers: { authorization: `Bearer ${identity.apiKey}` },
    });
    expect(lookup.status).toBe(200);
    expect(((await lookup.json()) as { user: { name: string } }).user.name).toBe('Hana Harbour');
  });

  it('prints no password when the owner already has an identity account', async () => {
    const created = await createClient(
      db,
      {
        name: `Newcomer Holdings ${kind}`,
        ownerEmail: 'new.person@verity.test',
        ownerName: 'Nina Newcomer',
      },
      createAccount,
    );
    expect(created.password).toBeUndefined();
  });

  it('refuses a taken client name, creating nothing', async () => {
    const before = await clientCount();
    await expect(
      createClient(db, { name: 'northwind capital', ownerEmail: 'a@b.test', ownerName: 'A' }),
    ).rejects.toThrow('A client named "northwind capital" already exists');
    expect(await clientCount()).toBe(before);
  });

  it("refuses an owner's name that is not one line, creating nothing", async () => {
    const before = await clientCount();
    await expect(
      createClient(db, {
        name: `Two Line Fund ${kind}`,
        ownerEmail: 'two.lines@fund.test',
        ownerName: 'Tia\r\nTwo',
      }),
    ).rejects.toThrow(textRuleMessages.personNameOnOneLine);
    expect(await clientCount()).toBe(before);
  });

  it("makes the owner of another client this one's owner too", async () => {
    const created = await createClient(db, {
      name: `Second Fund ${kind}`,
      ownerEmail: 'client.owner@verity.test',
      ownerName: 'Clara Owner',
    });
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE email = 'client.owner@verity.test' AND user_type = 'client'",
    );
    expect(rows[0]!.n).toBe(2);
    expect(created.clientId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("e-mails the owner's invitation, or hands the operator the link when mail is down", async () => {
    const created = await createClient(db, {
      name: `Invited Fund ${kind}`,
      ownerEmail: `owner.${kind}@invited-fund.test`,
      ownerName: 'Ivy Invited',
    });
    expect(created.invitation).toMatchObject({
      email: `owner.${kind}@invited-fund.test`,
      organisationName: `Invited Fund ${kind}`,
      inviterName: 'Verity',
      role: 'owner',
    });

    const mail = await startMailCatcher();
    try {
      const mailer = createMailer({ smtpUrl: mail.smtpUrl, mailFrom: 'Verity <a@b.test>' });
      expect(
        await sendOwnerInvitation(mailer, 'https://verity.example', created.invitation),
      ).toEqual({ sent: true });
      await mailer.close();
      const message = await mail.waitForMessage((m) => m.to.includes(created.invitation.email));
      expect(message.subject).toBe(`Verity invited you to Invited Fund ${kind} on Verity`);
      expect(message.text).toContain(
        `https://verity.example/api/v1/auth/invitations/${created.invitation.token}`,
      );
    } finally {
      await mail.stop();
    }

    const down = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', mailFrom: 'a@b.test' });
    const outcome = await sendOwnerInvitation(down, 'https://verity.example', created.invitation);
    await down.close();
    expect(outcome).toMatchObject({
      sent: false,
      link: `https://verity.example/api/v1/auth/invitations/${created.invitation.token}`,
    });
  });

  it('leaves no client behind when identity refuses the account', async () => {
    const before = await clientCount();
    await expect(
      createClient(
        db,
        { name: `Refused Fund ${kind}`, ownerEmail: `refused.${kind}@fund.test`, ownerName: 'R' },
        identityAccountCreator(identity.issuer, 'wrong-key'),
      ),
    ).rejects.toThrow('Identity refused the account (401)');
    expect(await clientCount()).toBe(before);
  });
});
