import http from 'node:http';
import { startApiProcess, waitFor, type ApiProcess } from '../support/api-process';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { exportUrl, prepareFaultWorld, remarkUrl, type FaultWorld } from './fault-world';

describe.each(databaseKinds)('SIGTERM on %s', (kind) => {
  let database: TestDatabase;
  let world: FaultWorld;
  let api: ApiProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // About 12 MB of CSV: more than the socket buffers hold, so a download nobody reads stays open.
    world = await prepareFaultWorld(database, { extraGaps: kind === 'postgres' ? 30_000 : 3000 });
  });
  afterAll(async () => {
    await api?.stop('SIGKILL');
    await database?.dispose();
  });

  it('finishes what can finish, then closes a download nobody reads and exits within its deadline', async () => {
    api = await startApiProcess({ ...database.env, LOG_LEVEL: 'info' });
    const { url } = api;

    // A download whose client never reads.
    const stalled = await new Promise<http.ClientRequest>((resolve, reject) => {
      const request = http.get(
        exportUrl(url, world),
        { headers: { cookie: world.cookie } },
        (response) => {
          response.pause();
          resolve(request);
        },
      );
      request.once('error', reject);
    });
    stalled.on('error', () => undefined);

    // An upload under way when the signal comes, which its client completes a moment later.
    const boundary = 'verity-shutdown';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="comments"\r\n\r\n`,
    );
    const tail = Buffer.from(`Written during shutdown\r\n--${boundary}--\r\n`);
    let signal!: () => void;
    const signalled = new Promise<void>((resolve) => (signal = resolve));
    const upload = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        remarkUrl(url, world),
        {
          method: 'PATCH',
          headers: {
            cookie: world.cookie,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + tail.length),
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode!, body }));
        },
      );
      request.once('error', reject);
      request.write(head);
      void signalled.then(() => request.end(tail));
    });
    // The server logs each request it receives (LOG_LEVEL info): the upload is in flight.
    await waitFor(() => /"method":"PATCH"/.test(api!.output()), 'the server to receive the upload');
    api.child.kill('SIGTERM');
    signal();

    const saved = await upload;
    expect(saved.status).toBe(200);
    expect(JSON.parse(saved.body).data.remark.comments).toBe('Written during shutdown');

    const exit = await api.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(api.output()).toMatch(
      /requests still open 10 s after SIGTERM; closing their connections/,
    );
    stalled.destroy();
    api = undefined;
  });
});
