// The bundle budget: the shell's first load carries the shell (login, session, layout) and the
// singletons only, an area's first screen downloads only the code it renders (its own page, the
// design system's pieces it shows, one Module Federation runtime for the page), and ECharts never
// loads before a chart is on screen. Read off the production builds and what Chromium downloads.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { preloadsOf, readPlan, type PreloadPlan } from '../../shell/server/page';
import { remotes as remoteConfigs } from '../../tooling/config/index.cjs';
import { openAcmeAuditPlans } from '../support/demo';
import { type Area, enterArea } from '../support/session';

interface ChunkReport {
  chunks: {
    id: string | number;
    name: string | null;
    initial: boolean;
    files: string[];
    modules: string[];
  }[];
}

const repoRoot = path.resolve(__dirname, '../..');
const remotes = ['remote-client', 'remote-auditor', 'remote-target-company'];
/** JavaScript Chromium downloads for /login, gzip -9: react, the router and the MF runtime alone are about 136 KB. */
const LOGIN_BUDGET_BYTES = 150 * 1024;
/**
 * JavaScript on the wire (as sent, compressed) before an area's first screen shows its figures:
 * 186 to 188 KB measured (docs/performance.md, "Bytes on the wire"), 270 to 277 KB before pages
 * loaded by route and the remotes used the shell's federation runtime.
 */
const FIRST_ROUTE_BUDGET_BYTES = 200 * 1024;
const isEcharts = (module: string) =>
  /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(echarts|zrender|echarts-for-react)\//.test(
    module,
  );
const isDesignSystemCode = (module: string) => /^(shared-ui|shared-api)\/src\//.test(module);
/**
 * An area's code. The cache's key names (`@verity/query`'s query-keys) are not: the shell's bell and
 * the areas' live updates name the same cache entries (docs/decisions/0107-the-bell-live.md).
 */
const isAreaCode = (module: string) =>
  /^(features|remote-[a-z-]+)\//.test(module) && module !== 'features/query/src/query-keys.ts';
/** The federation runtime's core, the bulk of the Module Federation runtime (about 16 KB brotli). */
const isFederationRuntimeCore = (module: string) =>
  /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?@module-federation\/runtime-core\//.test(module);
/** What only the forms and dialogs need; no first screen shows one. */
const isFormCode = (module: string) =>
  /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(formik|yup|lodash-es|@radix-ui\/react-dialog)\//.test(
    module,
  );

function report(build: string): ChunkReport {
  return JSON.parse(readFileSync(path.join(repoRoot, build, 'dist', 'chunk-report.json'), 'utf8'));
}

function gzippedSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test(
  '/login downloads at most 150 KB gzip of JavaScript, all of it the shell’s',
  { tag: '@read-only' },
  async ({ page }) => {
    const scripts = new Set<string>();
    /** What came over the wire for each script: its encoding and its body's bytes as sent. */
    const received: { file: string; encoding: string | undefined; bytes: number }[] = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() === 'script' || request.url().endsWith('.js')) {
        scripts.add(request.url());
        const response = await request.response();
        const { responseBodySize } = await request.sizes();
        received.push({
          file: path.basename(new URL(request.url()).pathname),
          encoding: (await response?.allHeaders())?.['content-encoding'],
          bytes: responseBodySize,
        });
      }
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login As Client' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    const shellOrigin = new URL(page.url()).origin;
    const urls = [...scripts];
    expect(urls.filter((url) => new URL(url).origin !== shellOrigin)).toEqual([]);
    const files = urls.map((url) => {
      const file = path.join(repoRoot, 'shell', 'dist', new URL(url).pathname);
      return { file: path.basename(file), size: gzippedSize(file) };
    });
    const total = files.reduce((sum, { size }) => sum + size, 0);
    console.log(
      `/login: ${kb(total)} gzip in ${files.length} files (${files
        .map(({ file, size }) => `${file} ${kb(size)}`)
        .join(', ')})`,
    );
    expect(total).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
    // The server sends the build's compressed copies (a file under 1 KB goes as it is), so the wire
    // carries the budgeted bytes, not more.
    await expect.poll(() => received.length).toBe(urls.length);
    const plain = received.filter(({ encoding }) => encoding !== 'gzip' && encoding !== 'br');
    expect(plain.filter(({ bytes }) => bytes >= 1024)).toEqual([]);
    const sent = received.reduce((sum, { bytes }) => sum + bytes, 0);
    console.log(
      `/login: ${kb(sent)} sent in ${received.length} files (${[...new Set(received.map(({ encoding }) => encoding ?? 'none'))].join(', ')})`,
    );
    expect(sent).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
    // Every script but main.js was named by the page, so none waited for another to run first.
    expect(new Set(urls)).toEqual(
      new Set([`${shellOrigin}/main.js`, ...(await preloadedScripts(page))]),
    );
  },
);

