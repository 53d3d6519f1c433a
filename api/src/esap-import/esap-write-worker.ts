// The worker thread that writes one plan's ESAP back in the lender's workbook away from the API's
// event loop (workbook-back.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { fillWorkbookBack, type WorkbookBackAnswer, type WorkbookBackInput } from './workbook-back';

const port = parentPort;
if (!port) throw new Error('esap-write-worker must run in a worker thread');
const input = workerData as WorkbookBackInput;

void fillWorkbookBack({ ...input, bytes: Buffer.from(input.bytes) }).then(
  (bytes) => port.postMessage({ ok: true, bytes } satisfies WorkbookBackAnswer),
  (error: unknown) =>
    port.postMessage({
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    } satisfies WorkbookBackAnswer),
);
