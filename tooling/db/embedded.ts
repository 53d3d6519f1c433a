// The embedded PostgreSQL (PGlite) of the API and identity: where its memory goes, and its caps.
// PGlite runs PostgreSQL in WebAssembly; its memory grows to the most its work has ever needed and
// is never given back. Two things made it large (docs/performance.md "`npm start`: memory"):
// PostgreSQL's buffer pool, which initdb sizes at 128 MB and which is all touched at start, and
// initdb itself, which leaves about 450 MB behind in the process that ran it.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL's settings that bound an embedded database's memory, passed at every start. The data
 * stays in the operating system's file cache as well, so a smaller pool costs a read, not the disk.
 */
export const EMBEDDED_MEMORY_SETTINGS: Readonly<Record<string, string>> = {
  // The buffer pool: 16 MB instead of initdb's 128 MB.
  shared_buffers: '16MB',
  // Per session, for temporary tables (the PGlite CSV export's).
  temp_buffers: '4MB',
  // Index builds of the migrations and VACUUM.
  maintenance_work_mem: '16MB',
  // Per sort or hash before it spills to a temporary file (PostgreSQL's default).
  work_mem: '4MB',
};

/** PGlite's own start parameters followed by the memory settings. */
export function embeddedStartParams(defaults: readonly string[]): string[] {
  const settings = Object.entries(EMBEDDED_MEMORY_SETTINGS).flatMap(([name, value]) => [
    '-c',
    `${name}=${value}`,
  ]);
  return [...defaults, ...settings];
}

/** A data folder holds a database once PostgreSQL's version file is in it. */
function hasDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * Makes the database of a new data folder (PostgreSQL's initdb) in a process of its own, which then
 * ends and takes initdb's memory with it (in a thread, the allocator kept about 100 MB of it).
 * `pgliteEntry` is the CommonJS entry of the service's own `@electric-sql/pglite` (`require.resolve`).
 * Nothing is done when the folder already holds a database.
 */
export async function initialiseDataDir(dataDir: string, pgliteEntry: string): Promise<void> {
  if (hasDatabase(dataDir)) return;
  const code = `
const [pgliteEntry, dataDir] = process.argv.slice(1);
const { PGlite } = require(pgliteEntry);
const db = new PGlite({ dataDir });
db.waitReady.then(() => db.close()).then(
  () => process.exit(0),
  (error) => {
    console.error(String((error && error.message) || error));
    process.exit(1);
  },
);`;
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['-e', code, pgliteEntry, dataDir],
      { env: { ...process.env, NODE_OPTIONS: '' } },
      (error, _stdout, stderr) =>
        error
          ? reject(new Error(`the database could not be made: ${stderr.trim() || error.message}`))
          : resolve(),
    );
  });
}
