// Passwords are stored with argon2id at OWASP's minimum cost (19 MiB, two passes). The other identity
// tests run with IDENTITY_FAST_PASSWORD_HASHING=1 (support/start-identity.ts): the production cost
// is shown here, by the server as it stores a password, and in process.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  FAST_PASSWORD_HASH_COST,
  hashPassword,
  setPasswordHashCost,
  verifyAgainstDecoy,
  verifyPassword,
} from '../src/accounts/password';
import {
  createIdentityDatabase,
  defaultDatabaseKind,
  queryStoppedPglite,
} from './support/databases';
import { Browser } from './support/browser';
import { signIn } from './support/oidc-flow';
import { copyPgliteTemplate, startIdentity, testApiKey } from './support/start-identity';

const PRODUCTION_COST = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

afterEach(() => setPasswordHashCost(false));

it('stores a new password at the production cost unless told otherwise, and signs in with it', async () => {
  const database = await createIdentityDatabase(defaultDatabaseKind, { template: 'plain' });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verity-identity-hashing-'));
  if (!database.query) await copyPgliteTemplate(dataDir, false);
  const identity = await startIdentity({
    ...database.env,
    ...(database.query ? {} : { DATA_DIR: dataDir }),
    IDENTITY_FAST_PASSWORD_HASHING: '0',
  });
  try {
    const created = await fetch(`${identity.url}/accounts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${testApiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: 'costly@verity.test',
        name: 'Cos Costly',
        password: 'a costly and durable secret',
      }),
    });
    expect(created.status).toBe(201);
    const { code } = await signIn(
      new Browser(),
      identity.url,
      'costly@verity.test',
      'a costly and durable secret',
    );
    expect(code).not.toBe('');
  } finally {
    await identity.stop();
  }
  try {
    const sql = "SELECT password_hash FROM accounts WHERE email = 'costly@verity.test'";
    const rows = database.query
      ? await database.query(sql)
      : await queryStoppedPglite(dataDir, sql, []);
    expect(rows).toEqual([{ password_hash: expect.stringMatching(PRODUCTION_COST) }]);
  } finally {
    await database.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
});

it('hashes at the production cost by default, at the cheapest when told, and checks either', async () => {
  const costly = await hashPassword('correct horse battery');
  expect(costly).toMatch(PRODUCTION_COST);

  setPasswordHashCost(true);
  const cheap = await hashPassword('correct horse battery');
  expect(cheap).toMatch(
    `$argon2id$v=19$m=${FAST_PASSWORD_HASH_COST.memoryCost},t=${FAST_PASSWORD_HASH_COST.timeCost},p=1$`,
  );
  // A hash is checked at the cost it names, whatever the current one.
  for (const stored of [costly, cheap]) {
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse battery')).toBe(false);
  }
  expect(await verifyAgainstDecoy('correct horse battery')).toBe(false);
});
