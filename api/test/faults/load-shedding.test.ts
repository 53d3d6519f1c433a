import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { EXPORTS_AT_ONCE, EXPORTS_PER_USER } from '../../src/csv-downloads';
import { SPILL_FILE_MAX_BYTES } from '../../src/db/spill-buffer';
import { errorCodes, exportMessages, messages } from '../../src/messages';
import { startApiProcess, waitFor, type ApiProcess } from '../support/api-process';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { spillFileSizes } from '../support/spill-files';
import { explorerUrl, exportUrl, prepareFaultWorld, type FaultWorld } from './fault-world';

/** The stall limit of the downloads in the real API process below. */
const STALL_SECONDS = 10;

const unavailableBody = {
  success: false,
  message: messages.serviceUnavailable,
  code: errorCodes.serviceUnavailable,
};

/** A table locked against every read, from a connection of the test's own, until `release`. */
async function lockTable(database: TestDatabase, table: string) {
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  return {
    release: async () => {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

describe.each(databaseKinds)('load shedding on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  describe('a real API process on a large database', () => {
    let world: FaultWorld;
    let api: ApiProcess;

    beforeAll(async () => {
      // About 12 MB of CSV: far more than the socket buffers between the API and a client hold
      // (PGlite: fewer gaps with longer texts, so the gap explorer's readers are served in time).
      world = await prepareFaultWorld(
        database,
        kind === 'postgres' ? { extraGaps: 30_000 } : { extraGaps: 3000, recommendationRepeat: 70 },
      );
      // One process for both tests: each leaves it as it found it (no request or download open).
      // LOG_LEVEL info: the server logs each request it receives, and says when it closes a
      // download. The stall limit is 30 s unless CSV_EXPORT_STALL_SECONDS says otherwise
      // (config.test.ts): the rule is the same at 10 s.
      api = await startApiProcess({
        ...database.env,
        LOG_LEVEL: 'info',
        CSV_EXPORT_STALL_SECONDS: String(STALL_SECONDS),
      });
    });
    afterAll(async () => {
      await api?.stop();
    });

    it('serves fifty readers of the gap explorer who arrive together, each a whole page', async () => {
      const url = explorerUrl(api.url, world);
      // Each reader a page of its own: a page asked again is the cached answer, which reads no gap.
      const read = async (page: number) => {
        const response = await fetch(url.replace(/page=\d+/, `page=${page}`), {
          headers: { cookie: world.clientCookie },
        });
        return {
          status: response.status,
          body: (await response.json()) as { data: { total: number; gaps: unknown[] } },
        };
      };
      const alone = await read(2);
      expect(alone.status).toBe(200);
      const page = alone.body.data;
      expect(page.total).toBeGreaterThan(kind === 'postgres' ? 30_000 : 3000);
      expect(page.gaps).toHaveLength(20);

      // Each reader counts and sorts every gap of the company. PGlite does one statement at a time, so
      // the fifty queue; PostgreSQL is quicker than they arrive, so the gaps stay locked (the database
      // busy) until all fifty are in.
      const received = () => api.output().split(`"url":"${new URL(url).pathname}`).length - 1;
      const lock = kind === 'postgres' ? await lockTable(database, 'gaps') : undefined;
      let answered = 0;
      const readers = Array.from({ length: 50 }, (_, index) =>
        read(3 + index).finally(() => (answered += 1)),
      );
      await waitFor(() => answered > 0 || received() >= 51, 'the fifty readers to arrive');
      await lock?.release();
      const answers = await Promise.all(readers);
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 50 }, () => 200));
      for (const answer of answers) {
        expect(answer.body.data.total).toBe(page.total);
        expect(answer.body.data.gaps).toHaveLength(20);
      }
    });

    it('caps the CSV downloads nobody reads, closes each once its reader has taken nothing for the stall limit and frees its file, while a slow reader gets the whole file and everyone else is served', async () => {
      const pid = api.child.pid!;
      const closings = () => api.output().split(`took nothing for ${STALL_SECONDS} s`).length - 1;
      // Where the exports wait for their readers (PostgreSQL; PGlite reads its pages on demand).
      const spillFiles = () => spillFileSizes(pid, path.join(database.env.DATA_DIR, 'tmp'));
      const stalled: { request: http.ClientRequest; response: http.IncomingMessage }[] = [];
      const startStalled = (cookie: string) =>
        new Promise<{ status: number; body: string; retryAfter?: string }>((resolve, reject) => {
          const request = http.get(
            exportUrl(api.url, world),
            { headers: { cookie } },
            (response) => {
              if (response.statusCode !== 200) {
                let body = '';
                response.on('data', (chunk: Buffer) => (body += chunk.toString()));
                response.on('end', () =>
                  resolve({
                    status: response.statusCode!,
                    body,
                    retryAfter: response.headers['retry-after'],
                  }),
                );
                return;
              }
              // Headers read, body never: the client stalls.
              response.pause();
              response.on('error', () => undefined);
              stalled.push({ request, response });
              resolve({ status: 200, body: '' });
            },
          );
          request.once('error', reject);
        });
      const refusedBody = (code: string, message: string) =>
        JSON.stringify({ success: false, message, code });

      try {
        // One user: EXPORTS_PER_USER downloads at once, the next refused with 429.
        for (let i = 0; i < EXPORTS_PER_USER; i += 1)
          expect((await startStalled(world.cookie)).status).toBe(200);
        expect(await startStalled(world.cookie)).toEqual({
          status: 429,
          body: refusedBody(
            errorCodes.tooManyExports,
            exportMessages.tooManyExports(EXPORTS_PER_USER),
          ),
          retryAfter: expect.stringMatching(/^[1-9][0-9]*$/),
        });
        // Others up to the process's EXPORTS_AT_ONCE, the last place a reader's who reads slowly.
        for (const cookie of world.otherCookies) {
          for (let i = 0; i < EXPORTS_PER_USER; i += 1) {
            if (stalled.length === EXPORTS_AT_ONCE - 1) break;
            expect((await startStalled(cookie)).status).toBe(200);
          }
        }
        expect(stalled).toHaveLength(EXPORTS_AT_ONCE - 1);
        let started!: (status: number) => void;
        const slowStarted = new Promise<number>((resolve) => (started = resolve));
        const slowReader = new Promise<string>((resolve, reject) => {
          const request = http.get(
            exportUrl(api.url, world),
            { headers: { cookie: world.clientCookie } },
            (response) => {
              started(response.statusCode!);
              // At most 64 KB twenty times a second: far slower than the database writes the export,
              // never still for the stall limit.
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => {
                chunks.push(chunk);
                response.pause();
                setTimeout(() => response.resume(), 50);
              });
              response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
              response.on('error', reject);
            },
          );
          request.once('error', reject);
        });
        expect(await slowStarted).toBe(200);
        // The process is at its cap: one more download, whoever asks, is refused for now.
        const refused = await startStalled(world.otherCookies.at(-1)!);
        expect(refused).toEqual({
          status: 503,
          body: JSON.stringify(unavailableBody),
          retryAfter: '5',
        });

        // The stalled downloads hold no database connection: everyone else is served.
        const others = await Promise.all(
          Array.from({ length: 20 }, () =>
            fetch(`${api.url}/api/v1/auth/me`, { headers: { cookie: world.cookie } }).then(
              (response) => response.status,
            ),
          ),
        );
        expect(others).toEqual(Array.from({ length: 20 }, () => 200));
        expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
        const held = await spillFiles();
        expect(held.length).toBeLessThanOrEqual(EXPORTS_AT_ONCE);
        for (const size of held) expect(size).toBeLessThanOrEqual(SPILL_FILE_MAX_BYTES);

        // Each stalled download is closed, and its file goes with it. (A client that reads nothing
        // does not see the reset either, until it reads again: then its download ends cut short.)
        await waitFor(() => closings() === stalled.length, 'the stalled downloads to be closed');
        await waitFor(async () => (await spillFiles()).length <= 1, 'their spill files to go');
        const ends = await Promise.all(
          stalled.map(({ response }) => {
            const closed = new Promise<boolean>((done) =>
              response.once('close', () => done(response.complete)),
            );
            response.resume();
            return closed;
          }),
        );
        expect(ends).toEqual(stalled.map(() => false));

        // The slow reader, never still for the stall limit, gets every row.
        const csv = await slowReader;
        expect(closings()).toBe(stalled.length);
        expect(csv.split('\n').length).toBeGreaterThan(kind === 'postgres' ? 30_000 : 3000);
        const whole = await fetch(exportUrl(api.url, world), { headers: { cookie: world.cookie } });
        expect(whole.status).toBe(200);
        // As bytes: text() would drop the byte-order mark the slow reader kept.
        expect(Buffer.from(await whole.arrayBuffer()).toString('utf8')).toBe(csv);
        await waitFor(async () => (await spillFiles()).length === 0, 'every spill file to go');
      } finally {
        for (const { request } of stalled) request.destroy();
      }
    });
  });
});
