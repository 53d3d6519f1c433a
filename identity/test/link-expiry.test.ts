import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { Browser } from './support/browser';
import { linkIn, mailTo, mainOf, postForm, signUp } from './support/account-pages';
import {
  createIdentityDatabase,
  defaultDatabaseKind,
  queryStoppedPglite,
  type IdentityDatabase,
} from './support/databases';
import { copyPgliteTemplate, startIdentity } from './support/start-identity';
import type { RunningIdentity } from './support/start-identity';

// The links' times are moved back in the database: on PostgreSQL while identity runs, on PGlite
// (whose database belongs to the one process that opened it) between a stop and a start.
const kind = defaultDatabaseKind;
let database: IdentityDatabase;
let dataDir: string;
let identity: RunningIdentity | undefined;

beforeAll(async () => {
  database = await createIdentityDatabase(kind, { template: 'seeded' });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'verity-identity-expiry-'));
  if (kind === 'pglite') await copyPgliteTemplate(dataDir, true);
});

afterAll(async () => {
  await identity?.stop();
  await database?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs SQL on identity's database, restarting identity around it on PGlite. */
async function query(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  if (database.query) return database.query(sql, params);
  const port = new URL(identity!.url).port;
  await identity!.stop();
  const rows = await queryStoppedPglite(dataDir, sql, params);
  identity = await startIdentity({ ...database.env, DATA_DIR: dataDir, IDENTITY_PORT: port });
  return rows;
}

/** Moves time on for the links. */
async function ageLinks(seconds: number): Promise<void> {
  await query(
    'UPDATE account_tokens SET expires_at = expires_at - make_interval(secs => $1), created_at = created_at - make_interval(secs => $1)',
    [seconds],
  );
}

// Restarting identity on a busy machine (PGlite) takes minutes of real time, which age the links
// further: each check keeps a wide margin on the side that time passing could spoil, and the exact
// lifetimes are read from the stored links.
it('lets a confirmation link work for 24 hours and a reset link for 1 hour, and no longer', async () => {
  identity = await startIdentity({ ...database.env, DATA_DIR: dataDir, IDENTITY_SEED_DEMO: '1' });
  await signUp(new Browser(), identity, {
    name: 'Exa Expiry',
    email: 'exa@example.com',
    password: 'correct horse battery',
  });
  const confirm = linkIn(
    await mailTo(identity, 'exa@example.com', 'Confirm your email address for Verity'),
    '/verify-email',
  );
  await postForm(`${identity.url}/forgot-password`, { email: 'client.owner@verity.test' });
  const reset = linkIn(
    await mailTo(identity, 'client.owner@verity.test', 'Reset your Verity password'),
    '/reset-password',
  );

  // Each link lives exactly its lifetime from the moment it was sent.
  const lifetimes = await query(
    'SELECT purpose, extract(epoch FROM expires_at - created_at)::int AS seconds FROM account_tokens ORDER BY purpose',
    [],
  );
  expect(lifetimes).toEqual([
    { purpose: 'reset-password', seconds: 60 * 60 },
    { purpose: 'verify-email', seconds: 24 * 60 * 60 },
  ]);

  // 45 minutes on, the reset link still opens its form (showing it does not use it).
  await ageLinks(45 * 60);
  expect((await fetch(reset)).status).toBe(200);

  // Past the hour the reset link is refused.
  await ageLinks(16 * 60);
  const lateReset = await fetch(reset);
  expect(lateReset.status).toBe(400);
  expect(mainOf(await lateReset.text())).toContain(
    'This password reset link has expired or was already used.',
  );

  await ageLinks(23 * 60 * 60);
  const lateConfirm = await fetch(confirm);
  expect(lateConfirm.status).toBe(400);
  expect(mainOf(await lateConfirm.text())).toContain(
    'This confirmation link has expired or is not valid.',
  );
});
