// The shell's server: serves the built shell, tells it where the remotes are, and proxies /api/v1
// to the API so the browser only ever talks to one origin (first-party cookies). Started alone by
// index.ts, or with the remotes by tooling/servers/static-server.ts.
import path from 'node:path';
import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import httpProxy from '@fastify/http-proxy';
import { API_BASE_PATH, SERVICE_UNAVAILABLE } from '@verity/shared-api/src/server';
import { isLoopbackUrl } from '../../tooling/config/deployment.cjs';
import { loadConfig, remotesManifest } from '../../tooling/config/index.cjs';
import { pageEncoding, shellPages } from './page';

type ShellConfig = ReturnType<typeof loadConfig>;

/**
 * Any port of this machine: where a developer serves the one area they work on (remote overrides).
 * Not `http://[::1]:*`: CSP's host grammar has no IPv6 literals, and Chromium reports the source as
 * invalid on every page; `localhost` covers a server listening on ::1.
 */
const LOCAL_DEVELOPMENT_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'];

/**
 * The page's Content-Security-Policy: scripts from the shell and the three remotes (Module
 * Federation), styles inline as well (style-loader injects style tags), API calls to the shell's own
 * origin (the proxy), never framed, no plugins, no foreign base URL or form target. A shell run on
 * this machine (loopback PUBLIC_URL) also admits local origins, for a developer's remote override.
 */
export function shellContentSecurityPolicy(config: ShellConfig) {
  const configured = config.remotes.map((remote) => new URL(remote.url).origin);
  const local = isLoopbackUrl(config.publicUrl) ? LOCAL_DEVELOPMENT_ORIGINS : [];
  const remoteOrigins = [...new Set([...configured, ...local])];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...remoteOrigins],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...remoteOrigins],
    fontSrc: ["'self'", ...remoteOrigins],
    connectSrc: ["'self'", ...remoteOrigins],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
  };
}

/** A path that starts with a slash and then another slash or a backslash. */
const SLASHES_AT_START = /^\/[/\\][/\\]*/;

export function buildShellServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const distDir = path.resolve(env.SHELL_DIST_DIR || path.join(config.repoRoot, 'shell', 'dist'));
  const app = Fastify({ logger: false });

  app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: shellContentSecurityPolicy(config) },
    strictTransportSecurity: config.publicUrl.startsWith('https:')
      ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });

  app.get('/remotes.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return remotesManifest(config);
  });

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.register(httpProxy, {
    upstream: config.apiUrl,
    prefix: API_BASE_PATH,
    rewritePrefix: API_BASE_PATH,
    http: { requestOptions: { timeout: 120_000 } },
    replyOptions: {
      // The API cannot be reached (stopped, restarting): an answer the screens can show, never its internals.
      onError: (reply) => {
        void reply.code(503).header('retry-after', '5').send({
          success: false,
          message: SERVICE_UNAVAILABLE,
          code: 'SERVICE_UNAVAILABLE',
        });
      },
    },
  });

  app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: false,
    // The build's .br and .gz beside each text file, chosen by the browser's Accept-Encoding.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = /\.[0-9a-f]{8,}\./.test(path.basename(filePath));
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  // What a phone or tablet needs to add Verity to its home screen: the web app manifest and its
  // icons, from shell/public/installable (docs/decisions/0100-installable.md).
  app.register(fastifyStatic, {
    root: path.join(config.repoRoot, 'shell', 'public', 'installable'),
    index: false,
    wildcard: false,
    decorateReply: false,
    setHeaders(reply) {
      reply.header('cache-control', 'no-cache');
    },
  });

  // Every other GET is a route of the single-page app: its page, with the remotes written in.
  const pages = shellPages(distDir, config);
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/')) {
      return reply.code(404).send({ success: false, message: 'Not found', code: 'NOT_FOUND' });
    }
    // '//host/...' (or '/\host', which URLs read the same) names another host as a link or a
    // Location: the same path with one slash, on this origin, instead of a page or a 500.
    if (SLASHES_AT_START.test(request.url)) {
      return reply.redirect(request.url.replace(SLASHES_AT_START, '/'), 301);
    }
    const page = await pages.page(new URL(request.url, 'http://shell').pathname);
    const encoding = pageEncoding(request.headers['accept-encoding']);
    reply
      .header('cache-control', 'no-cache')
      .header('content-type', 'text/html; charset=utf-8')
      .header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(page[encoding ?? 'identity']);
  });

  return { app, config };
}
