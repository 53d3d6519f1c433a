import { openDatabase, runMigrations, type Database } from '../../src/db';
import {
  createClient,
  identityAccountCreator,
  type CreateAccount,
} from '../../src/seed/create-client';
import { seedDemo } from '../../src/seed/demo-seed';
import { testConfig, TEST_REDIRECT_URI } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { startIdentity, type IdentityServer } from '../support/identity';

let identity: IdentityServer;
let createAccount: CreateAccount;

beforeAll(async () => {
  identity = await startIdentity({ redirectUri: TEST_REDIRECT_URI });
  createAccount = identityAccountCreator(identity.issuer, identity.apiKey);
});
afterAll(() => identity?.stop());

describe.each(databaseKinds)('create-client on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  const clientCount = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM clients')).rows[0]!.n;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = await openDatabase({
      dataDir: database.env.DATA_DIR,
      databaseUrl: database.env.DATABASE_URL,
    });
    await runMigrations(db);
    await seedDemo(db, testConfig(database).demoAccountsFile);
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

  it('refuses a taken client name or an email already in a client, creating nothing', async () => {
    const before = await clientCount();
    await expect(
      createClient(db, { name: 'northwind capital', ownerEmail: 'a@b.test', ownerName: 'A' }),
    ).rejects.toThrow('A client named "northwind capital" already exists');
    await expect(
      createClient(db, {
        name: 'Fresh Fund',
        ownerEmail: 'client.owner@verity.test',
        ownerName: 'C',
      }),
    ).rejects.toThrow('client.owner@verity.test is already a user of another client');
    expect(await clientCount()).toBe(before);
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
