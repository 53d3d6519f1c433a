// pnpm --filter @verity/api bench:export — the CSV export of the 100,000-gap company (100 plans x
// 1,000 gaps), through the same copyOut the route streams, on PGlite and on PostgreSQL, while a
// small query runs again and again beside it (docs/performance.md). EXPORT_BENCH_KINDS=pglite
// (or postgres) measures one of them; the PostgreSQL database is created on BENCH_DATABASE_URL /
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and dropped at the end.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { exportSelect } from '../src/action-plans/csv-export';
import { openDatabase, runMigrations, type Database, type DatabaseKind } from '../src/db';
import { BENCH, generatePortfolio, largeCompanyId } from './generate';
import { benchClientUser } from './route-statements';

const KINDS = (process.env.EXPORT_BENCH_KINDS ?? 'pglite,postgres').split(',') as DatabaseKind[];
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** A request's small query (the session user's row), one after another until `stop()`. */
function probe(db: Database) {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await db.query('SELECT id, role FROM users WHERE id = $1', [BENCH.clientUserId]);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return async () => {
    running = false;
    await loop;
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      count: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? 0,
    };
  };
}

async function measureExport(db: Database) {
  const { sql, params } = exportSelect(benchClientUser, largeCompanyId);
  const idle = probe(db);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const alone = await idle();
  const beside = probe(db);
  const started = performance.now();
  let firstByte = 0;
  let lines = 0;
  let bytes = 0;
  for await (const chunk of db.copyOut(sql, params) as AsyncIterable<Buffer>) {
    firstByte ||= performance.now() - started;
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  return { rows: lines - 1, bytes, seconds, firstByte, alone, beside: await beside() };
}

async function open(kind: DatabaseKind, dataDir: string) {
  if (kind === 'pglite') return { db: await openDatabase({ dataDir }), drop: async () => {} };
  const name = `verity_bench_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await admin(`CREATE DATABASE ${name}`);
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir, requestLimits: false });
  return { db, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

async function main() {
  const lines: string[] = [];
  for (const kind of KINDS) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verity-export-bench-'));
    const { db, drop } = await open(kind, dataDir);
    try {
      await runMigrations(db);
      const generating = performance.now();
      await generatePortfolio(db, 1);
      console.log(
        `${kind}: generated 100 plans, 100,000 gaps in ${fmt((performance.now() - generating) / 1000)} s`,
      );
      const r = await measureExport(db);
      const line = `| ${kind} | ${r.rows} | ${fmt(r.bytes / 2 ** 20)} | ${fmt(r.seconds, 2)} | ${fmt(r.rows / r.seconds, 0)} | ${fmt(r.firstByte, 0)} | ${fmt(r.alone.p50)} / ${fmt(r.alone.max)} | ${r.beside.count} | ${fmt(r.beside.p50)} / ${fmt(r.beside.p99)} / ${fmt(r.beside.max)} |`;
      console.log(line);
      lines.push(line);
    } finally {
      await db.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    '\n| Database | rows | MB | export s | rows/s | first byte ms | small query alone p50 / max ms | small queries during the export | their p50 / p99 / max ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const line of lines) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
