// The shell's page, as its server sends it: the built index.html with the remotes' addresses written
// in (the shell reads them there instead of asking GET /remotes.json, one round trip less) and the
// scripts its first screen will ask for preloaded, so the browser fetches them beside the shell's
// own instead of one after another as each runs
// (docs/decisions/0056-round-trips-the-remotes-written-in-the-page.md and
// docs/decisions/0057-round-trips-the-first-screen-preloaded.md): the shell's start, and under an
// area's path the signed-in layout, that area's remoteEntry.js, its app and the chunks of the page
// its path opens, from the remote's own preload.json.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { API_BASE_PATH } from '@verity/shared-api/src/server';
import { remotesManifest, type loadConfig } from '../../tooling/config/index.cjs';
import { REMOTES_ELEMENT_ID } from '../src/remotes/remotes-config';

type ShellConfig = ReturnType<typeof loadConfig>;

/** The encodings a page is kept in, the browser's preference deciding between them. */
const PAGE_ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];

/** One page, as sent: plain, and compressed for the browsers that accept it. */
export interface PageVariant {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** JSON inside a script element: `<` escaped so no text can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The area whose path `pathname` is under, if any, and the path within it. */
function areaOf(config: ShellConfig, pathname: string) {
  const area = config.remotes.find(
    (remote) => pathname === remote.basePath || pathname.startsWith(`${remote.basePath}/`),
  );
  const route = area ? pathname.slice(area.basePath.length + 1) : '';
  return { area, route };
}

type Area = ShellConfig['remotes'][number];

/**
 * The JavaScript files of the named chunk groups of one build: its dist/preload.json, written by
 * tooling/webpack/preload-plan-plugin.cjs. The groups a page preloads are named by convention:
 * the shell's `bootstrap` (every page), `login` (the pages outside the areas) and `signed-in-area` (an
 * area's pages), each with the shared
 * modules it consumes (react, the router...); a remote's Module
 * Federation expose (`__federation_expose_…`) and the chunks of the page the path within the area
 * opens (webpackChunkName in its routes): `route-<segment>` for every path whose first segment that
 * is, unless a group is named for the whole path, its segments joined by `~` with `_` for any one
 * (`route-target-companies~_~audits`).
 */
export interface PreloadPlan {
  groups: Record<string, string[]>;
}

const NO_PLAN: PreloadPlan = { groups: {} };

/** A plan as read from a file or a remote: only file names of the build itself are kept. */
export function readPlan(value: unknown): PreloadPlan {
  const groups = (value as { groups?: unknown } | null)?.groups;
  if (typeof groups !== 'object' || groups === null) return NO_PLAN;
  // Own properties only, whatever the names (`__proto__` included): no name reaches a prototype.
  return {
    groups: Object.fromEntries(
      Object.entries(groups)
        .filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]))
        .map(([name, files]) => [
          name,
          files.filter(
            (file): file is string => typeof file === 'string' && /^[\w.~-]+\.js$/.test(file),
          ),
        ]),
    ),
  };
}

/** The group of a remote's plan named for the whole of `segments` (see PreloadPlan), if any. */
function wholePathGroup(plan: PreloadPlan, segments: string[]): string | undefined {
  return Object.keys(plan.groups).find((group) => {
    if (!group.startsWith('route-') || !group.includes('~')) return false;
    const pattern = group.slice('route-'.length).split('~');
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) => part === '_' || part === segments[index])
    );
  });
}

/** The scripts the page of `route` (the path within `area`, or of no area) preloads, in the order they run. */
export function preloadsOf(
  area: Area | undefined,
  route: string,
  shellPlan: PreloadPlan,
  remotePlan: PreloadPlan,
): string[] {
  const shellFiles = (group: string) => (shellPlan.groups[group] ?? []).map((file) => `/${file}`);
  if (!area) return [...new Set([...shellFiles('bootstrap'), ...shellFiles('login')])];
  const remoteFiles = (group: string) =>
    (remotePlan.groups[group] ?? []).map((file) => `${area.url}/${file}`);
  const segments = route.split('/').filter(Boolean);
  const exposes = Object.keys(remotePlan.groups).filter((group) =>
    group.startsWith('__federation_expose_'),
  );
  return [
    ...new Set([
      ...shellFiles('bootstrap'),
      ...shellFiles('signed-in-area'),
      `${area.url}/remoteEntry.js`,
      ...exposes.flatMap(remoteFiles),
      ...(segments.length > 0
        ? remoteFiles(wholePathGroup(remotePlan, segments) ?? `route-${segments[0]}`)
        : []),
    ]),
  ];
}

