// Builds what is stale and starts Verity's servers: identity, api, the three remotes and the shell,
// each a separate process on its own port running its compiled code (`node dist/...`). Used by
// `npm start` and by the e2e tests.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { buildServices } from './build-services.mjs';
import { repoRoot, runBeside } from './ensure-tools.mjs';

const require = createRequire(import.meta.url);
const { loadConfig } = require('../config/index.cjs');
const { protectDataDir } = require('../config/data-dir.cjs');

const frontendPackages = ['shell', 'remote-client', 'remote-auditor', 'remote-target-company'];
const sharedInputs = [
  'shared-ui/src',
  'shared-api/src',
  'session/src',
  'features',
  'shared-ui/package.json',
  'shared-api/package.json',
  'session/package.json',
  'tooling/mf',
  'pnpm-lock.yaml',
];

function listFiles(target, into) {
  if (!existsSync(target)) return;
  const stat = statSync(target);
  if (stat.isFile()) {
    into.push(`${target}:${stat.size}:${stat.mtimeMs}`);
    return;
  }
  for (const entry of readdirSync(target).sort()) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    listFiles(path.join(target, entry), into);
  }
}

function fingerprint(pkg) {
  const files = [];
  for (const input of [pkg, ...sharedInputs]) listFiles(path.join(repoRoot, input), files);
  return createHash('sha256').update(files.join('\n')).digest('hex');
}

/**
 * Builds the shell and remotes whose sources changed since their last build (`label` prefixes the
 * build's output, when it runs beside other commands).
 */
export async function buildFrontends(pnpm, { force = false, label } = {}) {
  const stale = frontendPackages.filter((pkg) => {
    if (force) return true;
    const stampFile = path.join(repoRoot, pkg, 'dist', '.build-fingerprint');
    return !existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== fingerprint(pkg);
  });
  if (stale.length === 0) return;
  console.log(`Building ${stale.join(', ')}...`);
  const filters = stale.flatMap((pkg) => ['--filter', `./${pkg}`]);
  await runBeside(pnpm, ['-r', '--workspace-concurrency=2', ...filters, 'build'], { label });
  for (const pkg of stale)
    writeFileSync(path.join(repoRoot, pkg, 'dist', '.build-fingerprint'), fingerprint(pkg));
}

function loadSecrets(dataDir) {
  // Only DATA_DIR is made private here: a umask for this process would reach the builds too.
  protectDataDir(dataDir);
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secret = () => randomBytes(32).toString('base64url');
  const secrets = {
    SESSION_SECRET: secret(),
    IDENTITY_CLIENT_SECRET: secret(),
    IDENTITY_API_KEY: secret(),
    IDENTITY_COOKIE_KEYS: `${secret()},${secret()}`,
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** The environment every server of the stack starts with; variables already set win. */
export function stackEnvironment(baseEnv = process.env) {
  const config = loadConfig(baseEnv);
  const secrets = loadSecrets(config.dataDir);
  // NODE_ENV is left as it is: nothing in Verity reads it, and the local demo is not production.
  // Seeding the demo is refused by the servers unless PUBLIC_URL is a loopback address.
  const env = {
    SEED_DEMO: '1',
    IDENTITY_SEED_DEMO: '1',
    IDENTITY_CLIENT_ID: 'verity',
    LOG_LEVEL: 'warn',
    ...secrets,
    ...baseEnv,
    DATA_DIR: config.dataDir,
    PUBLIC_URL: config.publicUrl,
    IDENTITY_ISSUER: config.identityIssuer,
    API_URL: config.apiUrl,
    SMTP_URL: config.smtpUrl,
    MAIL_FROM: config.mailFrom,
  };
  return { env, config };
}

/** How each server of the stack starts and when it is ready, by name (tests restart one of them). */
export function serverSpecs(config, baseEnv) {
  // With SMTP_URL set, mail goes to that server; otherwise to the local catcher started here.
  const mailCatcher = baseEnv.SMTP_URL
    ? []
    : [
        {
          name: 'mail',
          cwd: 'tooling',
          script: 'dist/mail-catcher-server.js',
          ready: `${config.mailCatcher.url}/healthz`,
          ports: {
            MAIL_CATCHER_PORT: config.mailCatcher.port,
            MAIL_CATCHER_SMTP_PORT: config.mailCatcher.smtpPort,
          },
        },
      ];
  return [
    ...mailCatcher,
    {
      name: 'identity',
      cwd: 'identity',
      script: 'dist/server.js',
      ready: `${config.identityIssuer}/healthz`,
      ports: { IDENTITY_PORT: config.identityPort },
    },
    {
      name: 'api',
      cwd: 'api',
      script: 'dist/server.js',
      ready: `${config.apiUrl}/readyz`,
      ports: { API_PORT: config.apiPort },
    },
    // The shell and the three remotes: static files, served by one process on their own origins.
    {
      name: 'static',
      cwd: 'tooling',
      script: 'dist/static-server.js',
      ready: `http://127.0.0.1:${config.shellPort}/healthz`,
      ports: {
        SHELL_PORT: config.shellPort,
        ...Object.fromEntries(
          config.remotes.map((remote) => [`${remote.envPrefix}_PORT`, remote.port]),
        ),
      },
    },
  ];
}

/** Whether nothing listens on `port` of this machine's loopback address (where the servers listen). */
function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () =>
      probe.close(() => resolve(true)),
    );
  });
}

