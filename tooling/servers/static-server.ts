// One process for the static sites of a run on one machine: the shell (with its /api/v1 proxy) and
// each remote on its own origin, as separate CDN sites would serve them
// (docs/decisions/0055-npm-start-footprint.md). A site can be pointed at another build, or stopped,
// without touching the others: STATIC_SITES_FILE names a folder (or null) per site, and is read
// again on SIGHUP.
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildShellServer } from '../../shell/server/shell-app';
import { loadConfig } from '../config/index.cjs';
import { buildRemoteServer } from './remote-app';
import { runServer } from './run-server';

/** A site's folder: a built dist/ folder, or null when the site is not served. */
export type SiteFolders = Record<string, string | null>;

interface Site {
  /** The shell, or the remote's package folder (`remote-client`). */
  name: string;
  port: number;
  host: string;
  /** Its server on `distDir`, or on its usual build when undefined. */
  build(distDir: string | undefined): FastifyInstance;
}

export function staticSites(env: NodeJS.ProcessEnv = process.env): Site[] {
  const config = loadConfig(env);
  const remotes = config.remotes.map((remote): Site => ({
    name: remote.dir,
    port: remote.port,
    host: env.REMOTE_HOST || '127.0.0.1',
    // REMOTE_DIST_DIR is one remote's setting when it runs alone: here each has its own folder.
    build: (distDir) => buildRemoteServer(remote.key, { ...env, REMOTE_DIST_DIR: distDir }).app,
  }));
  const shell: Site = {
    name: 'shell',
    port: config.shellPort,
    host: env.SHELL_HOST || '127.0.0.1',
    build: (distDir) =>
      buildShellServer(distDir === undefined ? env : { ...env, SHELL_DIST_DIR: distDir }).app,
  };
  // The shell last: once it answers its health check, every remote does.
  return [...remotes, shell];
}

/** The folders STATIC_SITES_FILE gives; a site it does not name is served from its usual build. */
export function readSiteFolders(file: string | undefined): SiteFolders {
  if (!file || !existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`${file} must be an object of site names to folders (or null)`);
  }
  for (const [name, folder] of Object.entries(parsed)) {
    if (folder !== null && typeof folder !== 'string') {
      throw new Error(`${file}: the folder of "${name}" must be a path or null`);
    }
  }
  return parsed as SiteFolders;
}

/**
 * Serves every site, and changes the ones whose folder changed on apply(): each is closed and, unless
 * its folder is null, served again from the new one. The others keep running.
 */
export function startStaticSites(sites: Site[]) {
  const running = new Map<string, { app: FastifyInstance; folder: string | null | undefined }>();
  let queue = Promise.resolve();

  const applyNow = async (folders: SiteFolders) => {
    for (const site of sites) {
      const wanted = site.name in folders ? folders[site.name] : undefined;
      const current = running.get(site.name);
      if (current && current.folder === wanted) continue;
      if (current) {
        await current.app.close();
        running.delete(site.name);
      }
      if (wanted === null) continue;
      const app = site.build(wanted);
      await app.listen({ port: site.port, host: site.host });
      running.set(site.name, { app, folder: wanted });
    }
  };

  return {
    /** Serves each site from the folder given (its usual build when not named); one change at a time. */
    apply(folders: SiteFolders): Promise<void> {
      const next = queue.then(() => applyNow(folders));
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      await queue;
      await Promise.all([...running.values()].map(({ app }) => app.close()));
      running.clear();
    },
  };
}

async function main() {
  const sitesFile = process.env.STATIC_SITES_FILE;
  const sites = staticSites();
  const server = startStaticSites(sites);
  await server.apply(readSiteFolders(sitesFile));
  for (const site of sites) console.log(`${site.name} listening on port ${site.port}`);

  process.on('SIGHUP', () => {
    let folders: SiteFolders;
    try {
      folders = readSiteFolders(sitesFile);
    } catch (error) {
      console.error(`static sites not changed: ${(error as Error).message}`);
      return;
    }
    server.apply(folders).then(
      () => console.log('static sites changed'),
      (error: unknown) => console.error('static sites could not change', error),
    );
  });
  return { stop: () => server.close() };
}

if (require.main === module) runServer(main);
