/**
 * @jest-environment node
 */
// The shell's page preloads the scripts its first screen asks for: the shell's start everywhere, and
// under an area's path the signed-in layout, the area's entry, its app and the chunks of the page its
// path opens, read from the remote's own preload.json where the browser loads the remote; a remote
// that is down or sends anything but its own file names only loses its preloads.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_PLAN_MAX_AGE_MS } from './page';
import { buildShellServer } from './shell-app';

const shellPlan = {
  groups: {
    bootstrap: ['bootstrap.0a1b2c3d.js', 'react.9a8b7c6d.js', 'vendors.4e5f6a7b.js'],
    'signed-in-area': ['react.9a8b7c6d.js', 'signed-in-area.8c9d0e1f.js', 'vendors.4e5f6a7b.js'],
    login: ['login.5e6f7a8b.js', 'vendors.4e5f6a7b.js'],
    'notification-panel': ['notification-panel.2a3b4c5d.js'],
  },
};
let auditorPlan: unknown = {
  groups: {
    __federation_expose_app: ['__federation_expose_app.11111111.js', '46.22222222.js'],
    'route-dashboard': ['route-dashboard.33333333.js', '43.44444444.js'],
    'route-target-companies': ['route-target-companies.55555555.js'],
    'route-target-companies~_~audits~_~action-plans~_': ['plan.88888888.js', '43.44444444.js'],
    'import-esap': ['import-esap.66666666.js'],
  },
};

let distDir: string;
let remote: Server;
let remoteUrl: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'verity-shell-preloads-'));
  await writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head><title>Verity</title></head><body></body></html>',
  );
  await writeFile(path.join(distDir, 'preload.json'), JSON.stringify(shellPlan));
  remote = createServer((request, response) => {
    if (request.url !== '/preload.json') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(auditorPlan));
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => remote.close(resolve));
  await rm(distDir, { recursive: true, force: true });
});

const shell = (env: NodeJS.ProcessEnv = {}) =>
  buildShellServer({
    SHELL_DIST_DIR: distDir,
    API_URL: 'http://127.0.0.1:9',
    REMOTE_AUDITOR_URL: remoteUrl,
    ...env,
  }).app;

async function preloadsOf(app: ReturnType<typeof shell>, url: string) {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  const head = response.body.slice(0, response.body.indexOf('</head>'));
  return [...head.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map(
    (match) => match[1]!,
  );
}

describe("the shell's page preloads its first screen's scripts", () => {
  it("under an area's path: the shell's start and layout, the area's entry, app and page, in that order", async () => {
    const app = shell();
    expect(await preloadsOf(app, '/auditor/dashboard?tab=open')).toEqual([
      '/bootstrap.0a1b2c3d.js',
      '/react.9a8b7c6d.js',
      '/vendors.4e5f6a7b.js',
      '/signed-in-area.8c9d0e1f.js',
      `${remoteUrl}/remoteEntry.js`,
      `${remoteUrl}/__federation_expose_app.11111111.js`,
      `${remoteUrl}/46.22222222.js`,
      `${remoteUrl}/route-dashboard.33333333.js`,
      `${remoteUrl}/43.44444444.js`,
    ]);
    // Another page of the area: its own chunks, not the dashboard's.
    const companies = await preloadsOf(app, '/auditor/target-companies');
    expect(companies.slice(-1)).toEqual([`${remoteUrl}/route-target-companies.55555555.js`]);
    expect(companies).not.toContain(`${remoteUrl}/route-dashboard.33333333.js`);
    // A page named for its whole path: its own chunks, not those of its first segment's page.
    const plan = await preloadsOf(app, '/auditor/target-companies/t1/audits/a1/action-plans/p1');
    expect(plan.slice(-2)).toEqual([
      `${remoteUrl}/plan.88888888.js`,
      `${remoteUrl}/43.44444444.js`,
    ]);
    expect(plan).not.toContain(`${remoteUrl}/route-target-companies.55555555.js`);
    // A path the whole-path name does not fit (one segment more, another word): its first segment's.
    for (const url of [
      '/auditor/target-companies/t1/audits/a1/action-plans/p1/more',
      '/auditor/target-companies/t1/audits/a1/closures/p1',
    ]) {
      expect((await preloadsOf(app, url)).slice(-1)).toEqual([
        `${remoteUrl}/route-target-companies.55555555.js`,
      ]);
    }
    // A page with no chunk named for it (and the area's root): the app, not another page's chunks.
    for (const url of ['/auditor/users', '/auditor']) {
      expect((await preloadsOf(app, url)).slice(-1)).toEqual([`${remoteUrl}/46.22222222.js`]);
    }
    await app.close();
  });

  it('outside the areas: the shell’s start and the login screen', async () => {
    const app = shell();
    expect(await preloadsOf(app, '/login')).toEqual([
      '/bootstrap.0a1b2c3d.js',
      '/react.9a8b7c6d.js',
      '/vendors.4e5f6a7b.js',
      '/login.5e6f7a8b.js',
    ]);
    await app.close();
  });

  it('a remote that is down: its entry only, and the page at once', async () => {
    const app = shell({ REMOTE_CLIENT_URL: 'http://127.0.0.1:9' });
    const preloads = await preloadsOf(app, '/client/dashboard');
    expect(preloads.filter((src) => src.startsWith('http'))).toEqual([
      'http://127.0.0.1:9/remoteEntry.js',
    ]);
    await app.close();
  });

  it('a plan naming anything but its own files: those names are not written into the page', async () => {
    const honest = auditorPlan;
    auditorPlan = {
      groups: {
        __federation_expose_app: [
          '"><script>alert(1)</script>.js',
          '../../api/v1/users.js',
          'https://elsewhere.test/x.js',
          'app.12345678.js',
          42,
        ],
        'route-dashboard': 'dashboard.js',
      },
    };
    try {
      const app = shell();
      const preloads = await preloadsOf(app, '/auditor/dashboard');
      expect(preloads.filter((src) => src.startsWith(remoteUrl))).toEqual([
        `${remoteUrl}/remoteEntry.js`,
        `${remoteUrl}/app.12345678.js`,
      ]);
      await app.close();
    } finally {
      auditorPlan = honest;
    }
  });

  it("follows a redeployed area's new files once REMOTE_PLAN_MAX_AGE_MS has passed", async () => {
    // Only the clock is the test's: the servers, fetches and timers run as they do.
    jest.useFakeTimers({
      now: Date.now(),
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    const app = shell();
    const before = auditorPlan;
    try {
      expect(await preloadsOf(app, '/auditor/dashboard')).toContain(
        `${remoteUrl}/route-dashboard.33333333.js`,
      );
      auditorPlan = {
        groups: {
          ...(before as typeof shellPlan).groups,
          'route-dashboard': ['route-dashboard.77777777.js'],
        },
      };
      // Within the plan's age the kept plan still serves.
      jest.setSystemTime(Date.now() + REMOTE_PLAN_MAX_AGE_MS - 1_000);
      expect(await preloadsOf(app, '/auditor/dashboard')).toContain(
        `${remoteUrl}/route-dashboard.33333333.js`,
      );

      jest.setSystemTime(Date.now() + 1_000);
      const preloads = await preloadsOf(app, '/auditor/dashboard');
      expect(preloads).toContain(`${remoteUrl}/route-dashboard.77777777.js`);
      expect(preloads).not.toContain(`${remoteUrl}/route-dashboard.33333333.js`);
    } finally {
      auditorPlan = before;
      jest.useRealTimers();
      await app.close();
    }
  });
});
