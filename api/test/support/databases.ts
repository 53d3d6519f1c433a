// Each test file gets a database of its own, copied from a template built once: a PGlite folder
// copied, or a PostgreSQL `CREATE DATABASE ... TEMPLATE`. A template is keyed by everything that
// shapes it (PGlite's version, the migrations' text, the demo data and its seed), so a stale one is
// never reused, and is built by one jest worker while the others wait for it.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from '../../../tooling/config/index.cjs';
import { createDatabase, databaseExists } from '../../../tooling/testing/create-database';
import { ensureSharedFolder } from '../../../tooling/testing/shared-folder';
import { migrationsDir, openDatabase, runMigrations, type DatabaseKind } from '../../src/db';
import { seedDemo } from '../../src/seed/demo-seed';
import { ON_BOTH_DATABASES } from './on-both-databases.cjs';
import { testDatabasePrefix } from './test-run';

export { ON_BOTH_DATABASES };

function kindsOf(testFile: string | undefined): DatabaseKind[] {
  if (!process.env.TEST_DATABASE_URL) return ['pglite'];
  const relative = testFile && path.relative(path.join(repoRoot, 'api'), testFile);
  return relative && relative.split(path.sep).join('/') in ON_BOTH_DATABASES
    ? ['pglite', 'postgres']
    : ['postgres'];
}

/**
 * The databases the test file that imports this runs on: PGlite without TEST_DATABASE_URL; with it
 * (e.g. postgres://postgres@127.0.0.1:5432/test), PostgreSQL, and PGlite too for a file of
 * ON_BOTH_DATABASES. Jest loads this module once per test file, with that file's path known; the
 * files of ON_BOTH_DATABASES run alone, never in a group of files whose path is the group's
 * (docs/decisions/0118-test-files-in-groups.md).
 */
export const databaseKinds: DatabaseKind[] = kindsOf(
  typeof expect === 'undefined' ? undefined : expect.getState().testPath,
);

/**
 * For a file that needs a database but is not about either: PostgreSQL when TEST_DATABASE_URL names
 * a server, else PGlite (a file of ON_BOTH_DATABASES names its kind in each test).
 */
export const anyDatabaseKind: DatabaseKind = databaseKinds.at(-1)!;

/**
 * What a test file starts from: `seeded` (migrated, with the demo data: what the API builds at start
 * with SEED_DEMO=1, so building the app has nothing left to do), `migrated` (empty tables) or
 * `empty` (no tables: for tests of the migrations themselves).
 */
export type TemplateKind = 'empty' | 'migrated' | 'seeded';

export interface TestDatabase {
  kind: DatabaseKind;
  /** The environment that points the API at this database of its own. */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  dispose(): Promise<void>;
}

const demoAccountsFile = path.join(repoRoot, 'tooling', 'demo-accounts.json');
const seedDir = path.join(repoRoot, 'api', 'src', 'seed');
/** An outdated template (older code, or a seed of an earlier day) made this long ago is removed. */
const STALE_TEMPLATE_MS = 24 * 60 * 60_000;

function templateKey(template: TemplateKind): string {
  const hash = createHash('sha256');
  const pglite = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..');
  hash.update(readFileSync(path.join(pglite, 'package.json')));
  if (template !== 'empty') {
    for (const file of readdirSync(migrationsDir).sort())
      hash.update(file).update(readFileSync(path.join(migrationsDir, file)));
  }
  if (template === 'seeded') {
    // The demo's dates are relative to the day it was seeded.
    hash.update(new Date().toISOString().slice(0, 10));
    hash.update(readFileSync(demoAccountsFile));
    for (const file of readdirSync(seedDir).sort())
      hash.update(file).update(readFileSync(path.join(seedDir, file)));
  }
  return `${template}-${hash.digest('hex').slice(0, 16)}`;
}

/**
 * Runs `fn` on a connection of its own to the server's admin database. In the `background` the
 * connection does not keep the process alive: a jest worker whose last file began a drop exits
 * at once, and the server finishes the statement it was sent.
 */
