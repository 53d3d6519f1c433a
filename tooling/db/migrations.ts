// The one migration runner of the API and identity: postgrator applies the numbered SQL files of a
// folder (`0001.do.organisations.sql`) and records each with its checksum in `schemaversion`, over
// whatever connection the service has (PGlite worker, PGlite, pg pool).
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import Postgrator from 'postgrator';

/** One connection inside the migration transaction. */
export interface MigrationConnection {
  /** Runs one statement and answers its rows. */
  query(sql: string): Promise<{ rows: Record<string, unknown>[] }>;
  /** Runs a script of several statements (a migration file). */
  script(sql: string): Promise<unknown>;
}

export interface MigrationSettings {
  /** The folder of `<version>.do.<name>.sql` files. */
  migrationsDir: string;
  /** Names the advisory lock that lets one process migrate while the others wait. */
  lockName: string;
  /** Runs `work` in one transaction on one connection: every pending migration applies, or none. */
  transaction<T>(work: (connection: MigrationConnection) => Promise<T>): Promise<T>;
}

const MIGRATION_FILE = /^(\d+)\.do\.[a-z0-9_-]+\.sql$/;
/** Where postgrator keeps what it applied: version, name, md5 of the file, run_at. */
const HISTORY_TABLE = 'schemaversion';
/** Where the hand-written runner of earlier versions kept applied file names (`0001_organisations.sql`). */
const OLD_HISTORY_TABLE = 'schema_migrations';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Postgrator's checksum of a file: md5 of its text with line endings made LF. */
function checksum(text: string): string {
  return createHash('md5')
    .update(text.replace(/\r\n|\r|\n/g, '\n'), 'utf8')
    .digest('hex');
}

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

async function migrationFiles(dir: string): Promise<Map<number, string>> {
  const files = new Map<number, string>();
  for (const name of (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort()) {
    const match = MIGRATION_FILE.exec(name);
    // A file the runner would skip in silence is a mistake: say so before anything runs.
    if (!match)
      throw new MigrationError(
        `Migration file ${name} in ${dir} is not named <version>.do.<name>.sql (e.g. 0021.do.add_reminders.sql)`,
      );
    const version = Number(match[1]);
    if (files.has(version))
      throw new MigrationError(`Two migration files have version ${version} in ${dir}`);
    files.set(version, name);
  }
  return files;
}

/**
 * A database the earlier runner migrated has its history in schema_migrations and no schemaversion:
 * the same files, by their old names, are recorded in postgrator's table with today's checksums,
 * so nothing runs twice. The old table stays as it was.
 */
async function adoptOldHistory(
  db: MigrationConnection,
  dir: string,
  files: Map<number, string>,
): Promise<void> {
  const { rows } = await db.query(
    `SELECT to_regclass(${quote(OLD_HISTORY_TABLE)}) IS NOT NULL AS old_history,
            to_regclass(${quote(HISTORY_TABLE)}) IS NOT NULL AS history`,
  );
  if (!rows[0]?.old_history || rows[0].history) return;
  const old = await db.query(`SELECT name, applied_at FROM ${OLD_HISTORY_TABLE} ORDER BY name`);
  const values: string[] = ['(0, NULL, NULL, now())'];
  for (const row of old.rows) {
    const oldName = String(row.name);
    const version = Number(/^(\d+)/.exec(oldName)?.[1]);
    const file = files.get(version);
    if (!file)
      throw new MigrationError(
        `This database has migration ${oldName}, which this version of Verity does not know: it was made by a newer version`,
      );
    const md5 = checksum(await readFile(path.join(dir, file), 'utf8'));
    const name = file.replace(/^\d+\.do\.|\.sql$/g, '');
    const appliedAt = new Date(row.applied_at as string | Date).toISOString();
    values.push(`(${version}, ${quote(name)}, ${quote(md5)}, ${quote(appliedAt)})`);
  }
  await db.query(
    `CREATE TABLE ${HISTORY_TABLE} (version bigint PRIMARY KEY, name text, md5 text, run_at timestamptz)`,
  );
  await db.query(
    `INSERT INTO ${HISTORY_TABLE} (version, name, md5, run_at) VALUES ${values.join(', ')}`,
  );
}

/**
 * Applies the migrations of `migrationsDir` that the database has not had, in one transaction under
 * an advisory lock, and returns their file names. A file already applied whose text changed since
 * is refused with a MigrationError naming it, before anything runs.
 */
export async function runMigrations({
  migrationsDir,
  lockName,
  transaction,
}: MigrationSettings): Promise<string[]> {
  const files = await migrationFiles(migrationsDir);
  return transaction(async (db) => {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext(${quote(lockName)}))`);
    await adoptOldHistory(db, migrationsDir, files);
    const postgrator = new Postgrator({
      driver: 'pg',
      schemaTable: HISTORY_TABLE,
      migrationPattern: path.join(migrationsDir, '*.do.*.sql').split(path.sep).join('/'),
      newline: 'LF',
      validateChecksums: true,
      execQuery: (sql) => db.query(sql),
      execSqlScript: async (sql) => {
        await db.script(sql);
      },
    });
    let checking: Postgrator.Migration | undefined;
    postgrator.on('validation-started', (migration: Postgrator.Migration) => {
      checking = migration;
    });
    postgrator.on('validation-finished', () => {
      checking = undefined;
    });
    try {
      const applied = await postgrator.migrate();
      return applied.map((migration) => path.basename(migration.filename));
    } catch (error) {
      if (checking && /checksum/i.test((error as Error).message)) {
        throw new MigrationError(
          `Migration ${path.basename(checking.filename)} was changed after it was applied to this database (its checksum differs). ` +
            'An applied migration must never change: restore the file as it was and put the change in a new migration.',
        );
      }
      throw error;
    }
  });
}
