// `npm run bench:web`: how fast each area's first route shows its figures on a slow link. Starts the
// stack from the existing builds (as the browser tests do, on ports 19xxx), signs in through the
// identity provider's pages, then loads each route in throttled Chromium, cold (empty cache) and warm
// (a second tab of the same browser), beside a reference: the same page with every script of its
// real load preloaded at once (reference-server.ts). Prints a table and writes JSON. Not a test.
import { chromium, type Browser, type BrowserContext, type Cookie } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import playwrightConfig from '../playwright.config';
import { signIn, type AreaButton } from '../support/session';
import { startReferenceServer } from './reference-server';

const repoRoot = path.resolve(__dirname, '../..');
const RUNS = Number(process.env.BENCH_RUNS || 3);
const OUTPUT = path.resolve(
  process.env.BENCH_OUTPUT || path.join(repoRoot, 'e2e', 'bench-results', 'web-bench.json'),
);
/** The stack's ports are base+0 to base+100; the first base whose ports are all free is used. */
const PORT_BASES = process.env.BENCH_PORT_BASE
  ? [Number(process.env.BENCH_PORT_BASE)]
  : [19000, 19200, 19400, 19600, 19800];
/** A busy machine loads a throttled page slowly; a load that takes longer than this is broken. */
const LOAD_TIMEOUT_MS = Number(process.env.BENCH_LOAD_TIMEOUT_MS || 300_000);

/** Chrome DevTools' "Slow 4G" link: 150 ms round trip, 1.6 Mbps down, 750 kbps up; CPU 4x slower. */
const LINK = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;
const AIMS = {
  cold: { ratio: 1.1, roundTrips: 5 },
  warm: { ratio: 1.5, roundTrips: 3 },
};

/** What shows once a route's figures are on screen: elements matching `selector` whose text matches `text`. */
interface Figures {
  selector: string;
  text: string;
}
interface Area {
  route: string;
  path: string;
  signIn?: { button: AreaButton; email: string };
  figures: Figures;
  cookies: Cookie[];
}

/** A headline figure card showing its number. */
const card = (label: string) => ({
  selector: `[role="group"][aria-label="${label}"] .vui-stat-card__value`,
  text: '\\d',
});
const AREAS: Area[] = [
  {
    route: 'client dashboard (cards)',
    path: '/client/dashboard',
    signIn: { button: 'Login As Client', email: 'client.owner@verity.test' },
    figures: card('Total Audits'),
    cookies: [],
  },
  {
    route: 'auditor companies (cards)',
    path: '/auditor/target-companies',
    signIn: { button: 'Login As Auditor', email: 'auditor.owner@verity.test' },
    figures: { selector: 'article h2', text: '\\S' },
    cookies: [],
  },
  {
    route: 'auditor dashboard (cards)',
    path: '/auditor/dashboard',
    signIn: { button: 'Login As Auditor', email: 'auditor.owner@verity.test' },
    figures: card('Total Target Companies'),
    cookies: [],
  },
  {
    route: 'target-company dashboard (cards)',
    path: '/target-company/dashboard',
    signIn: { button: 'Login As Target Company', email: 'company.owner@verity.test' },
    figures: card('Total Audits'),
    cookies: [],
  },
  {
    route: '/login (buttons)',
    path: '/login',
    figures: { selector: 'button', text: '^Login As Client$' },
    cookies: [],
  },
];

type Cache = 'cold' | 'warm';
interface Load {
  fcp: number;
  lcp: number;
  figures: number;
  /** The longest chain of requests each sent after the previous one had finished, up to the figures. */
  roundTrips: number;
  chain: string[];
  /** Requests that went to the network before the figures, and the JavaScript bytes they brought. */
  requests: number;
  scriptBytes: number;
  /** Every script URL asked for before the figures, cached or not, in order. */
  scripts: string[];
  /** Scripts downloaded twice (a preload the page did not use would show here). */
  fetchedTwice: string[];
}
type Loads = Record<Cache, Load[]>;

interface BenchWindow extends Window {
  __figuresAt?: number;
}

/**
 * Runs in the page before its own scripts: notes the first frame that shows the figures, checked
 * once a frame before it is painted. A string, because tsx rewrites a function's source with helpers
 * the page does not have.
 */
const watchFigures = ({ selector, text }: Figures) => `
  const pattern = new RegExp(${JSON.stringify(text)});
  requestAnimationFrame(function check() {
    const shown = Array.from(document.querySelectorAll(${JSON.stringify(selector)})).some(
      (element) => pattern.test(element.textContent || ''),
    );
    if (shown) window.__figuresAt = performance.now();
    else requestAnimationFrame(check);
  });`;

interface Request {
  url: string;
  type?: string;
  start: number;
  end?: number;
  cached: boolean;
  bytes: number;
}

