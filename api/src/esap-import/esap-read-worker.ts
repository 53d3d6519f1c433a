// The worker thread that reads one uploaded ESAP away from the API's event loop (read-spreadsheet.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { ApiError } from '../errors';
import { readSheet, type ReadAnswer } from './read-spreadsheet';

const port = parentPort;
if (!port) throw new Error('esap-read-worker must run in a worker thread');
const { bytes } = workerData as { bytes: Uint8Array };

void readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).then(
  (sheet) => port.postMessage({ ok: true, sheet } satisfies ReadAnswer),
  (error: unknown) => {
    // Anything but a refusal is the server's fault: thrown on, it reaches the API as the worker's error.
    if (!(error instanceof ApiError)) throw error;
    const { statusCode, code, message } = error;
    port.postMessage({ ok: false, refusal: { statusCode, code, message } } satisfies ReadAnswer);
  },
);
