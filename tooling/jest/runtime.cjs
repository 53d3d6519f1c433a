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
/** By file name: the text compiled and V8's cache data for it. */
const compiled = new Map();

function compileWithCache(code, params, options = {}) {
  const file = options.filename;
  if (!file) return compileFunction.call(this, code, params, options);
  const known = compiled.get(file);
  if (known && known.code === code) {
    const fn = compileFunction.call(this, code, params, { ...options, cachedData: known.data });
    if (!fn.cachedDataRejected) return fn;
  }
  const fn = compileFunction.call(this, code, params, { ...options, produceCachedData: true });
  if (fn.cachedData) compiled.set(file, { code, data: fn.cachedData });
  return fn;
}

// jest-runtime looks `compileFunction` up on the vm module at each compile.
if (vm.compileFunction === compileFunction) vm.compileFunction = compileWithCache;

module.exports = Runtime;