/**
 * Refuses to start while another program holds one of the servers' ports: its health check would
 * answer for the server that cannot listen (another Verity's mail catcher taking this one's e-mail,
 * its identity answering this one's sign-ins), and the stack would look ready while it is not.
 */
async function refuseTakenPorts(specs) {
  for (const spec of specs) {
    for (const [variable, port] of Object.entries(spec.ports ?? {})) {
      if (!(await portIsFree(port))) {
        const error = new Error(
          `port ${port} (${variable}, the ${spec.name} server's) is in use by another program, ` +
            `perhaps another Verity started with npm start: stop it, or set ${variable} to a free port`,
        );
        error.exitCode = 1;
        throw error;
      }
    }
  }
}

/** One remote's server on its own (docker-compose.yml's way), e.g. a build served for a remote override. */
export function remoteServerSpec(config, key) {
  const remote = config.remotes.find((candidate) => candidate.key === key || candidate.dir === key);
  return {
    name: remote.dir,
    cwd: 'tooling',
    script: 'dist/remote-server.js',
    args: [remote.key],
    ready: `${remote.url}/remoteEntry.js`,
  };
}

/** How often a server still starting is mentioned, so a slow start is never mistaken for a hang. */
const STILL_STARTING_EVERY_MS = 30_000;

/**
 * Polls the server's health URL until it answers 200. A server is ready when its health says so, not
 * after a fixed time: by default this waits as long as the process lives (a busy machine only makes
 * it slower); `timeoutMs` sets an overall limit, `onSlow` hears about a server still starting.
 */
