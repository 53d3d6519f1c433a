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
    // Node's requests made elsewhere (a clone, one the network edge made) still count as Requests.
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
  }
}

module.exports = JsdomWithFetchEnvironment;