/** The page of an area (or of no area): the remotes' addresses, the session and `scripts` preloaded. */
export function renderPage(html: string, config: ShellConfig, scripts: readonly string[]): string {
  const manifest = remotesManifest(config);
  const head = [
    `<script type="application/json" id="${REMOTES_ELEMENT_ID}">${scriptJson(manifest)}</script>`,
    // The session, asked for while the scripts load (the API client sends cookies: use-credentials).
    `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${API_BASE_PATH}/auth/me">`,
    ...scripts.map((src) => `<link rel="preload" as="script" href="${escapeAttribute(src)}">`),
  ].join('');
  // At the end of the head; a page without one (a test's) gets them at its end.
  const at = html.includes('</head>') ? html.indexOf('</head>') : html.length;
  return `${html.slice(0, at)}${head}${html.slice(at)}`;
}

function compressed(text: string): PageVariant {
  const identity = Buffer.from(text);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** How long a remote's plan is used before it is asked for again: a redeployed area's files show within it. */
export const REMOTE_PLAN_MAX_AGE_MS = 5_000;
/** A remote that does not answer its plan in this time gets a page without its chunks preloaded. */
const REMOTE_PLAN_TIMEOUT_MS = 1_000;

/** Each remote's preload.json, asked for from where the browser loads the remote, kept a little while. */
function remotePlans() {
  const kept = new Map<string, { plan: PreloadPlan; at: number }>();
  const pending = new Map<string, Promise<PreloadPlan>>();
  return async (area: Area): Promise<PreloadPlan> => {
    const known = kept.get(area.name);
    if (known && Date.now() - known.at < REMOTE_PLAN_MAX_AGE_MS) return known.plan;
    let asking = pending.get(area.name);
    if (!asking) {
      asking = fetch(`${area.url}/preload.json`, {
        signal: AbortSignal.timeout(REMOTE_PLAN_TIMEOUT_MS),
      })
        .then(async (response) => (response.ok ? readPlan(await response.json()) : NO_PLAN))
        // Down, slow or not built with a plan: the page goes without; the area still loads.
        .catch(() => NO_PLAN)
        .then((plan) => {
          kept.set(area.name, { plan, at: Date.now() });
          pending.delete(area.name);
          return plan;
        });
      pending.set(area.name, asking);
    }
    return asking;
  };
}

/** Pages kept compressed, at most (each differs only in what it preloads). */
const MAX_PAGES = 200;

/**
 * The pages of one build folder: made once per area and first segment of its path (and once for
 * the paths of no area) with what they preload, and made again when index.html changes on disk or
 * a remote's plan does.
 */
export function shellPages(distDir: string, config: ShellConfig) {
  const file = path.join(distDir, 'index.html');
  const planOfRemote = remotePlans();
  let cache:
    | { modified: number; html: string; shellPlan: PreloadPlan; pages: Map<string, PageVariant> }
    | undefined;
  return {
    async page(pathname: string): Promise<PageVariant> {
      const modified = (await stat(file)).mtimeMs;
      if (!cache || cache.modified !== modified) {
        const shellPlan = await readFile(path.join(distDir, 'preload.json'), 'utf8')
          .then((text) => readPlan(JSON.parse(text)))
          .catch(() => NO_PLAN);
        cache = { modified, html: await readFile(file, 'utf8'), shellPlan, pages: new Map() };
      }
      const { html, shellPlan, pages } = cache;
      const { area, route } = areaOf(config, pathname);
      const scripts = preloadsOf(area, route, shellPlan, area ? await planOfRemote(area) : NO_PLAN);
      const key = `${area?.basePath ?? ''}\n${scripts.join('\n')}`;
      let page = pages.get(key);
      if (!page) {
        if (pages.size >= MAX_PAGES) pages.clear();
        page = compressed(renderPage(html, config, scripts));
        pages.set(key, page);
      }
      return page;
    },
  };
}

/**
 * The encoding to send a page in, from the request's Accept-Encoding: the negotiator @fastify/static
 * uses for the build's compressed files, so the page and the files choose alike.
 */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  return negotiate(acceptEncoding ?? '', PAGE_ENCODINGS) ?? undefined;
}
