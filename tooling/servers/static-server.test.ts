// One process serves the shell and the three remotes, each on its own port; one site can be pointed
// at another build, or stopped, while the others keep answering.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../net/free-port';
import { readSiteFolders, startStaticSites, staticSites } from './static-server';

const SITES = ['shell', 'remote-client', 'remote-auditor', 'remote-target-company'] as const;
type SiteName = (typeof SITES)[number];

let workDir: string;
let env: NodeJS.ProcessEnv;
const ports = {} as Record<SiteName, number>;
const folders = {} as Record<SiteName, string>;

/** A built site: the file that tells which build is served. */
async function build(name: string): Promise<string> {
  const dir = path.join(workDir, name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'index.html'), `<title>${name}</title>`);
  await writeFile(path.join(dir, 'remoteEntry.js'), `var build = ${JSON.stringify(name)};`);
  return dir;
}

async function answer(site: SiteName): Promise<string> {
  const file = site === 'shell' ? 'login' : 'remoteEntry.js';
  try {
    const response = await fetch(`http://127.0.0.1:${ports[site]}/${file}`);
    // The shell's page also carries what its server writes in (shell/server/page.ts).
    const text = await response.text();
    return `${response.status} ${site === 'shell' ? text.split('<script')[0] : text}`;
  } catch {
    return 'down';
  }
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'verity-static-sites-'));
  for (const site of SITES) {
    ports[site] = await freePort();
    folders[site] = await build(site);
  }
  env = {
    SHELL_PORT: String(ports.shell),
    REMOTE_CLIENT_PORT: String(ports['remote-client']),
    REMOTE_AUDITOR_PORT: String(ports['remote-auditor']),
    REMOTE_TARGET_COMPANY_PORT: String(ports['remote-target-company']),
    SHELL_DIST_DIR: folders.shell,
    // The API is not started: the shell's proxy answers 503 for it, which nothing here asks.
    API_PORT: String(await freePort()),
  };
});

afterAll(() => rm(workDir, { recursive: true, force: true }));

describe('the static server', () => {
  it('serves every site on its own port, and changes one site while the others keep answering', async () => {
    const server = startStaticSites(staticSites(env));
    try {
      await server.apply({
        'remote-client': folders['remote-client'],
        'remote-auditor': folders['remote-auditor'],
        'remote-target-company': folders['remote-target-company'],
      });
      expect(await answer('shell')).toBe('200 <title>shell</title>');
      expect(await answer('remote-client')).toBe('200 var build = "remote-client";');
      expect(await answer('remote-auditor')).toBe('200 var build = "remote-auditor";');

      // The target company's next release: only its site changes.
      const release = await build('next-release');
      const changing = server.apply({
        'remote-client': folders['remote-client'],
        'remote-auditor': folders['remote-auditor'],
        'remote-target-company': release,
      });
      expect(await answer('remote-client')).toBe('200 var build = "remote-client";');
      await changing;
      expect(await answer('remote-target-company')).toBe('200 var build = "next-release";');
      expect(await answer('shell')).toBe('200 <title>shell</title>');

      // The auditor's site stopped: nothing listens on its port; the others answer.
      await server.apply({
        'remote-client': folders['remote-client'],
        'remote-auditor': null,
        'remote-target-company': release,
      });
      expect(await answer('remote-auditor')).toBe('down');
      expect(await answer('remote-client')).toBe('200 var build = "remote-client";');

      // Back as it was.
      await server.apply({
        'remote-client': folders['remote-client'],
        'remote-auditor': folders['remote-auditor'],
        'remote-target-company': folders['remote-target-company'],
      });
      expect(await answer('remote-auditor')).toBe('200 var build = "remote-auditor";');
      expect(await answer('remote-target-company')).toBe(
        '200 var build = "remote-target-company";',
      );
    } finally {
      await server.close();
    }
    expect(await answer('shell')).toBe('down');
  });

  it('reads the sites file: none is no change, and a wrong one says what is wrong', async () => {
    expect(readSiteFolders(undefined)).toEqual({});
    expect(readSiteFolders(path.join(workDir, 'absent.json'))).toEqual({});
    const file = path.join(workDir, 'sites.json');
    await writeFile(file, JSON.stringify({ 'remote-auditor': null, shell: '/srv/shell' }));
    expect(readSiteFolders(file)).toEqual({ 'remote-auditor': null, shell: '/srv/shell' });
    await writeFile(file, JSON.stringify({ 'remote-auditor': 3 }));
    expect(() => readSiteFolders(file)).toThrow(
      'the folder of "remote-auditor" must be a path or null',
    );
    await writeFile(file, '[]');
    expect(() => readSiteFolders(file)).toThrow('must be an object of site names to folders');
  });
});