export async function waitForUrl(url, child, timeoutMs = Infinity, onSlow = () => undefined) {
  const started = Date.now();
  let nextNotice = started + STILL_STARTING_EVERY_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `exited (${child.signalCode ?? `code ${child.exitCode}`}) before it was ready`,
      );
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (response.ok) return;
    } catch {
      // not listening yet, or too busy to answer: ask again
    }
    const now = Date.now();
    if (now - started > timeoutMs) throw new Error(`not ready at ${url} after ${timeoutMs} ms`);
    if (now >= nextNotice) {
      onSlow(Math.round((now - started) / 1000));
      nextNotice = now + STILL_STARTING_EVERY_MS;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts one server: its compiled script under node, or `spec.command` with `spec.args` (npm run dev). */
export function startServer(spec, env, { quiet = false } = {}) {
  const [command, args] = spec.command
    ? [spec.command, spec.args ?? []]
    : [process.execPath, ['--enable-source-maps', spec.script, ...(spec.args ?? [])]];
  const child = spawn(command, args, {
    cwd: path.join(repoRoot, spec.cwd),
    env,
    stdio: ['ignore', quiet ? 'ignore' : 'pipe', quiet ? 'ignore' : 'pipe'],
  });
  if (!quiet) {
    const prefix = `[${spec.name}] `;
    const forward = (stream, target) =>
      stream.on('data', (chunk) => {
        for (const line of chunk.toString().split('\n'))
          if (line.trim()) target.write(prefix + line + '\n');
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
  }
  return child;
}

/** A server that stops on its own is started again after 1 s, then 2, 4 ... at most 30 s apart. */
const RESTART_FIRST_MS = 1000;
const RESTART_MAX_MS = 30_000;
/** A server that stayed up this long starts its back-off again from the first delay. */
const RESTART_STABLE_MS = 60_000;

/**
 * Builds the services whose sources changed, starts every server and resolves once all answer their
 * health checks, however long that takes (`readyTimeoutMs` sets a limit; a server that exits first
 * fails the start). Returns the processes by name and a stop() that ends them all.
 * `supervise`: a server that exits while the stack is not stopping is restarted, with back-off.
 * `servers`: start only the servers of these names (tests).
 */
export async function startStack({
  env: baseEnv = process.env,
  quiet = false,
  readyTimeoutMs = Infinity,
  supervise = false,
  servers,
} = {}) {
  const built = await buildServices();
  if (built.length > 0 && !quiet) console.error(`Compiled ${built.join(', ')}`);
  const { env, config } = stackEnvironment(baseEnv);
  const specs = serverSpecs(config, baseEnv).filter(
    (spec) => !servers || servers.includes(spec.name),
  );
  await refuseTakenPorts(specs);
  const processes = {};
  const restarts = new Set();
  let stopping = false;
  const stop = async () => {
    stopping = true;
    for (const timer of restarts) clearTimeout(timer);
    await Promise.all(Object.values(processes).map((child) => stopProcess(child)));
  };
  const say = (line) => (quiet ? undefined : console.error(line));

  const watch = (spec, attempt) => {
    const child = processes[spec.name];
    const startedAt = Date.now();
    const restart = (code, signal) => {
      if (stopping) return;
      const next = Date.now() - startedAt >= RESTART_STABLE_MS ? 0 : attempt;
      const delay = Math.min(RESTART_FIRST_MS * 2 ** next, RESTART_MAX_MS);
      say(`[${spec.name}] stopped (${signal ?? `exit ${code}`}); restarting in ${delay / 1000} s`);
      const timer = setTimeout(() => {
        restarts.delete(timer);
        if (stopping) return;
        processes[spec.name] = startServer(spec, env, { quiet });
        watch(spec, next + 1);
        waitForUrl(spec.ready, processes[spec.name]).then(
          () => say(`[${spec.name}] running again`),
          // It stopped again before it was ready: its exit is reported and handled above.
          () => undefined,
        );
      }, delay);
      restarts.add(timer);
    };
    child.once('exit', (code, signal) => {
      if (stopping || !supervise) return;
      // Ctrl-C reaches every server with the stack itself: a moment later it is known to be stopping.
      const settle = setTimeout(() => {
        restarts.delete(settle);
        restart(code, signal);
      }, 200);
      restarts.add(settle);
    });
  };

  try {
    for (const spec of specs) {
      processes[spec.name] = startServer(spec, env, { quiet });
    }
    await Promise.all(
      specs.map((spec) =>
        waitForUrl(spec.ready, processes[spec.name], readyTimeoutMs, (seconds) =>
          say(`[${spec.name}] still starting after ${seconds} s`),
        ).catch((error) => {
          throw new Error(`${spec.name}: ${error.message}`);
        }),
      ),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  for (const spec of specs) watch(spec, 0);
  return { config, env, processes, specs, stop };
}

// The API takes up to 10 s to finish its requests on SIGTERM: a little more before SIGKILL.
export function stopProcess(child, timeoutMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export function demoSignIns() {
  const demo = JSON.parse(
    readFileSync(path.join(repoRoot, 'tooling', 'demo-accounts.json'), 'utf8'),
  );
  return { password: demo.password, accounts: demo.accounts };
}
