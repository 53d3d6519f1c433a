// jsdom without Node's fetch-era globals breaks data routers (Request), ky (TextEncoder) and the
// tests' network edge (Mock Service Worker); this hands them over.
const { TestEnvironment } = require('jest-environment-jsdom');

const NODE_GLOBALS = [
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'Headers',
  'Request',
  'Response',
  'fetch',
  // Request checks that its signal is Node's own AbortSignal.
  'AbortController',
  'AbortSignal',
  'structuredClone',
  'BroadcastChannel',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of NODE_GLOBALS) this.global[name] = globalThis[name];
    // A page resolves a relative URL against its own address; Node's Request knows no page, so
    // the API client's '/api/v1/...' requests are resolved against jsdom's location here.
    // Node's requests made elsewhere still count as Requests: a clone, which the API client
    // repeats after renewing the session on a 403, or one the network edge made.
    const page = this.global;
    const NodeRequest = globalThis.Request;
    this.global.Request = class PageRequest extends NodeRequest {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, page.location.href).href : input, init);
      }

      static [Symbol.hasInstance](value) {
        return value instanceof NodeRequest;
      }
    };
    giveBlobsAStream(this.global);
  }
}

/**
 * jsdom's Blob (so every File a test uploads) has no stream(), through which Node's fetch reads the
 * files of a FormData: without it a multipart request never leaves. This reads it with jsdom's own
 * FileReader, as a browser's stream() would give it.
 */
function giveBlobsAStream(page) {
  const { Blob, FileReader, ReadableStream } = page;
  if (typeof Blob.prototype.stream === 'function') return;
  const read = (blob) =>
    new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(blob);
    });
  Blob.prototype.stream = function stream() {
    return new ReadableStream({
      start: async (controller) => {
        controller.enqueue(await read(this));
        controller.close();
      },
    });
  };
}

module.exports = JsdomWithFetchEnvironment;
