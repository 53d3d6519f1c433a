// The stack's databases when a PostgreSQL server is there (TEST_DATABASE_URL, as CI sets it): the
// API's and identity's, made empty for the run (each server migrates and seeds its own at start, as
// on PGlite) and dropped after it. Without a server the stack keeps its embedded ones in DATA_DIR, as
// `npm start` does. The browser tests are about the screens and the servers above their database's
// interface; what PGlite does differently is the API's and identity's own tests'
// (api/test/support/on-both-databases.cjs).
import pg from 'pg';

const PREFIX = 'verity_e2e_';

export interface ServerDatabases {
  /** DATABASE_URL and IDENTITY_DATABASE_URL for the stack. */
  env: Record<string, string>;
  drop(): Promise<void>;
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

const dropAll = (admin: pg.Client, names: string[]) =>
  Promise.all(names.map((name) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));

/** Whether the process that made a database still runs (on this machine, as the tests do). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The run's databases on the TEST_DATABASE_URL server, or undefined when none is named. */
export async function serverDatabases(): Promise<ServerDatabases | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = (service: string) => `${PREFIX}${process.pid}_${service}`;
  const names = [name('api'), name('identity')];
  await asAdmin(serverUrl, async (admin) => {
    // A run killed before its teardown left its databases: dropped once its process is gone.
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [PREFIX],
    );
    const left = rows
      .map(({ datname }) => datname)
      .filter((datname) => !running(Number(datname.slice(PREFIX.length).split('_')[0])));
    await dropAll(admin, [...left, ...names]);
    for (const database of names) await admin.query(`CREATE DATABASE ${database}`);
  });
  const urlOf = (database: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  return {
    env: { DATABASE_URL: urlOf(names[0]!), IDENTITY_DATABASE_URL: urlOf(names[1]!) },
    drop: () => asAdmin(serverUrl, (admin) => dropAll(admin, names)).then(() => undefined),
  };
}
