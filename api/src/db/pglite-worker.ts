// Runs inside a worker thread so PGlite's WASM work never blocks the API's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { embeddedStartParams } from '../../../tooling/db/embedded';
import {
  NOTIFICATION_ID,
  type WorkerNotification,
  type WorkerReply,
  type WorkerRequest,
} from './pglite-protocol';

const INT8_OID = 20;
const maybePort = parentPort;
if (!maybePort) throw new Error('pglite-worker must run in a worker thread');
const port = maybePort;

const { dataDir } = workerData as { dataDir: string };
// int8 as a JS number, like the PostgreSQL pool (counts and sizes stay far below 2^53).
const pglite = new PGlite({
  dataDir,
  parsers: { [INT8_OID]: (value: string) => Number(value) },
  // Its memory capped (tooling/db/embedded.ts).
  startParams: embeddedStartParams(PGlite.defaultStartParams),
  // The extensions the migrations create (btree_gin: migration 0039's explorer index).
  extensions: { btree_gin },
});

function errorReply(id: number, error: unknown): WorkerReply {
  const source = (error ?? {}) as Record<string, unknown>;
  const detail: Record<string, string> = {};
  for (const key of ['code', 'detail', 'constraint', 'table', 'column', 'schema', 'severity']) {
    if (typeof source[key] === 'string') detail[key] = source[key];
  }
  return { id, ok: false, error: { message: String(source.message ?? error), ...detail } };
}

/** The channels listened to, and how each stops. */
const listening = new Map<string, () => Promise<void>>();

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  if (request.type === 'listen') {
    const { channel } = request;
    if (!listening.has(channel)) {
      const stop = await pglite.listen(channel, (payload) =>
        port.postMessage({
          id: NOTIFICATION_ID,
          ok: true,
          notification: { channel, payload },
        } satisfies WorkerNotification),
      );
      listening.set(channel, stop);
    }
    return { id: request.id, ok: true, rows: [] };
  }
  if (request.type === 'unlisten') {
    await listening.get(request.channel)?.();
    listening.delete(request.channel);
    return { id: request.id, ok: true, rows: [] };
  }
  if (request.type === 'close') {
    await pglite.close();
    return { id: request.id, ok: true, rows: [] };
  }
  if (request.type === 'copy') {
    const result = await pglite.query(request.sql);
    const text = result.blob ? await result.blob.text() : '';
    return {
      id: request.id,
      ok: true,
      rows: [],
      copied: { text, rowCount: result.affectedRows ?? 0 },
    };
  }
  if (request.params && request.params.length > 0) {
    const result = await pglite.query(request.sql, request.params);
    return { id: request.id, ok: true, rows: result.rows as unknown[] };
  }
  const results = await pglite.exec(request.sql);
  return { id: request.id, ok: true, rows: (results.at(-1)?.rows ?? []) as unknown[] };
}

pglite.waitReady.then(
  () => port.postMessage({ id: 0, ok: true, rows: [] } satisfies WorkerReply),
  (error: unknown) => port.postMessage(errorReply(0, error)),
);

port.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (reply) => port.postMessage(reply),
    (error: unknown) => port.postMessage(errorReply(request.id, error)),
  );
});
