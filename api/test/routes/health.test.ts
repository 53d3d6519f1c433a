import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';

describe.each(databaseKinds)('health on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('says the process is up', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('is not ready while attachment storage cannot write, and says so', async () => {
    const folder = path.join(database.env.DATA_DIR, 'attachments');
    await rm(folder, { recursive: true, force: true });
    // A file where the folder should be: no process, root included, can store an attachment there.
    await writeFile(folder, 'not a folder');
    try {
      const unready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(unready.statusCode).toBe(503);
      expect(unready.headers['retry-after']).toBe('5');
      expect(unready.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', attachments: 'unavailable' },
      });
    } finally {
      await rm(folder, { force: true });
    }
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    // The probe file is gone again.
    expect(await readdir(folder)).toEqual([]);
  });

  it('is ready while the database answers, and 503 once it does not', async () => {
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', attachments: 'ok' } });

    await app.db.close();
    const unready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(unready.statusCode).toBe(503);
    expect(unready.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'unavailable', attachments: 'ok' },
    });
  });
});
