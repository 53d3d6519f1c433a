import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { errorCodes, messages } from '../../src/messages';
import { buildTestApp } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { sessionFor } from '../support/session';
import { startShellProcess, type ShellProcess } from '../support/shell-process';

const BOUNDARY = 'verity-early-refusal';

/** A remark whose first image is not an image: refused after its first bytes, with 3 MB still to come. */
const notAnImage = Buffer.concat([
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="comments"\r\n\r\nSite visit\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="documents"; filename="site.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  ),
  Buffer.alloc(3 * 1024 * 1024, 'A'),
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

/** A JSON body past the API's 1 MB body limit (the notification settings of a very long list). */
const oversizedJson = Buffer.from(
  JSON.stringify({
    preferences: Array.from({ length: 40_000 }, () => ({ kind: 'dueSoon', email: true })),
  }),
);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on `agent`; rejects if no answer comes within `giveUpMs` (a hang, not a slow answer). */
function send(
  agent: http.Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer; giveUpMs?: number },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', agent, headers: options.headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.once('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body }),
        );
      },
    );
    request.setTimeout(options.giveUpMs ?? 20_000, () =>
      request.destroy(new Error(`No answer to ${options.method ?? 'GET'} ${url}: it hung`)),
    );
    request.once('error', reject);
    request.end(options.body);
  });
}

describe.each(databaseKinds)('an upload refused before its body is read, on %s', (kind) => {
  let database: TestDatabase;
  let api: FastifyInstance;
  let apiUrl: string;
  let shell: ShellProcess;
  let cookie: string;
  let remarkPath: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    api = await buildTestApp(database);
    apiUrl = await api.listen({ port: 0, host: '127.0.0.1' });
    shell = await startShellProcess(apiUrl);
    const { rows } = await api.db.query<{ company_id: string; gap_id: string }>(
      `SELECT tc.id AS company_id, g.id AS gap_id FROM target_companies tc
       JOIN gaps g ON g.target_company_id = tc.id
       WHERE tc.target_company_name = 'Acme Steel Ltd' LIMIT 1`,
    );
    remarkPath = `/api/v1/gap/${rows[0]!.gap_id}/remark?targetCompanyId=${rows[0]!.company_id}`;
    const session = await sessionFor(api, 'company.owner@verity.test', 'targetCompany');
    cookie = Object.entries(session.cookies)
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('; ');
  });
  afterAll(async () => {
    await shell?.stop();
    await api?.close();
    await database?.dispose();
  });

  const upload = (agent: http.Agent, base: string, headers: Record<string, string> = { cookie }) =>
    send(agent, `${base}${remarkPath}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: notAnImage,
    });

  it('reads and discards the rest, so the next request on the same connection is answered', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let round = 0; round < 3; round += 1) {
        expect((await upload(agent, apiUrl)).status).toBe(400);
        expect((await upload(agent, apiUrl, {})).status).toBe(401);
        const me = await send(agent, `${apiUrl}/api/v1/auth/me`, { headers: { cookie } });
        expect(me.status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });

  it('closes the connection of a body larger than any request may carry, unread', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answer = await new Promise<Answer>((resolve, reject) => {
        const request = http.request(
          `${apiUrl}${remarkPath}`,
          {
            method: 'PATCH',
            agent,
            headers: {
              'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
              'content-length': String(200 * 1024 * 1024),
            },
          },
          (response) => {
            response.resume();
            response.once('end', () =>
              resolve({ status: response.statusCode!, headers: response.headers, body: '' }),
            );
          },
        );
        request.once('error', reject);
        request.write(notAnImage.subarray(0, 64 * 1024));
      });
      expect(answer.status).toBe(401);
      expect(answer.headers.connection).toBe('close');
    } finally {
      agent.destroy();
    }
  });

  it.each([
    ['the API', () => apiUrl],
    ["the shell's proxy", () => shell.url],
  ])(
    'answers a JSON body past the limit through %s with the 413 and its words, and then the next request on that connection',
    async (_through, base) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      // Each round: the refusal as the browser reads it, then the next request on the same connection.
      const rounds: unknown[] = [];
      try {
        for (let round = 0; round < 4; round += 1) {
          const refused = await send(agent, `${base()}/api/v1/notification-preferences`, {
            method: 'PUT',
            headers: { cookie, 'content-type': 'application/json' },
            body: oversizedJson,
          }).then(
            (answer) => ({ status: answer.status, body: JSON.parse(answer.body) as unknown }),
            (error: Error) => error.message,
          );
          const next = await send(agent, `${base()}/api/v1/auth/me`, { headers: { cookie } }).then(
            (answer) => answer.status,
            (error: Error) => error.message,
          );
          rounds.push({ refused, next });
        }
      } finally {
        agent.destroy();
      }
      const expected = {
        refused: {
          status: 413,
          body: {
            success: false,
            message: messages.requestTooLarge,
            code: errorCodes.requestTooLarge,
          },
        },
        next: 200,
      };
      expect(rounds).toEqual([expected, expected, expected, expected]);
    },
  );

  it("leaves the shell's proxy free for the next user's request", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let round = 0; round < 4; round += 1) {
        expect((await upload(agent, shell.url)).status).toBe(400);
        const me = await send(agent, `${shell.url}/api/v1/auth/me`, { headers: { cookie } });
        expect(me.status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });
});
