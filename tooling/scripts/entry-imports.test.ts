// The README's commands start on a fresh clone, before any package is installed: their scripts may
// load only Node's own modules, and the project's own scripts that do the same, until they have run
// `pnpm install`. Everything else they load with `await import(...)` after installing.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const entries = ['start.mjs', 'test.mjs', 'dev.mjs'];

/** The modules a script loads before it runs: its static `import ... from '...'` specifiers. */
function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^import\s[^;]*?from\s+'([^']+)';/gms)].map((match) => match[1]!);
}

/** Every package a script loads before it runs, following the project's own scripts it imports. */
function packagesLoadedAtStart(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  return staticImports(file).flatMap((specifier) =>
    specifier.startsWith('.')
      ? packagesLoadedAtStart(path.resolve(path.dirname(file), specifier), seen)
      : specifier.startsWith('node:')
        ? []
        : [`${specifier} (from ${path.basename(file)})`],
  );
}

describe.each(entries)('%s', (entry) => {
  it('loads no installed package before it installs them', () => {
    expect(packagesLoadedAtStart(path.join(__dirname, entry))).toEqual([]);
  });
});

it('finds a package a script imports (the check itself can fail)', () => {
  expect(packagesLoadedAtStart(path.join(__dirname, 'build-services.mjs'))).toEqual([
    'esbuild (from build-services.mjs)',
  ]);
});
