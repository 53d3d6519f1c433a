// Serves one remote's built files on its own origin, as a CDN would: CORS for the shell,
// remoteEntry.js never cached, content-hashed chunks cached for good, compressed copies made at build.
// Started alone by remote-server.ts, or with the shell and the other remotes by static-server.ts.
import path from 'node:path';
import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import cors from '@fastify/cors';
import { loadConfig } from '../config/index.cjs';

export function buildRemoteServer(key: string, env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const remote = config.remotes.find((candidate) => candidate.key === key || candidate.dir === key);
  if (!remote) throw new Error(`Unknown remote "${key}"`);
  const app = Fastify({ logger: false });
  app.register(cors, { origin: true, methods: ['GET', 'HEAD'] });
  // Scripts and styles run in the shell's page under its policy; opened on their own they may do
  // nothing. Other origins (the shell) must be able to load them.
  app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    strictTransportSecurity: remote.url.startsWith('https:')
      ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.register(fastifyStatic, {
    // REMOTE_DIST_DIR serves another build of this remote (a release kept aside, a test's rebuild).
    root: path.resolve(env.REMOTE_DIST_DIR || path.join(config.repoRoot, remote.dir, 'dist')),
    // The build's .br and .gz beside each text file, chosen by the browser's Accept-Encoding.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = /\.[0-9a-f]{8,}\./.test(path.basename(filePath));
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return { app, remote };
}
