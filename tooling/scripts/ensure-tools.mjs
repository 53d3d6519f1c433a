// Installs what `npm start` and `npm test` need on a fresh machine: pnpm (the version pinned in
// package.json's packageManager, through npm) and Chromium (Debian's package) for browser tests.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function pinnedPnpmVersion() {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const match = /^pnpm@(\d+\.\d+\.\d+)/.exec(manifest.packageManager ?? '');
  if (!match) throw new Error('package.json must pin pnpm in "packageManager"');
  return match[1];
}

function versionOf(command) {
  const result = spawnSync(command, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** Returns the pnpm executable to use, installing the pinned version with npm when it is absent. */
export function ensurePnpm() {
  const version = pinnedPnpmVersion();
  if (versionOf('pnpm') === version) return 'pnpm';
  const localPrefix = path.join(repoRoot, '.cache', 'pnpm');
  const localBin = path.join(localPrefix, 'node_modules', '.bin', 'pnpm');
  if (existsSync(localBin) && versionOf(localBin) === version) return localBin;
  console.log(`Installing pnpm ${version} with npm...`);
  const global = spawnSync('npm', ['install', '--global', `pnpm@${version}`], { stdio: 'inherit' });
  if (global.status === 0 && versionOf('pnpm') === version) return 'pnpm';
  // No rights to install globally: keep a private copy inside the project.
  execFileSync('npm', ['install', '--no-save', '--prefix', localPrefix, `pnpm@${version}`], {
    stdio: 'inherit',
  });
  return localBin;
}

export function pnpmInstall(pnpm) {
  run(pnpm, ['install', '--frozen-lockfile', '--config.confirmModulesPurge=false']);
}

// Chromium's headless shell (Debian's "chromium-headless-shell", the same Blink without the full
// browser's window machinery) is preferred: the browser tests spend about a fifth less CPU in it than
// in the full browser. The full browser is used where it is the one installed.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumCandidates = [HEADLESS_SHELL, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * Returns the path of the Chromium the browser tests drive (CHROMIUM_PATH, else the headless shell),
 * installing Debian's headless shell package when it is absent and this runs as root.
 */
export function ensureChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    const found = chromiumCandidates.find((candidate) => existsSync(candidate));
    if (found) return found;
    throw new Error(
      'Chromium is needed for the browser tests: install the Debian package ' +
        '"chromium-headless-shell" (sudo apt-get install chromium-headless-shell) or set CHROMIUM_PATH.',
    );
  }
  console.log("Installing Chromium's headless shell from Debian packages...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium-headless-shell'], {
      stdio: 'inherit',
      env,
    }).status === 0;
  // The package lists may be stale or missing on a fresh machine: refresh them once and try again.
  if (!install()) {
    run('apt-get', ['update'], { env });
    run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium-headless-shell'], {
      env,
    });
  }
  const installed = chromiumCandidates.find((candidate) => existsSync(candidate));
  if (!installed)
    throw new Error('The chromium-headless-shell package installed, but its browser is missing.');
  return installed;
}

function failure(command, args, status, signal) {
  const error = new Error(`${command} ${args.join(' ')} failed (exit ${status ?? signal})`);
  error.exitCode = status ?? 1;
  return error;
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: repoRoot, ...options });
  if (result.status !== 0) throw failure(command, args, result.status, result.signal);
}

/**
 * Runs a command beside others: resolves when it exits with 0, rejects otherwise. With `label`,
 * each line it prints is prefixed with the label, so that the output of commands running at the same
 * time can be told apart.
 */
export function runBeside(command, args, { label, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      ...options,
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (label) {
      const prefix = `${label} | `;
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ])
        createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) =>
          to.write(`${prefix}${line}\n`),
        );
    }
    child.on('error', reject);
    child.on('close', (status, signal) =>
      status === 0 ? resolve() : reject(failure(command, args, status, signal)),
    );
  });
}
