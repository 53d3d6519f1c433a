// Applies identity/migrations with the migration runner the API uses (postgrator, checksummed).
import { runMigrations } from '../../../tooling/db/migrations';
import type { Database } from './database.js';

export async function migrate(db: Database, migrationsDir: string): Promise<string[]> {
  return runMigrations({
    migrationsDir,
    lockName: 'verity_identity_migrations',
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          query: async (sql) => ({ rows: await tx.query(sql) }),
          script: (sql) => tx.exec(sql),
        }),
      ),
  });
}
