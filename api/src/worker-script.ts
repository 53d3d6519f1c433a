// Where a worker thread's script is, in the built API and when run from source.
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Names the folder of a build of the API made from the very sources being run: the API's jest setup
 * builds dist/ afresh when a source changed, then sets it for its test workers.
 */
export const BUILT_WORKERS_VARIABLE = 'VERITY_BUILT_WORKERS_DIR';

/**
 * The built API (dist/) has each worker compiled beside it as `<name>.js`. Run from source, the
 * worker is the one in BUILT_WORKERS_VARIABLE's folder if set (jest: a compiled worker starts on
 * about 30 ms of processor time, against 300 ms for tsx), otherwise `<name>.ts` in `directory`,
 * which tsx compiles in that thread (scripts).
 */
export function workerScript(directory: string, name: string): { script: string; eval: boolean } {
  const builtDir = process.env[BUILT_WORKERS_VARIABLE];
  for (const folder of builtDir ? [directory, builtDir] : [directory]) {
    const compiled = path.join(folder, `${name}.js`);
    if (existsSync(compiled)) return { script: compiled, eval: false };
  }
  const source = path.join(directory, `${name}.ts`);
  const bootstrap = `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();
require(${JSON.stringify(source)});`;
  return { script: bootstrap, eval: true };
}
