// Where a worker thread's script is, in the built API and when run from source.
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The built API (dist/) has each worker compiled beside it as `<name>.js`. Run from source (jest,
 * scripts) the worker is `<name>.ts` in `directory`, which tsx compiles in that thread.
 */
export function workerScript(directory: string, name: string): { script: string; eval: boolean } {
  const compiled = path.join(directory, `${name}.js`);
  if (existsSync(compiled)) return { script: compiled, eval: false };
  const source = path.join(directory, `${name}.ts`);
  const bootstrap = `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();
require(${JSON.stringify(source)});`;
  return { script: bootstrap, eval: true };
}
