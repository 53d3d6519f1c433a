import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hashRefreshToken, rotateRefreshToken } from '../../src/auth/refresh-tokens';
import { migrationsDir, openDatabase, runMigrations, type Database } from '../../src/db';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';

/** The migrations of a database signed in to before sessions and per-organisation memberships. */
async function migrationsBefore(first: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'verity-migrations-'));
  for (const name of await readdir(migrationsDir))
    if (name < first) await cp(path.join(migrationsDir, name), path.join(dir, name));
  return dir;
}

describe.each(databaseKinds)('upgrading a signed-in database on %s', (kind) => {
  let testDb: TestDatabase;
  let db: Database;
  let oldMigrations: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind, { template: 'empty' });
    db = await openDatabase({ dataDir: testDb.env.DATA_DIR, databaseUrl: testDb.env.DATABASE_URL });
    oldMigrations = await migrationsBefore('0010');
    await runMigrations(db, oldMigrations);
  });
  afterAll(async () => {
    await db?.close();
    await testDb?.dispose();
    await rm(oldMigrations, { recursive: true, force: true });
  });

  it('keeps every sign-in alive as a session and lets a person join a second organisation', async () => {
    const clients = await db.query<{ id: string }>(
      "INSERT INTO clients (client_name) VALUES ('Northwind Capital'), ('Southbank Finance') RETURNING id",
    );
    const [northwind, southbank] = clients.rows.map((row) => row.id);
    const user = await db.query<{ id: string }>(
      `INSERT INTO users (email, fullname, user_type, role, client_id, sub)
       VALUES ('clara@verity.test', 'Clara', 'client', 'owner', $1, 'account-1') RETURNING id`,
      [northwind],
    );
    const userId = user.rows[0]!.id;
    const live = await db.query<{ family_id: string }>(
      `INSERT INTO refresh_tokens (family_id, user_id, token_hash, expires_at)
       VALUES (gen_random_uuid(), $1, $2, now() + interval '1 day') RETURNING family_id`,
      [userId, hashRefreshToken('live-token')],
    );
    await db.query(
      `INSERT INTO refresh_tokens (family_id, user_id, token_hash, expires_at, revoked_at)
       VALUES (gen_random_uuid(), $1, $2, now() + interval '1 day', now())`,
      [userId, hashRefreshToken('signed-out-token')],
    );

    await runMigrations(db);

    const sessions = await db.query<{ id: string; revoked: boolean }>(
      'SELECT id, revoked_at IS NOT NULL AS revoked FROM sessions WHERE user_id = $1 ORDER BY revoked',
      [userId],
    );
    expect(sessions.rows).toEqual([
      { id: live.rows[0]!.family_id, revoked: false },
      { id: expect.any(String), revoked: true },
    ]);
    const settings = { ttlSeconds: 3600, secrets: ['secret-of-the-upgrade-test'] };
    expect(await rotateRefreshToken(db, 'live-token', settings)).toMatchObject({
      outcome: 'rotated',
      sessionId: live.rows[0]!.family_id,
    });
    expect(await rotateRefreshToken(db, 'signed-out-token', settings)).toEqual({
      outcome: 'reused',
      sessionId: sessions.rows[1]!.id,
    });

    await db.query(
      `INSERT INTO users (email, fullname, user_type, role, client_id, sub)
       VALUES ('CLARA@verity.test', 'Clara', 'client', 'admin', $1, 'account-1')`,
      [southbank],
    );
    await expect(
      db.query(
        `INSERT INTO users (email, fullname, user_type, role, client_id)
         VALUES ('clara@VERITY.test', 'Clara', 'client', 'viewer', $1)`,
        [southbank],
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