const shortUrl = (url: string) => {
  const { port, pathname } = new URL(url);
  return `${port}${pathname}`;
};

function longestChain(requests: Request[]) {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth = new Map<Request, number>();
  const previous = new Map<Request, Request | undefined>();
  for (const request of sorted) {
    let before: Request | undefined;
    for (const other of sorted) {
      if (other.end! <= request.start && (!before || depth.get(other)! > depth.get(before)!))
        before = other;
    }
    depth.set(request, before ? depth.get(before)! + 1 : 1);
    previous.set(request, before);
  }
  let last = sorted.reduce<Request | undefined>(
    (best, request) => (!best || depth.get(request)! > depth.get(best)! ? request : best),
    undefined,
  );
  const chain: string[] = [];
  for (; last; last = previous.get(last)) chain.unshift(shortUrl(last.url));
  return chain;
}

/** One load of `url` in a new tab of `context`, on the throttled link. */
async function measure(context: BrowserContext, url: string): Promise<Load> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const requests = new Map<string, Request>();
  cdp.on('Network.requestWillBeSent', (event) => {
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type,
      start: event.timestamp,
      cached: false,
      bytes: 0,
    });
  });
  const markCached = (requestId: string) => {
    const request = requests.get(requestId);
    if (request) request.cached = true;
  };
  cdp.on('Network.requestServedFromCache', (event) => markCached(event.requestId));
  cdp.on('Network.responseReceived', (event) => {
    const { fromDiskCache, fromPrefetchCache, fromServiceWorker } = event.response;
    if (fromDiskCache || fromPrefetchCache || fromServiceWorker) markCached(event.requestId);
  });
  const finish = (requestId: string, timestamp: number, bytes = 0) => {
    const request = requests.get(requestId);
    if (request) Object.assign(request, { end: timestamp, bytes });
  };
  cdp.on('Network.loadingFinished', (event) =>
    finish(event.requestId, event.timestamp, event.encodedDataLength),
  );
  cdp.on('Network.loadingFailed', (event) => finish(event.requestId, event.timestamp));
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

  const expected = new URL(url).pathname;
  await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
  await page
    .waitForFunction(
      (route) => (window as BenchWindow).__figuresAt !== undefined || location.pathname !== route,
      expected,
      { polling: 250, timeout: LOAD_TIMEOUT_MS },
    )
    .catch(async (error: Error) => {
      const text = await page.evaluate(() => document.body.innerText.slice(0, 300));
      throw new Error(`${error.message}\n${url} shows: ${text}`);
    });
  // LCP may still move once the figures are there (charts, late text): read it once all is loaded.
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
  const paint = await page.evaluate(
    () =>
      new Promise<{ fcp: number; lcp: number; figures?: number; path: string }>((resolve) => {
        let lcp = NaN;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => {
          const [fcp] = performance.getEntriesByName('first-contentful-paint');
          resolve({
            fcp: fcp?.startTime ?? NaN,
            lcp,
            figures: (window as BenchWindow).__figuresAt,
            path: location.pathname,
          });
        }, 100);
      }),
  );
  await page.close();
  if (paint.figures === undefined)
    throw new Error(`${url} ended at ${paint.path} without its figures: signed out?`);

  // CDP times are seconds on a monotonic clock; the page's are ms from the navigation's start.
  const all = [...requests.values()].filter((request) => request.url.startsWith('http'));
  const navigation = all.find((request) => request.type === 'Document' && request.url === url);
  const at = (time: number) => (time - navigation!.start) * 1000;
  const beforeFigures = all.filter((request) => at(request.start) <= paint.figures!);
  const finished = beforeFigures.filter(
    (request) => !request.cached && request.end !== undefined && at(request.end) <= paint.figures!,
  );
  const scripts = beforeFigures.filter((request) => request.type === 'Script');
  const downloads = all.filter((request) => request.type === 'Script' && !request.cached);
  const chain = longestChain(finished);
  return {
    fcp: paint.fcp,
    lcp: paint.lcp,
    figures: paint.figures,
    roundTrips: chain.length,
    chain,
    requests: finished.length,
    scriptBytes: finished
      .filter((request) => request.type === 'Script')
      .reduce((sum, request) => sum + request.bytes, 0),
    scripts: [...new Set(scripts.map((request) => request.url))],
    fetchedTwice: [
      ...new Set(
        downloads
          .map((request) => request.url)
          .filter((url, index, urls) => urls.indexOf(url) !== index),
      ),
    ],
  };
}

