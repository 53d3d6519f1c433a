// The page's one `react-router-dom` is react-router-dom.mjs (shared.cjs): every name the shell and
// the areas import from 'react-router-dom' must be one it exports, or the name would be undefined in
// the built page while every unit test (which imports the package itself) passes.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../..');
/** The workspace folders whose code the webpack builds bundle. */
const bundled = [
  'shell',
  'remote-client',
  'remote-auditor',
  'remote-target-company',
  'shared-ui',
  'features',
];

/** The values (not types) a source imports or re-exports from 'react-router-dom'. */
function namesFromRouter(source: string): string[] {
  return [
    ...source.matchAll(/(?:import|export)\s+(type\s+)?([^;]*?)\s+from\s+'react-router-dom'/gs),
  ]
    .filter((match) => !match[1])
    .flatMap((match) => {
      const braces = /\{([^}]*)\}/.exec(match[2]!);
      if (!braces) return [`(not a named import: ${match[2]})`];
      return braces[1]!
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '' && !name.startsWith('type '))
        .map((name) => name.split(/\s+as\s+/)[0]!.trim());
    });
}

/** The names react-router-dom.mjs exports. */
function providedNames(): Set<string> {
  const source = readFileSync(path.join(__dirname, 'react-router-dom.mjs'), 'utf8');
  return new Set(
    [...source.matchAll(/export\s+\{([^}]*)\}/g)].flatMap((match) =>
      match[1]!
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  );
}

it('every name the builds import from react-router-dom is one the shared module provides', () => {
  const files = execFileSync('git', ['ls-files', '--', ...bundled.map((dir) => `${dir}/*.ts*`)], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
    .split('\n')
    // Tests run in Jest against the package itself, never in a build.
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|\/test\/|\/testing\//.test(file));
  const provided = providedNames();
  const used = new Set(
    files.flatMap((file) => namesFromRouter(readFileSync(path.join(repoRoot, file), 'utf8'))),
  );
  expect(used.size).toBeGreaterThan(10);
  expect([...used].filter((name) => !provided.has(name))).toEqual([]);
});

it('reads names as the builds use them (the check itself can fail)', () => {
  expect(
    namesFromRouter(
      "import { Link, type To, useParams as params } from 'react-router-dom';\n" +
        "import type { RouteObject } from 'react-router-dom';\nimport * as all from 'react-router-dom';",
    ),
  ).toEqual(['Link', 'useParams', '(not a named import: * as all)']);
});