async function withAdmin<T>(
  fn: (client: pg.Client) => Promise<T>,
  { background = false } = {},
): Promise<T> {
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL,
    stream: background ? () => new Socket().unref() : undefined,
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Migrates (and seeds) the database the environment names, as the API does at start. */
async function prepare(
  template: TemplateKind,
  env: { DATA_DIR: string; DATABASE_URL?: string },
): Promise<void> {
  const db = await openDatabase({
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    requestLimits: false,
  });
  try {
    if (template !== 'empty') await runMigrations(db);
    if (template === 'seeded') await seedDemo(db, demoAccountsFile, { dataDir: env.DATA_DIR });
  } finally {
    await db.close();
  }
}

/** The template each one is built on (a copy of it, migrated or seeded further), if any. */
const BUILT_ON: Record<TemplateKind, TemplateKind | undefined> = {
  empty: undefined,
  migrated: 'empty',
  seeded: 'migrated',
};

/**
 * The template's files (a DATA_DIR: PGlite's folder, the demo's attachments) and, on PostgreSQL, its
 * database; built once by whichever worker takes the lock, while the others wait for it. Each is
 * built on a copy of the one before it (empty, migrated, seeded), so a run creates one database.
 */
async function ensureTemplate(
  kind: DatabaseKind,
  key: string,
  template: TemplateKind,
): Promise<string> {
  const dir = path.join(os.tmpdir(), `verity-api-template-${kind}-${key}`);
  return ensureSharedFolder(
    dir,
    async (building) => {
      const base = BUILT_ON[template];
      const baseKey = base && templateKey(base);
      const baseDir = base && (await ensureTemplate(kind, baseKey!, base));
      if (kind === 'pglite') {
        if (baseDir) await cp(baseDir, building, { recursive: true });
        await prepare(template, { DATA_DIR: building });
        return;
      }
      const name = templateDatabaseName(key);
      const partial = `${name}_building`;
      await withAdmin(async (admin) => {
        await admin.query(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`);
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await createDatabase(admin, partial, baseKey && templateDatabaseName(baseKey));
      });
      await prepare(template, { DATA_DIR: building, DATABASE_URL: databaseUrl(partial) });
      await withAdmin((admin) => admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`));
    },
    () => removeStaleTemplates(kind, key, template),
    // A PostgreSQL template's folder outlives its database when the server's data is reset.
    kind === 'postgres'
      ? () => withAdmin((admin) => databaseExists(admin, templateDatabaseName(key)))
      : undefined,
  );
}

/**
 * Removes the templates of this kind that an earlier version of the code or an earlier day's seed
 * left, once made more than a day ago (a run of another checkout may still copy a recent one): their
 * folders and, on PostgreSQL, their databases. Runs after a new template was built.
 */
export async function removeStaleTemplates(
  kind: DatabaseKind,
  key: string,
  template: TemplateKind,
) {
  const prefix = `verity-api-template-${kind}-${template}-`;
  const current = `verity-api-template-${kind}-${key}`;
  for (const name of await readdir(os.tmpdir())) {
    if (!name.startsWith(prefix) || name === current || name.includes('.')) continue;
    const dir = path.join(os.tmpdir(), name);
    const age = await stat(dir).then(
      (info) => Date.now() - info.mtimeMs,
      () => 0,
    );
    if (age < STALE_TEMPLATE_MS) continue;
    if (kind === 'postgres') {
      const database = templateDatabaseName(name.slice(`verity-api-template-${kind}-`.length));
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    }
    await rm(dir, { recursive: true, force: true });
  }
}

const templateDatabaseName = (key: string) => `verity_api_template_${key.replace(/-/g, '_')}`;

/**
 * A database of its own for one test file and kind, copied from the template; dropped by dispose().
 * On PostgreSQL dispose() only begins the drop: DROP DATABASE asks for a checkpoint (a second or
 * more while other files write), which the next test file need not wait for.
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  { template = 'seeded' }: { template?: TemplateKind } = {},
): Promise<TestDatabase> {
  const key = templateKey(template);
  const templateDir = await ensureTemplate(kind, key, template);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verity-api-test-'));
  await cp(templateDir, dataDir, { recursive: true });
  if (kind === 'pglite') {
    return {
      kind,
      env: { DATA_DIR: dataDir },
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `${testDatabasePrefix()}${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => createDatabase(admin, name, templateDatabaseName(key)));
  return {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(name) },
    async dispose() {
      // Its connections are closed with it (FORCE); a drop cut short is the run's teardown's to finish.
      void withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`), {
        background: true,
      }).catch((error: unknown) => console.error(`database ${name} not dropped yet:`, error));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