/** A cold load in a fresh browser profile with the area's session, then a warm one in a second tab. */
async function coldThenWarm(browser: Browser, area: Area, url: string, into: Loads) {
  const context = await browser.newContext();
  await context.addCookies(area.cookies);
  await context.addInitScript({ content: watchFigures(area.figures) });
  into.cold.push(await measure(context, url));
  into.warm.push(await measure(context, url));
  // A session refreshed during the loads goes on with its new cookies.
  area.cookies = await context.cookies();
  await context.close();
  return into.cold.at(-1)!;
}

/** The files of the builds that hold ECharts: the reference leaves them lazy, as the app does. */
function echartsFiles() {
  const files = new Set<string>();
  for (const build of ['remote-client', 'remote-auditor', 'remote-target-company']) {
    const report = JSON.parse(
      readFileSync(path.join(repoRoot, build, 'dist', 'chunk-report.json'), 'utf8'),
    ) as { chunks: { modules: string[]; files: string[] }[] };
    for (const chunk of report.chunks)
      if (chunk.modules.some((module) => /node_modules\/.*(echarts|zrender)\//.test(module)))
        chunk.files.forEach((file) => files.add(file));
  }
  return files;
}

function isFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

const stackPorts = (base: number) => ({
  API_PORT: base,
  MAIL_CATCHER_PORT: base + 25,
  MAIL_CATCHER_SMTP_PORT: base + 26,
  SHELL_PORT: base + 80,
  REMOTE_CLIENT_PORT: base + 81,
  REMOTE_AUDITOR_PORT: base + 82,
  REMOTE_TARGET_COMPANY_PORT: base + 83,
  REFERENCE_PORT: base + 90,
  IDENTITY_PORT: base + 100,
});

async function freePorts() {
  for (const base of PORT_BASES) {
    const ports = stackPorts(base);
    const free = await Promise.all(Object.values(ports).map(isFree));
    if (free.every(Boolean)) return ports;
  }
  throw new Error(`Ports in use at bases ${PORT_BASES.join(', ')}: set BENCH_PORT_BASE.`);
}

interface StackModule {
  startStack(options: {
    env: NodeJS.ProcessEnv;
    quiet?: boolean;
    readyTimeoutMs?: number;
  }): Promise<{ stop(): Promise<void> }>;
}

async function startStack(ports: ReturnType<typeof stackPorts>) {
  const { REFERENCE_PORT: _reference, ...serverPorts } = ports;
  const dataDir = path.join(os.tmpdir(), `verity-bench-web-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  const stackUrl = pathToFileURL(path.join(repoRoot, 'tooling', 'scripts', 'stack.mjs')).href;
  const { startStack: start } = (await import(stackUrl)) as StackModule;
  const stack = await start({
    env: {
      ...process.env,
      ...Object.fromEntries(
        Object.entries(serverPorts).map(([name, port]) => [name, String(port)]),
      ),
      DATA_DIR: dataDir,
    },
    quiet: true,
    readyTimeoutMs: 180_000,
  });
  return {
    shellUrl: `http://localhost:${ports.SHELL_PORT}`,
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number) =>
  Number.isNaN(value) ? 'n/a' : Math.round(value).toLocaleString('en');
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');

type Summary = Record<'fcp' | 'lcp' | 'figures' | 'roundTrips', number>;
const summarise = (loads: Load[]): Summary => ({
  fcp: median(loads.map((load) => load.fcp)),
  lcp: median(loads.map((load) => load.lcp)),
  figures: median(loads.map((load) => load.figures)),
  roundTrips: median(loads.map((load) => load.roundTrips)),
});

function table(
  results: { area: Area; real: Record<Cache, Summary>; reference: Record<Cache, Summary> }[],
) {
  const beside = (real: number, reference: number) =>
    `${ms(real)} / ${ms(reference)} (${(real / reference).toFixed(2)}x)`;
  const lines = [
    '| Route | Cache | FCP ms (app / reference) | LCP ms | Time to figures ms | Figures aim | Round trips before figures (app / reference) | Round-trip aim |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const { area, real, reference } of results) {
    for (const cache of ['cold', 'warm'] as const) {
      const [app, ref, aim] = [real[cache], reference[cache], AIMS[cache]];
      const ratio = app.figures / ref.figures;
      lines.push(
        `| ${area.route} | ${cache} | ${beside(app.fcp, ref.fcp)} | ${beside(app.lcp, ref.lcp)} | ${beside(app.figures, ref.figures)} | ≤ ${aim.ratio}x: ${ratio <= aim.ratio ? 'met' : 'not met'} | ${app.roundTrips} / ${ref.roundTrips} | ≤ ${aim.roundTrips}: ${app.roundTrips <= aim.roundTrips ? 'met' : 'not met'} |`,
      );
    }
  }
  return lines.join('\n');
}

async function main() {
  for (const build of ['shell', 'remote-client', 'remote-auditor', 'remote-target-company'])
    if (!existsSync(path.join(repoRoot, build, 'dist', 'index.html')))
      throw new Error(`No build of ${build}: run pnpm -r --workspace-concurrency=1 build first.`);
  const loadAtStart = loadAverage();
  console.log(
    `Load average (1 / 5 / 15 min) at the start: ${loadAtStart} on ${os.cpus().length} cores`,
  );
  console.log('Starting the stack...');
  const ports = await freePorts();
  const stack = await startStack(ports);
  const reference = await startReferenceServer(stack.shellUrl, ports.REFERENCE_PORT);
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions);
  const echarts = echartsFiles();
  const loads = AREAS.map(() => ({
    real: { cold: [], warm: [] } as Loads,
    reference: { cold: [], warm: [] } as Loads,
  }));
  try {
    for (const area of AREAS.filter((each) => each.signIn)) {
      const context = await browser.newContext({ baseURL: stack.shellUrl });
      const page = await context.newPage();
      await signIn(page, area.signIn!.button, area.signIn!.email);
      // Signed in once the area's landing route shows (for the auditor, its companies).
      const areaPrefix = area.path.split('/').slice(0, 2).join('/') + '/';
      await page.waitForURL((url) => url.pathname.startsWith(areaPrefix), {
        timeout: LOAD_TIMEOUT_MS,
      });
      area.cookies = await context.cookies();
      await context.close();
    }
    for (let run = 1; run <= RUNS; run++) {
      for (const [index, area] of AREAS.entries()) {
        const real = await coldThenWarm(
          browser,
          area,
          stack.shellUrl + area.path,
          loads[index]!.real,
        );
        // The shell's own files by path, so that the reference page asks its own origin for them.
        if (!reference.preloads.has(area.path))
          reference.preloads.set(
            area.path,
            real.scripts
              .filter((url) => !echarts.has(path.basename(new URL(url).pathname)))
              .map((url) =>
                url.startsWith(stack.shellUrl) ? url.slice(stack.shellUrl.length) : url,
              ),
          );
        await coldThenWarm(browser, area, reference.url + area.path, loads[index]!.reference);
        console.log(
          `run ${run}/${RUNS} ${area.route}: figures at ${ms(real.figures)} ms cold (load ${loadAverage()})`,
        );
      }
    }
  } finally {
    await browser.close();
    await reference.stop();
    await stack.stop();
  }

  const results = AREAS.map((area, index) => ({
    area,
    real: { cold: summarise(loads[index]!.real.cold), warm: summarise(loads[index]!.real.warm) },
    reference: {
      cold: summarise(loads[index]!.reference.cold),
      warm: summarise(loads[index]!.reference.warm),
    },
  }));
  const loadAtEnd = loadAverage();
  console.log(
    `\nTime to figures on a throttled link: ${LINK.latency} ms round trip, 1.6 Mbps down, 750 kbps up, CPU ${CPU_SLOWDOWN}x slower; median of ${RUNS} runs.`,
  );
  console.log(
    `Load average (1 / 5 / 15 min): ${loadAtStart} at the start, ${loadAtEnd} at the end, ${os.cpus().length} cores. The times move with the load: compare the ratios.\n`,
  );
  console.log(table(results));
  console.log('\nThe chains of round trips before the figures, first run (port and path):');
  for (const [index, area] of AREAS.entries())
    for (const [kind, cache] of [
      ['real', 'cold'],
      ['real', 'warm'],
      ['reference', 'cold'],
    ] as const)
      console.log(
        `- ${area.route}, ${kind === 'real' ? 'app' : 'reference'} ${cache}: ${loads[index]![kind][cache][0]!.chain.join(' > ')}`,
      );
  const twice = loads.flatMap(({ reference: { cold, warm } }) =>
    [...cold, ...warm].flatMap((load) => load.fetchedTwice),
  );
  if (twice.length > 0)
    console.log(`\nThe reference downloaded these twice: ${[...new Set(twice)].join(', ')}`);

  mkdirSync(path.dirname(OUTPUT), { recursive: true });
  writeFileSync(
    OUTPUT,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: {
          cores: os.cpus().length,
          loadAverageAtStart: loadAtStart,
          loadAverageAtEnd: loadAtEnd,
        },
        conditions: { ...LINK, cpuSlowdown: CPU_SLOWDOWN, runs: RUNS },
        aims: AIMS,
        routes: results.map(({ area, real, reference: ref }, index) => ({
          route: area.route,
          path: area.path,
          median: { app: real, reference: ref },
          preloaded: reference.preloads.get(area.path),
          loads: loads[index],
        })),
      },
      null,
      2,
    ),
  );
  console.log(`\nEvery load, with its request chain: ${OUTPUT}`);
}

main().catch((error) => {
  console.error(`bench:web failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