test(
  'the shell carries nothing of the areas: no feature package, no remote, no chart',
  { tag: '@read-only' },
  () => {
    const modules = report('shell').chunks.flatMap((chunk) => chunk.modules);
    expect(modules.filter(isAreaCode)).toEqual([]);
    expect(modules.filter(isEcharts)).toEqual([]);
  },
);

test(
  'the shell carries the one federation runtime core of the page; no remote carries one',
  { tag: '@read-only' },
  () => {
    const inShell = report('shell').chunks.filter((chunk) =>
      chunk.modules.some(isFederationRuntimeCore),
    );
    expect(inShell.map((chunk) => chunk.name)).toEqual(['main']);
    // One copy: the ES build only, not its CommonJS build beside it.
    expect(
      inShell[0]!.modules.filter(isFederationRuntimeCore).filter((m) => m.endsWith('.cjs')),
    ).toEqual([]);
    for (const build of remotes) {
      const modules = report(build).chunks.flatMap((chunk) => chunk.modules);
      expect(modules.filter(isFederationRuntimeCore)).toEqual([]);
    }
  },
);

for (const build of remotes) {
  test(
    `${build}: its design system and contract are split by page, none of it in remoteEntry.js`,
    { tag: '@read-only' },
    () => {
      const { chunks } = report(build);
      const initial = chunks.filter((chunk) => chunk.initial);
      expect(initial.flatMap((chunk) => chunk.files)).toContain('remoteEntry.js');
      expect(initial.flatMap((chunk) => chunk.modules).filter(isDesignSystemCode)).toEqual([]);
      // Split by what each page uses: no chunk carries all of the design system the build uses (before,
      // one design-system chunk did, and every first screen downloaded the gap form with it).
      const used = new Set(chunks.flatMap((chunk) => chunk.modules).filter(isDesignSystemCode));
      const whole = chunks.filter(
        (chunk) => chunk.modules.filter(isDesignSystemCode).length === used.size,
      );
      expect(whole.map((chunk) => chunk.files)).toEqual([]);
    },
  );
}

for (const build of remotes) {
  test(`${build}: ECharts is only in lazy chunks of its own`, { tag: '@read-only' }, () => {
    const { chunks } = report(build);
    const withEcharts = chunks.filter((chunk) => chunk.modules.some(isEcharts));
    expect(withEcharts.length).toBeGreaterThan(0);
    for (const chunk of withEcharts) {
      expect(chunk.initial).toBe(false);
      expect(chunk.modules.filter(isDesignSystemCode)).toEqual([]);
    }
  });
}

