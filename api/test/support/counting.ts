// The database of a test app with every statement a request sends through it written down: how
// many statements a request costs is part of what a user waits for.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { SESSION_KEPT_SECONDS_MAX } from '../../src/config';
import { openDatabase, type Database, type Queryable } from '../../src/db';
import { testConfig } from './app';
import type { TestDatabase } from './databases';

/**
 * Statements of the API's own background work, not of any request: the attachment sweep the API
 * starts when it is ready, which can run beside the first request counted.
 */
const BACKGROUND = [/FROM remark_documents WHERE storage_key = ANY/];

/** The database, with every statement a request sends through it written down, and the most at once. */
export function counting(db: Database) {
  const seen = { statements: [] as string[], mostAtOnce: 0, running: 0 };
  const counted = async <T>(run: () => Promise<T>, sql: string): Promise<T> => {
    if (BACKGROUND.some((pattern) => pattern.test(sql))) return run();
    seen.statements.push(sql);
    seen.running += 1;
    seen.mostAtOnce = Math.max(seen.mostAtOnce, seen.running);
    try {
      return await run();
    } finally {
      seen.running -= 1;
    }
  };
  const wrap = (target: Queryable): Queryable['query'] =>
    ((sql: string, params?: unknown[]) =>
      counted(() => target.query(sql, params), sql)) as Queryable['query'];
  const database = new Proxy(db, {
    get(target, property) {
      if (property === 'query') return wrap(target);
      if (property === 'transaction')
        return <T>(fn: (tx: Queryable) => Promise<T>) =>
          target.transaction((tx) => fn({ query: wrap(tx) }));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  return {
    database,
    seen,
    reset() {
      seen.statements.length = 0;
      seen.mostAtOnce = 0;
    },
  };
}

/**
 * A test app whose database counts the statements sent through it; `db` is closed by the caller after
 * the app. Its session lookups are kept for the longest time allowed (they are still forgotten on
 * every notice), so that a busy machine, slower than the default 10 s between two reads of a test,
 * never adds a lookup to a count.
 */
export async function countingApp(
  database: TestDatabase,
  env: NodeJS.ProcessEnv = {},
): Promise<{ app: FastifyInstance; db: Database; count: ReturnType<typeof counting> }> {
  const db = await openDatabase({
    databaseUrl: database.env.DATABASE_URL,
    dataDir: database.env.DATA_DIR,
  });
  const count = counting(db);
  const config = testConfig(database, {
    SESSION_KEPT_SECONDS: String(SESSION_KEPT_SECONDS_MAX),
    ...env,
  });
  const app = await buildApp({ config, database: count.database });
  return { app, db, count };
}
