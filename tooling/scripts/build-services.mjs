// Compiles Verity's Node services (api, identity, the shell's server, the remotes' server, the static
// server of both and the mail catcher) into JavaScript under each package's dist/, which `node` runs. esbuild bundles each entry
// with the workspace's own TypeScript it imports (shared-api, tooling); the service's npm
// dependencies stay outside the bundle and load from its node_modules. tsc only checks the types.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Sources every service may bundle, besides its own. */
const sharedInputs = [
  'tooling/config',
  'tooling/db',
  'shared-api/src',
  // The languages' list and the text records, which shared-api takes from the session package.
  'session/src/language/languages.ts',
  'session/src/language/text-record.ts',
  'pnpm-lock.yaml',
];

/**
 * Each service: its package folder, entries (source → name in dist), output folder and module format
 * (identity's package is an ES module; the others are CommonJS).
 */
export const services = [
  {
    name: 'api',
    dir: 'api',
    outdir: 'api/dist',
    format: 'cjs',
    inputs: ['api/src', 'api/scripts', 'api/migrations'],
    entries: {
      server: 'api/src/server.ts',
      'pglite-worker': 'api/src/db/pglite-worker.ts',
      'esap-read-worker': 'api/src/esap-import/esap-read-worker.ts',
      'esap-write-worker': 'api/src/esap-import/esap-write-worker.ts',
      migrate: 'api/src/db/migrate-cli.ts',
      'create-client': 'api/scripts/create-client.ts',
    },
    // Each workbook's worker thread loads exceljs afresh: bundled into the worker it loads as one
    // file, about 0.15 processor-seconds against 0.5 as 625 modules
    // (docs/decisions/0116-exceljs-bundled-into-the-workbook-workers.md).
    inlined: { entries: ['esap-read-worker', 'esap-write-worker'], packages: ['exceljs'] },
  },
  {
    name: 'identity',
    dir: 'identity',
    outdir: 'identity/dist',
    format: 'esm',
    inputs: ['identity/src', 'identity/migrations', 'session/src/language/languages.ts'],
    entries: { server: 'identity/src/server.ts' },
  },
  {
    name: 'tooling',
    dir: 'tooling',
    outdir: 'tooling/dist',
    format: 'cjs',
    inputs: [
      'tooling/servers',
      'tooling/mail',
      'shell/server',
      'shell/src/remotes/remotes-config.ts',
    ],
    entries: {
      'mail-catcher-server': 'tooling/servers/mail-catcher-server.ts',
      'remote-server': 'tooling/servers/remote-server.ts',
      'static-server': 'tooling/servers/static-server.ts',
    },
  },
  {
    // shell/dist is the built single-page app (served as files), so the server goes beside its source.
    name: 'shell-server',
    dir: 'shell',
    outdir: 'shell/server/dist',
    format: 'cjs',
    inputs: ['shell/server', 'shell/src/remotes/remotes-config.ts'],
    entries: { index: 'shell/server/index.ts' },
  },
];

function listFiles(target, into) {
  if (!existsSync(target)) return;
  const stat = statSync(target);
  if (stat.isFile()) {
    if (!/\.test\.tsx?$/.test(target)) into.push(`${target}:${stat.size}:${stat.mtimeMs}`);
    return;
  }
  for (const entry of readdirSync(target).sort()) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    listFiles(path.join(target, entry), into);
  }
}

function fingerprint(service) {
  // This script too: a change of how a service is built (its entries, what it bundles) builds it
  // again.
  const files = [];
  listFiles(fileURLToPath(import.meta.url), files);
  const inputs = [...service.inputs, `${service.dir}/package.json`, ...sharedInputs];
  for (const input of inputs) listFiles(path.join(repoRoot, input), files);
  return createHash('sha256').update(files.join('\n')).digest('hex');
}

const toolingConfigDir = path.join(repoRoot, 'tooling', 'config');

const stampFile = (service) => path.join(repoRoot, service.outdir, '.build-fingerprint');

/**
 * tooling/config is CommonJS read at run time from its own folder (it finds the repository from
 * there): it stays outside the bundles, imported by its path relative to the output.
 */
function toolingConfigOutside(outdir) {
  return {
    name: 'tooling-config-outside',
    setup(build) {
      build.onResolve({ filter: /\.cjs$/ }, (args) => {
        const target = path.resolve(args.resolveDir, args.path);
        if (path.dirname(target) !== toolingConfigDir) return undefined;
        const relative = path.relative(outdir, target).split(path.sep).join('/');
        return { path: relative.startsWith('.') ? relative : `./${relative}`, external: true };
      });
    },
  };
}

/**
 * esbuild's options for one service: one build of its entries, or two when some entries bundle
 * npm packages of their own (`inlined`).
 */
function buildOptions(service) {
  const outdir = path.join(repoRoot, service.outdir);
  const manifest = JSON.parse(
    readFileSync(path.join(repoRoot, service.dir, 'package.json'), 'utf8'),
  );
  // The service's own npm dependencies load from its node_modules (development ones only ever on
  // paths that run from source); workspace packages are bundled.
  const external = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })
    .filter(([, version]) => !String(version).startsWith('workspace:'))
    .map(([name]) => name);
  const options = (names, outside) => ({
    absWorkingDir: repoRoot,
    entryPoints: Object.fromEntries(
      names.map((name) => [name, path.join(repoRoot, service.entries[name])]),
    ),
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: service.format,
    external: outside,
    plugins: [toolingConfigOutside(outdir)],
    sourcemap: true,
    logLevel: 'warning',
  });
  const names = Object.keys(service.entries);
  const inlined = service.inlined;
  if (!inlined) return [options(names, external)];
  return [
    options(
      names.filter((name) => !inlined.entries.includes(name)),
      external,
    ),
    options(
      inlined.entries,
      external.filter((name) => !inlined.packages.includes(name)),
    ),
  ];
}

async function buildService(service) {
  await Promise.all(buildOptions(service).map((options) => esbuild.build(options)));
}

/**
 * `npm run dev`: builds the named services once, then again on every change of their sources (the
 * shared ones included), until the returned stop() is called. `node --watch` restarts a server when
 * its build changes.
 */
export async function watchServices(names) {
  const contexts = await Promise.all(
    services
      .filter((service) => names.includes(service.name))
      .flatMap((service) => buildOptions(service))
      .map(async (options) => {
        const context = await esbuild.context(options);
        await context.rebuild();
        await context.watch();
        return context;
      }),
  );
  return { stop: () => Promise.all(contexts.map((context) => context.dispose())) };
}

/**
 * Builds the services whose sources changed since their last build (all of them with `force`).
 * Returns the names of those built.
 */
export async function buildServices({ force = false, only } = {}) {
  const chosen = services.filter((service) => !only || only.includes(service.name));
  const stale = chosen.filter(
    (service) =>
      force ||
      !existsSync(stampFile(service)) ||
      readFileSync(stampFile(service), 'utf8') !== fingerprint(service),
  );
  for (const service of stale) {
    await buildService(service);
    mkdirSync(path.dirname(stampFile(service)), { recursive: true });
    writeFileSync(stampFile(service), fingerprint(service));
  }
  return stale.map((service) => service.name);
}

// `node tooling/scripts/build-services.mjs [--force] [name...]`: builds the named services (all when
// none) whose sources changed, or all of them with --force.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const names = args.filter((arg) => arg !== '--force');
  buildServices({
    force: args.includes('--force'),
    only: names.length > 0 ? names : undefined,
  }).then(
    (built) => {
      if (built.length > 0) console.log(`compiled ${built.join(', ')}`);
    },
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
