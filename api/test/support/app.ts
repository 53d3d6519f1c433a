import { Writable } from 'node:stream';
import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { loadApiConfig, type ApiConfig } from '../../src/config';
import { READ_LIMITS } from '../../src/esap-import/read-spreadsheet';
import type { TestDatabase } from './databases';

// An ESAP workbook has taken longer than the reader's 20 s on a two-core machine at a load of 30:
// the apps of the tests give it ten minutes, so only what a test is about refuses an import (the
// budget itself is tested with budgets of its own in esap-import/parsing.test.ts).
READ_LIMITS.seconds = 600;

export const TEST_PUBLIC_URL = 'http://localhost:8080';
export const TEST_REDIRECT_URI = `${TEST_PUBLIC_URL}/api/v1/auth/callback`;
export const TEST_SESSION_SECRET = 'session-secret-for-the-api-tests';
// Every secret is at least 32 characters, as the servers require.
export const TEST_IDENTITY_CLIENT_SECRET = 'identity-client-secret-for-tests';
export const TEST_IDENTITY_API_KEY = 'identity-api-key-for-the-api-tests';
export const TEST_IDENTITY_COOKIE_KEYS =
  'identity-cookie-key-one-for-the-api-tests,identity-cookie-key-two-for-the-api-tests';

/** The API's configuration for a test: demo data on, identity and mail unreachable unless the caller names them. */
export function testConfig(database: TestDatabase, env: NodeJS.ProcessEnv = {}): ApiConfig {
  return loadApiConfig({
    PUBLIC_URL: TEST_PUBLIC_URL,
    SESSION_SECRET: TEST_SESSION_SECRET,
    IDENTITY_ISSUER: 'http://127.0.0.1:9',
    IDENTITY_CLIENT_SECRET: TEST_IDENTITY_CLIENT_SECRET,
    IDENTITY_API_KEY: TEST_IDENTITY_API_KEY,
    SEED_DEMO: '1',
    // Nothing listens there: a test that reads e-mail starts a mail catcher and names it.
    SMTP_URL: 'smtp://127.0.0.1:9',
    // Tests that need the job queue's workers (the daily scan, e-mails) turn it on.
    JOB_QUEUE: '0',
    ...database.env,
    ...env,
  });
}

export function buildTestApp(
  database: TestDatabase,
  env: NodeJS.ProcessEnv = {},
  { logger }: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<FastifyInstance> {
  return buildApp({ config: testConfig(database, env), ...(logger ? { logger } : {}) });
}

/** One line of the API's log, as pino writes it. */
export interface LogEntry {
  level: number;
  msg?: string;
  err?: { code?: string; statusCode?: number; message?: string };
  [field: string]: unknown;
}

/**
 * A logger for `buildTestApp` that keeps every line (level `info` and up, as LOG_LEVEL=info), and
 * takes the lines written since the last take: for tests of what the API logs during a flow that
 * answers well.
 */
export function capturedLogs(): {
  logger: FastifyServerOptions['logger'];
  take: () => LogEntry[];
} {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return {
    logger: { level: 'info', stream },
    take: () => lines.splice(0).map((line) => JSON.parse(line) as LogEntry),
  };
}

/** The cookies a browser would hold for the API, fed from each answer's Set-Cookie. */
export class ApiCookies {
  private readonly values = new Map<string, string>();

  take(response: LightMyRequestResponse): this {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const cleared =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (cleared) this.values.delete(cookie.name);
      else this.values.set(cookie.name, cookie.value);
    }
    return this;
  }

  get(name: string): string | undefined {
    return this.values.get(name);
  }

  set(name: string, value: string): this {
    this.values.set(name, value);
    return this;
  }

  delete(name: string): this {
    this.values.delete(name);
    return this;
  }

  /** For `inject({ cookies })`. */
  all(): Record<string, string> {
    return Object.fromEntries(this.values);
  }
}