/** The scripts the page preloads (its `<link rel="preload" as="script">`), as absolute URLs. */
const preloadedScripts = (page: Page) =>
  page
    .locator('link[rel="preload"][as="script"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));

/** Where each area's users land after signing in, and what shows once its figures are there. */
const FIRST_ROUTES: {
  build: string;
  userType: Area;
  figures: (page: Page) => Locator;
}[] = [
  {
    build: 'remote-client',
    userType: 'client',
    figures: (page) => page.getByRole('group', { name: 'Total Audits' }),
  },
  {
    build: 'remote-auditor',
    userType: 'auditor',
    figures: (page) => page.getByRole('article').first(),
  },
  {
    build: 'remote-target-company',
    userType: 'targetCompany',
    figures: (page) => page.getByRole('group', { name: 'Total Audits' }),
  },
];

/** The files of a build that hold ECharts, by name. */
const echartsFiles = (build: string) =>
  new Set(
    report(build)
      .chunks.filter((chunk) => chunk.modules.some(isEcharts))
      .flatMap((chunk) => chunk.files),
  );

/** The files of a build that hold the charts' own code (shared-ui/src/charts) or ECharts, by name. */
const chartFiles = (build: string) =>
  new Set(
    report(build)
      .chunks.filter((chunk) =>
        chunk.modules.some(
          (module) => isEcharts(module) || module.startsWith('shared-ui/src/charts/'),
        ),
      )
      .flatMap((chunk) => chunk.files),
  );

/** The modules in a build's file, by the file's name. */
function modulesOf(build: string, file: string): string[] {
  return report(build)
    .chunks.filter((chunk) => chunk.files.includes(file))
    .flatMap((chunk) => chunk.modules);
}

/** A fresh browser (nothing cached) with the signed-in session of `page`. */
async function coldPageWithSessionOf(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies(await page.context().cookies());
  return context.newPage();
}

for (const area of FIRST_ROUTES) {
  test(
    `${area.build}: the first screen shows its figures with at most 200 KB of compressed JavaScript: no ECharts, no forms, one federation runtime`,
    { tag: '@read-only' },
    async ({ page, browser }) => {
      await enterArea(page, area.userType);
      const home = page.url();
      const cold = await coldPageWithSessionOf(browser, page);
      const echarts = echartsFiles(area.build);
      const shellOrigin = new URL(home).origin;

      // Without ECharts at all, the figures still come: nothing before them waits for the charts.
      await cold.route(
        (url) => echarts.has(path.basename(url.pathname)),
        (route) => route.abort(),
      );
      const sent: { file: string; url: string; bytes: number }[] = [];
      const asked: string[] = [];
      cold.on('request', (request) => asked.push(new URL(request.url()).pathname));
      cold.on('requestfinished', async (request) => {
        const url = new URL(request.url());
        if (request.resourceType() !== 'script' && !url.pathname.endsWith('.js')) return;
        // A script that finishes as the test closes the page came after the figures, uncounted.
        const sizes = await request.sizes().catch((error: unknown) => {
          if (cold.isClosed()) return undefined;
          throw error;
        });
        if (!sizes) return;
        sent.push({
          file: `${url.origin === shellOrigin ? 'shell' : url.port}:${path.basename(url.pathname)}`,
          url: `${url.origin}${url.pathname}`,
          bytes: sizes.responseBodySize,
        });
      });
      await cold.goto(home);
      await expect(area.figures(cold)).toBeVisible();
      const before = [...sent];
      const total = before.reduce((sum, { bytes }) => sum + bytes, 0);
      console.log(
        `${area.build} first screen: ${kb(total)} of JavaScript sent in ${before.length} files (${before.map(({ file, bytes }) => `${file} ${kb(bytes)}`).join(', ')})`,
      );
      expect(before.filter(({ file }) => echarts.has(file.split(':')[1]!))).toEqual([]);
      expect(total).toBeLessThanOrEqual(FIRST_ROUTE_BUDGET_BYTES);
      const modules = before.map(({ file }) => {
        const [origin, name] = file.split(':') as [string, string];
        return { origin, modules: modulesOf(origin === 'shell' ? 'shell' : area.build, name) };
      });
      // Forms and dialogs load with the pages and dialogs that have them.
      expect(modules.flatMap((loaded) => loaded.modules).filter(isFormCode)).toEqual([]);
      // The federation runtime's core came once, in the shell's main.js.
      const withRuntimeCore = modules.filter((loaded) =>
        loaded.modules.some(isFederationRuntimeCore),
      );
      expect(withRuntimeCore.map(({ origin }) => origin)).toEqual(['shell']);
      // The page names the remotes and preloads the session and every script of the first screen
      // (the shell's start and layout, the area's entry, app and page): no /remotes.json, the session
      // asked for once, and the scripts the screen ran before its figures are main.js and exactly
      // those the page preloaded, none fetched one after another as the scripts ran; only the charts'
      // own chunk is asked for as the screen renders, beside the figures' call, and waited for by no
      // figure.
      expect(asked).not.toContain('/remotes.json');
      expect(asked.filter((pathname) => pathname === '/api/v1/auth/me')).toHaveLength(1);
      const preloaded = await preloadedScripts(cold);
      expect(
        preloaded.filter((url) => url.endsWith('/remoteEntry.js') && !url.startsWith(shellOrigin)),
      ).toHaveLength(1);
      const charts = chartFiles(area.build);
      const ran = before.map(({ url }) => url);
      expect(preloaded.filter((url) => !ran.includes(url))).toEqual([]);
      expect(
        ran.filter(
          (url) =>
            url !== `${shellOrigin}/main.js` &&
            !preloaded.includes(url) &&
            !charts.has(path.basename(url)),
        ),
      ).toEqual([]);
      await cold.context().close();
    },
  );
}

/** A build's dist/preload.json, as the shell's server reads it. */
function planOf(build: string): PreloadPlan {
  return readPlan(
    JSON.parse(readFileSync(path.join(repoRoot, build, 'dist', 'preload.json'), 'utf8')),
  );
}

/**
 * The JavaScript of the page at `pathname` before its first figure, file by file: the shell's
 * main.js and every script the shell's server preloads with that page (`preloadsOf`, the same
 * function), which the first-screen tests above check are exactly the scripts the screen runs.
 */
function firstRouteFiles(pathname: string): { build: string; file: string }[] {
  const area = remoteConfigs.find(
    (remote) => pathname === remote.basePath || pathname.startsWith(`${remote.basePath}/`),
  );
  const scripts = preloadsOf(
    area && { ...area, port: 0, url: `/${area.dir}` },
    area ? pathname.slice(area.basePath.length + 1) : '',
    planOf('shell'),
    area ? planOf(area.dir) : { groups: {} },
  );
  return ['/main.js', ...scripts].map((script) => {
    const [, first, second] = script.split('/') as [string, string, string | undefined];
    return second === undefined ? { build: 'shell', file: first } : { build: first, file: second };
  });
}

/**
 * Gzip -9 of the JavaScript before the first figure, per first route (docs/performance.md, "First
 * route budget"): 150 KB at /login, 200 KB on each signed-in first route, the plan detail included
 * (its forms, dialogs and gap panel load when one is first opened).
 */
const FIRST_ROUTE_GZIP_BUDGETS_KB: Record<string, number> = {
  '/login': 150,
  '/client/dashboard': 200,
  '/client/portfolio': 200,
  '/client/portfolio/gaps': 200,
  '/auditor/target-companies': 200,
  '/auditor/dashboard': 200,
  '/auditor/portfolio': 200,
  '/auditor/portfolio/gaps': 200,
  '/target-company/dashboard': 200,
  '/client/target-companies/c/auditors/a/audit/action-plans/plan': 200,
  '/auditor/target-companies/c/audits/audit/action-plans/plan': 200,
  '/target-company/auditors/a/audit/action-plans/plan': 200,
};

test(
  'each first route’s JavaScript before its figures is within its gzip budget',
  { tag: '@read-only' },
  () => {
    const measured = Object.keys(FIRST_ROUTE_GZIP_BUDGETS_KB).map((pathname) => {
      const files = firstRouteFiles(pathname);
      const bytes = files.reduce(
        (sum, { build, file }) => sum + gzippedSize(path.join(repoRoot, build, 'dist', file)),
        0,
      );
      return { pathname, bytes, files: files.length };
    });
    console.log(
      measured
        .map(({ pathname, bytes, files }) => `${pathname}: ${kb(bytes)} gzip in ${files} files`)
        .join('\n'),
    );
    expect(
      measured.filter(
        ({ pathname, bytes }) => bytes > FIRST_ROUTE_GZIP_BUDGETS_KB[pathname]! * 1024,
      ),
    ).toEqual([]);
  },
);

test(
  'the plan detail’s first route carries no form or dialog code: they load when one is opened',
  { tag: '@read-only' },
  () => {
    const planDetails = Object.keys(FIRST_ROUTE_GZIP_BUDGETS_KB).filter((pathname) =>
      pathname.endsWith('/action-plans/plan'),
    );
    expect(planDetails).toHaveLength(3);
    for (const pathname of planDetails) {
      const modules = firstRouteFiles(pathname).flatMap(({ build, file }) =>
        modulesOf(build, file),
      );
      expect({ pathname, forms: modules.filter(isFormCode) }).toEqual({ pathname, forms: [] });
    }
  },
);

test(
  'TanStack Query comes once to a signed-in page: the shell provides it, no remote preloads its own',
  { tag: '@read-only' },
  () => {
    const isQuery = (module: string) =>
      /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?@tanstack\//.test(module);
    for (const build of remotes) {
      const withQuery = new Set(
        report(build)
          .chunks.filter((chunk) => chunk.modules.some(isQuery))
          .flatMap((chunk) => chunk.files),
      );
      const preloaded = Object.values(planOf(build).groups).flat();
      expect(preloaded.filter((file) => withQuery.has(file))).toEqual([]);
    }
  },
);

test(
  'remote-client: the plan detail opened cold runs main.js and what its page preloaded, no second wave',
  { tag: '@read-only' },
  async ({ page, browser }) => {
    await enterArea(page, 'client');
    await page.goto('/client/target-companies');
    await openAcmeAuditPlans(page);
    await page
      .getByRole('link', { name: /^Open action plan / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/action-plans\/[^/?]+$/);
    const planUrl = page.url();
    const shellOrigin = new URL(planUrl).origin;
    const cold = await coldPageWithSessionOf(browser, page);
    const ran: string[] = [];
    cold.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script' || url.pathname.endsWith('.js')) {
        ran.push(`${url.origin}${url.pathname}`);
      }
    });
    await cold.goto(planUrl);
    await expect(cold.getByRole('link', { name: /^Open gap / }).first()).toBeVisible();
    const before = [...ran];
    const preloaded = await preloadedScripts(cold);
    const charts = chartFiles('remote-client');
    expect(
      before.filter(
        (url) =>
          url !== `${shellOrigin}/main.js` &&
          !preloaded.includes(url) &&
          !charts.has(path.basename(url)),
      ),
    ).toEqual([]);
    expect(preloaded.filter((url) => !before.includes(url))).toEqual([]);
    await cold.context().close();
  },
);
