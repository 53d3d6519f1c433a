// The databases of the stack the browser tests start. With TEST_DATABASE_URL (as in CI) its API and
// identity run on PostgreSQL, each on an empty database of its own on that server, made here and
// dropped when the run ends; without it on PGlite in DATA_DIR, as `npm start` does
// (docs/decisions/0114-browser-tests-on-postgresql.md).
import pg from 'pg';
import { createDatabase } from '../../tooling/testing/create-database';

/** How the names of the browser tests' databases begin; the run's process id follows. */
const PREFIX = 'verity_e2e_';

/** Whether the process `pid` still runs on this machine. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function asAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** `serverUrl` pointing at the database `name` on the same server. */
function urlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

export interface StackDatabases {
  /** DATABASE_URL and IDENTITY_DATABASE_URL for the stack; none on PGlite. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * Makes the API's and identity's databases when `serverUrl` names a PostgreSQL server, after
 * dropping those a run that no longer exists left behind (a run killed before its teardown).
 */
export async function stackDatabases(serverUrl: string | undefined): Promise<StackDatabases> {
  if (!serverUrl) return { env: {}, drop: async () => undefined };
  const names = {
    api: `${PREFIX}${process.pid}_api`,
    identity: `${PREFIX}${process.pid}_identity`,
  };
  const dropAll = (admin: pg.Client, all: string[]) =>
    Promise.all(all.map((name) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
  await asAdmin(serverUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [PREFIX],
    );
    const left = rows
      .map(({ datname }) => datname)
      .filter((name) => !running(Number(name.slice(PREFIX.length).split('_')[0])));
    await dropAll(admin, [...left, ...Object.values(names)]);
    for (const name of Object.values(names)) await createDatabase(admin, name);
  });
  return {
    env: {
      DATABASE_URL: urlOf(serverUrl, names.api),
      IDENTITY_DATABASE_URL: urlOf(serverUrl, names.identity),
    },
    drop: () => asAdmin(serverUrl, (admin) => dropAll(admin, Object.values(names))).then(),
  };
}
