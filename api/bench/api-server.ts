// The real API for the benchmark, in its own process so its memory and CPU are its own. The parent
// asks it over IPC for signed access cookies and its RSS.
import { buildApp } from '../src/app';
import { encodeAccessToken } from '../src/auth/access-token';
import { startSession } from '../src/auth/refresh-tokens';
import { ACCESS_COOKIE } from '../src/auth/session-cookies';
import { loadApiConfig } from '../src/config';

export type ServerQuestion = { type: 'cookie'; userId: string } | { type: 'rss' };
export type ServerRequest = ServerQuestion & { id: number };
export type ServerMessage =
  { type: 'listening'; url: string } | { type: 'answer'; id: number; value: string | number };

async function main() {
  const config = loadApiConfig({
    ...process.env,
    SESSION_SECRET: 'session-secret-for-the-api-benchmark',
    IDENTITY_CLIENT_SECRET: 'identity-client-secret-for-the-benchmark',
    IDENTITY_API_KEY: 'identity-api-key-for-the-api-benchmark',
    SEED_DEMO: '0',
    // The routes are measured, not the job queue: its daily scan of the 200,000 gaps would run
    // beside them.
    JOB_QUEUE: '0',
  });
  const app = await buildApp({ config });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const send = (message: ServerMessage) => process.send?.(message);
  process.on('message', async (request: ServerRequest) => {
    if (request.type === 'cookie') {
      const exp = Math.floor(Date.now() / 1000) + 3600;
      const { sessionId } = await startSession(app.db, request.userId, 3600);
      const value = app.signCookie(encodeAccessToken({ uid: request.userId, sid: sessionId, exp }));
      send({ type: 'answer', id: request.id, value: `${ACCESS_COOKIE}=${value}` });
    } else {
      send({ type: 'answer', id: request.id, value: process.memoryUsage().rss });
    }
  });
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
  send({ type: 'listening', url: address });
}

void main();
