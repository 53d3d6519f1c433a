// One jest run of the API's tests: an id set by global-setup.ts (the workers inherit it) that names
// the run's PostgreSQL databases, so that the run's teardown drops those whose drop was cut short,
// and never another run's.
import pg from 'pg';

export const TEST_RUN_VARIABLE = 'VERITY_TEST_RUN';

/** How the names of this run's test databases begin. */
export function testDatabasePrefix(): string {
  const run = process.env[TEST_RUN_VARIABLE];
  return `verity_api_test_${run ? `${run}_` : ''}`;
}

/**
 * Drops the run's databases still there: a drop begun by a test database's dispose() that the
 * worker's exit cut short. Called once every test file has ended (global-teardown.ts).
 */
export async function dropLeftDatabases(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL || !process.env[TEST_RUN_VARIABLE]) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [testDatabasePrefix()],
    );
    for (const { datname } of rows)
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
