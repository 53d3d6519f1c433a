// `npm run dev`: Verity for working on it. The shell and the three areas run on webpack's dev server
// with React Fast Refresh, the API and identity are rebuilt and restarted on every change of their
// sources, and the mail catcher runs as under `npm start`: same ports, data folder, secrets and demo
// data. Ctrl-C stops all.
import path from 'node:path';
import { ensurePnpm, pnpmInstall, repoRoot } from './ensure-tools.mjs';

/** The build and stack modules, loaded once the workspace's packages are installed. */
let build;
let stack;

const frontends = ['shell', 'remote-client', 'remote-auditor', 'remote-target-company'];
/**
 * Servers whose own sources change while one works: esbuild rebuilds them on every save and
 * `node --watch` restarts them on the new build.
 */
const watched = new Set(['api', 'identity']);

function bin(pkg, name) {
  return path.join(repoRoot, pkg, 'node_modules', '.bin', name);
}

/** How each process of the dev stack starts: the Node servers as `npm start` starts them, or watched. */
function devSpecs(config, env) {
  const servers = stack
    .serverSpecs(config, env)
    .filter((spec) => spec.name === 'mail' || watched.has(spec.name))
    .map((spec) =>
      watched.has(spec.name)
        ? {
            ...spec,
            command: process.execPath,
            args: ['--watch', '--enable-source-maps', spec.script],
          }
        : spec,
    );
  const devServers = frontends.map((pkg) => ({
    name: pkg,
    cwd: pkg,
    command: bin(pkg, 'webpack'),
    args: ['serve', '--mode', 'development'],
  }));
  return [...servers, ...devServers];
}

async function main() {
  const pnpm = ensurePnpm();
  pnpmInstall(pnpm);
  build = await import('./build-services.mjs');
  stack = await import('./stack.mjs');
  // The mail catcher is not watched: it runs compiled, as under `npm start`.
  await build.buildServices({ only: ['tooling'] });
  const watchers = await build.watchServices([...watched]);
  const { env, config } = stack.stackEnvironment(process.env);
  const processes = devSpecs(config, process.env).map((spec) => stack.startServer(spec, env));

  console.log(
    `\nVerity (development) is starting: open ${config.publicUrl} once the builds are done`,
  );
  console.log(`E-mails are caught here: ${config.mailCatcher.url}`);
  const { password, accounts } = stack.demoSignIns();
  console.log(`Demo sign-ins: ${accounts.map((account) => account.email).join(', ')}`);
  console.log(`(password "${password}"). Press Ctrl-C to stop.\n`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all(processes.map((child) => stack.stopProcess(child)));
    await watchers.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(`npm run dev failed: ${error.message}`);
  process.exit(1);
});
