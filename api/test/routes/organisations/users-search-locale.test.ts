// The users' search compares the lowercased columns (docs/decisions/0061-the-users-search-on-lowercased-columns.md):
// it finds exactly what a case-blind match finds, in either database's locale (PGlite's C locale
// folds ASCII only). The pages, totals and filters of the list are tested in list-pages.test.ts.
import { openDatabase, type Database } from '../../../src/db';
import { listUsers } from '../../../src/organisations/users';
import { likePattern } from '../../../src/pages';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';

const CLIENT_USERS = 25;

describe.each(databaseKinds)("the users' search on %s", (kind) => {
  let database: TestDatabase;
  let db: Database;
  let clientId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { template: 'migrated' });
    db = await openDatabase({
      dataDir: database.env.DATA_DIR,
      databaseUrl: database.env.DATABASE_URL,
    });
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO clients (client_name) VALUES ('Paging Capital') RETURNING id",
    );
    clientId = rows[0]!.id;
    await db.query(
      `INSERT INTO users (email, fullname, user_type, role, client_id, created_at)
       SELECT 'user' || n || '@paging.test', 'Paging User ' || lpad(n::text, 2, '0'), 'client',
              CASE WHEN n = 1 THEN 'owner' ELSE 'viewer' END, $1,
              timestamptz '2025-01-01T00:00:00Z' + n * interval '1 minute'
       FROM generate_series(1, ${CLIENT_USERS}) AS n`,
      [clientId],
    );
  });
  afterAll(async () => {
    await db?.close();
    await database?.dispose();
  });

  it('finds users by their lowercased name and e-mail exactly as a case-blind match does, and follows a rename', async () => {
    const organisation = { userType: 'client' as const, id: clientId };
    const rolledBack = new Error('rolled back');
    const checked = db.transaction(async (tx) => {
      const { rows: added } = await tx.query<{ id: string }>(
        `INSERT INTO users (email, fullname, user_type, role, client_id)
         VALUES ('Elodie.Ozturk@Paging.Test', 'Élodie ÖZTÜRK', 'client', 'viewer', $1) RETURNING id`,
        [organisation.id],
      );
      const found = async (search: string) => {
        const page = await listUsers(tx, organisation, { search, pageSize: 100 });
        return page.users.map((user) => user.fullname);
      };
      const caseBlind = async (search: string) => {
        const { rows: matched } = await tx.query<{ fullname: string }>(
          `SELECT fullname FROM users WHERE client_id = $1 AND (fullname ILIKE $2 OR email ILIKE $2)
           ORDER BY created_at DESC, id DESC`,
          [organisation.id, likePattern(search)],
        );
        return matched.map((row) => row.fullname);
      };
      for (const search of ['élodie', 'ÉLODIE ÖZTÜRK', 'Ozturk@PAGING', 'PAGING USER 1', 'r 2'])
        expect(await found(search)).toEqual(await caseBlind(search));
      expect(await found('ELODIE.OZTURK@PAGING.TEST')).toEqual(['Élodie ÖZTÜRK']);
      expect(await found('paging user 1')).toHaveLength(10);

      await tx.query(`UPDATE users SET fullname = 'Élodie Martin' WHERE id = $1`, [added[0]!.id]);
      expect(await found('MARTIN')).toEqual(['Élodie Martin']);
      expect(await found('ÖZTÜRK')).toEqual(await caseBlind('ÖZTÜRK'));
      expect(await found('ÖZTÜRK')).not.toContain('Élodie ÖZTÜRK');
      throw rolledBack;
    });
    await expect(checked).rejects.toBe(rolledBack);
  });
});
