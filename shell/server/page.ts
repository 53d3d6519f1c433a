// The shell's page, as its server sends it: the built index.html with the remotes' addresses written
// in (the shell reads them there instead of asking GET /remotes.json, one round trip less) and,
// under an area's path, that area's remoteEntry.js preloaded, so the browser fetches it beside the
// shell's own scripts instead of after them (docs/decisions.md "Round trips").
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

/** The area whose path `pathname` is under, if any. */
function areaOf(config: ShellConfig, pathname: string) {
  return config.remotes.find(
    (remote) => pathname === remote.basePath || pathname.startsWith(`${remote.basePath}/`),
  );
}

type Area = ShellConfig['remotes'][number];

/** The page of an area (or of no area): the remotes' addresses, and the area's entry preloaded. */
export function renderPage(html: string, config: ShellConfig, area: Area | undefined): string {
  const manifest = remotesManifest(config);
  const head = [
    `<script type="application/json" id="${REMOTES_ELEMENT_ID}">${scriptJson(manifest)}</script>`,
    // The session, asked for while the scripts load (the API client sends cookies: use-credentials).
    `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${API_BASE_PATH}/auth/me">`,
    ...(area
      ? [`<link rel="preload" as="script" href="${escapeAttribute(`${area.url}/remoteEntry.js`)}">`]
      : []),
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

/**
 * The pages of one build folder: made once per area (and once for the paths of no area) and made
 * again when index.html changes on disk.
 */
export function shellPages(distDir: string, config: ShellConfig) {
  const file = path.join(distDir, 'index.html');
  let cache: { modified: number; pages: Map<string, PageVariant> } | undefined;
  return {
    async page(pathname: string): Promise<PageVariant> {
      const modified = (await stat(file)).mtimeMs;
      if (!cache || cache.modified !== modified) cache = { modified, pages: new Map() };
      const area = areaOf(config, pathname);
      const key = area?.basePath ?? '';
      let page = cache.pages.get(key);
      if (!page) {
        page = compressed(renderPage(await readFile(file, 'utf8'), config, area));
        cache.pages.set(key, page);
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
