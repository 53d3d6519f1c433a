// `pnpm --filter @verity/api migrate`: applies pending migrations to the configured database and exits.
import { loadConfig } from '../../../tooling/config/index.cjs';
import { openDatabase, runMigrations } from './index';

async function main(): Promise<void> {
  const { databaseUrl, dataDir } = loadConfig(process.env);
  const db = await openDatabase({ databaseUrl, dataDir, requestLimits: false });
  try {
    const applied = await runMigrations(db);
    console.log(applied.length ? `applied ${applied.join(', ')}` : 'database is up to date');
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
