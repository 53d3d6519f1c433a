// Jest's own runtime, with a cache of V8's compiled code for the worker's life
// (docs/decisions/0114-compiled-code-cached-in-jest-workers.md).
//
// Jest gives every test file a fresh set of modules, so each file compiles again every module it
// loads (React DOM, jsdom's helpers, Testing Library, the API's Fastify), the same text each time:
// a seventh of the frontends' test time. Jest compiles a module with `vm.compileFunction`; here the
// first compile of a file's text also keeps V8's cache data, and a later compile of the same text
// (any test file in this worker) starts from it instead of parsing again. The functions made are
// the same; only their parsing is skipped. Data V8 refuses (another text, other flags) falls back
// to a plain compile.
const vm = require('node:vm');
const { default: Runtime } = require('jest-runtime');

const compileFunction = vm.compileFunction;
/**
 * By file name and the parameters of the function Jest wraps it in (V8's data is for that
 * function): the text compiled and V8's cache data for it.
 */
const compiled = new Map();

function compileWithCache(code, params = [], options = {}) {
  if (!options.filename) return compileFunction.call(this, code, params, options);
  const key = `${params.join(',')} ${options.filename}`;
  const known = compiled.get(key);
  if (known && known.code === code) {
    const fn = compileFunction.call(this, code, params, { ...options, cachedData: known.data });
    if (!fn.cachedDataRejected) return fn;
  }
  const fn = compileFunction.call(this, code, params, { ...options, produceCachedData: true });
  if (fn.cachedData) compiled.set(key, { code, data: fn.cachedData });
  return fn;
}

// jest-runtime looks `compileFunction` up on the vm module at each compile. A worker loads this
// module once.
vm.compileFunction = compileWithCache;

module.exports = Runtime;
