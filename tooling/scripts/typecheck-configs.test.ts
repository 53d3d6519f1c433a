// `npm test` checks types with two whole-workspace programs (tsconfig.frontends.json and
// tsconfig.services.json) and e2e's own, instead of one program per package: each package's sources
// must be in one of them, or a type error there would pass unseen.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config/index.cjs';

interface Config {
  extends?: string;
  compilerOptions?: { jsx?: string };
  include?: string[];
}

const read = (file: string): Config => JSON.parse(readFileSync(file, 'utf8')) as Config;

/** The `packages:` list of pnpm-workspace.yaml, e2e aside (it keeps its own check). */
const workspacePackages = (() => {
  const lines = readFileSync(path.join(repoRoot, 'pnpm-workspace.yaml'), 'utf8').split('\n');
  const start = lines.indexOf('packages:') + 1;
  const end = lines.findIndex((line, index) => index >= start && !/^\s+-\s/.test(line));
  return lines
    .slice(start, end)
    .map((line) => line.replace(/^\s+-\s+/, '').trim())
    .filter((entry) => entry !== 'e2e');
})();

const packageDirs = workspacePackages.flatMap((entry) =>
  entry.endsWith('/*')
    ? readdirSync(path.join(repoRoot, entry.slice(0, -2)))
        .map((name) => `${entry.slice(0, -2)}/${name}`)
        .filter((candidate) => existsSync(path.join(repoRoot, candidate, 'tsconfig.json')))
    : [entry],
);

const combined = [
  ...(read(path.join(repoRoot, 'tsconfig.frontends.json')).include ?? []),
  ...(read(path.join(repoRoot, 'tsconfig.services.json')).include ?? []),
];

/** Whether a combined include covers `entry` (a package's include, as a path from the root). */
function covered(entry: string, includes: string[]): boolean {
  return includes.some((include) => {
    if (include === entry) return true;
    if (include.endsWith('/*/src') && entry.endsWith('/src')) {
      const prefix = include.slice(0, -'/*/src'.length);
      return path.dirname(path.dirname(entry)) === prefix;
    }
    return false;
  });
}

it.each(packageDirs)(
  '%s: every folder its tsconfig checks is in a workspace-wide program',
  (dir) => {
    const own = read(path.join(repoRoot, dir, 'tsconfig.json')).include ?? [];
    expect(own.length).toBeGreaterThan(0);
    const missing = own
      .map((entry) => `${dir}/${entry}`)
      .filter((entry) => !covered(entry, combined));
    expect(missing).toEqual([]);
  },
);

it('the check itself notices a folder no program covers', () => {
  expect(covered('api/src', combined)).toBe(true);
  expect(covered('features/users/src', combined)).toBe(true);
  expect(covered('api/elsewhere', combined)).toBe(false);
});

// Two TypeScripts live in the workspace (docs/decisions/0119-types-checked-by-the-native-compiler.md):
// the native compiler checks the types, and typescript-eslint parses with the JavaScript one. Both
// provide a `tsc` command; the one the typecheck scripts run must be the native one.
it('`tsc` is the native compiler; typescript-eslint keeps the JavaScript TypeScript it supports', () => {
  const tsc = path.join(repoRoot, 'node_modules', '.bin', 'tsc');
  expect(execFileSync(tsc, ['--version'], { encoding: 'utf8' })).toMatch(/^Version 7\./);
  const manifest = path.join(repoRoot, 'node_modules', 'typescript', 'package.json');
  expect((JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version).toMatch(
    /^5\./,
  );
});
