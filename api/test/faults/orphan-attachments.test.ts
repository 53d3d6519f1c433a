import { randomUUID } from 'node:crypto';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../../src/db';
import { ORPHAN_GRACE_MS, sweepAttachments } from '../../src/storage/attachment-sweep';
import { localAttachmentStorage } from '../../src/storage/local-attachment-storage';
import { PNG_BYTES } from '../permissions/requests';
import { startApiProcess, waitFor, type ApiProcess } from '../support/api-process';
import { buildTestApp } from '../support/app';
import {
  anyDatabaseKind,
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../support/databases';
import { prepareFaultWorld, remarkForm, remarkUrl, type FaultWorld } from './fault-world';

/** A PNG of about 400 KB: its upload takes long enough to be cut by a kill. */
const bigPng = Buffer.concat([PNG_BYTES, Buffer.alloc(400 * 1024, 7)]);

describe.each(databaseKinds)('attachments and their rows on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const folder = () => path.join(database.env.DATA_DIR, 'attachments');

  // The sweep reads rows through the database's interface, the same on both: one is enough.
  if (kind === anyDatabaseKind) {
    describe('the sweep', () => {
      let app: FastifyInstance;

      beforeAll(async () => {
        app = await buildTestApp(database);
      });
      afterAll(async () => {
        await app?.close();
      });

      it('completes an upload whose row was saved, and deletes only orphans older than the grace period', async () => {
        const storage = localAttachmentStorage(folder());
        const { rows } = await app.db.query<{ id: string }>('SELECT id FROM remarks LIMIT 1');
        const saved = `${randomUUID()}.png`;
        const recentOrphan = `${randomUUID()}.png`;
        const oldOrphan = `${randomUUID()}.png`;
        const oldPending = `${randomUUID()}.png`;
        for (const key of [saved, recentOrphan, oldOrphan, oldPending]) {
          await storage.put(key, PNG_BYTES, 'image/png');
        }
        // The row of `saved` was committed, then the process died before the file was made permanent.
        await app.db.query(
          `INSERT INTO remark_documents (remark_id, storage_key, file_name, content_type, size)
         VALUES ($1, $2, 'saved.png', 'image/png', $3)`,
          [rows[0]!.id, saved, PNG_BYTES.length],
        );
        await storage.commit(recentOrphan);
        await storage.commit(oldOrphan);
        const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
        await utimes(path.join(folder(), oldOrphan), anHourAgo, anHourAgo);
        await utimes(path.join(folder(), `${oldPending}.pending`), anHourAgo, anHourAgo);
        // Not an attachment: left alone whatever its age.
        await writeFile(path.join(folder(), '.readyz-leftover'), 'probe');

        const result = await sweepAttachments(app.db, storage, { graceMs: ORPHAN_GRACE_MS });
        expect(result).toEqual({ committed: 1, removed: 2 });
        const files = await readdir(folder());
        expect(files).toEqual(expect.arrayContaining([saved, recentOrphan, '.readyz-leftover']));
        expect(files).not.toContain(`${saved}.pending`);
        expect(files).not.toContain(oldOrphan);
        expect(files).not.toContain(`${oldPending}.pending`);
        // The saved remark's image is served from its permanent place.
        const served = await storage.get(saved);
        const chunks: Buffer[] = [];
        for await (const chunk of served) chunks.push(chunk as Buffer);
        expect(Buffer.concat(chunks).equals(PNG_BYTES)).toBe(true);
      });
    });
  }

  describe('kill -9 during uploads', () => {
    let world: FaultWorld;
    let api: ApiProcess | undefined;

    beforeAll(async () => {
      world = await prepareFaultWorld(database);
    });
    afterAll(async () => {
      await api?.stop('SIGKILL');
    });

    /** Uploads remarks with two images each until the process dies; gives the ids it acknowledged. */
    async function uploadUntilKilled(target: ApiProcess): Promise<string[]> {
      const acknowledged: string[] = [];
      let alive = true;
      void target.exited.then(() => (alive = false));
      const upload = async () => {
        while (alive) {
          const response = await fetch(remarkUrl(target.url, world), {
            method: 'PATCH',
            headers: { cookie: world.cookie },
            body: remarkForm(`Kill run ${randomUUID()}`, [
              { name: 'one.png', bytes: bigPng },
              { name: 'two.png', bytes: bigPng },
            ]),
          }).catch(() => undefined);
          if (response?.status === 200) {
            acknowledged.push(
              ((await response.json()) as { data: { remark: { _id: string } } }).data.remark._id,
            );
          }
        }
      };
      const uploaders = [upload(), upload(), upload()];
      await waitFor(() => acknowledged.length >= 3, 'some uploads to be saved');
      target.child.kill('SIGKILL');
      await Promise.all(uploaders);
      return acknowledged;
    }

    it('leaves exactly one file per saved attachment once the API is back', async () => {
      const acknowledged: string[] = [];
      for (let run = 0; run < 3; run += 1) {
        api = await startApiProcess(database.env);
        acknowledged.push(...(await uploadUntilKilled(api)));
        api = undefined;
      }
      // What the kills left is older than the grace period by the time the API starts again.
      const longAgo = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
      for (const name of await readdir(folder())) {
        await utimes(path.join(folder(), name), longAgo, longAgo);
      }

      api = await startApiProcess(database.env);
      const pending = async () =>
        (await readdir(folder())).filter((name) => name.endsWith('.pending')).length;
      await waitFor(async () => (await pending()) === 0, 'the sweep at start');
      // Stopping waits for a sweep under way; then the database is read as it is left.
      expect((await api.stop()).code).toBe(0);
      api = undefined;

      const files = (await readdir(folder())).filter((name) => !name.startsWith('.')).sort();
      const db = await openDatabase({
        databaseUrl: database.env.DATABASE_URL,
        dataDir: database.env.DATA_DIR,
      });
      try {
        const keys = await db.query<{ storage_key: string }>(
          'SELECT storage_key FROM remark_documents ORDER BY storage_key',
        );
        expect(files).toEqual(keys.rows.map((row) => row.storage_key).sort());
        // Every image of every acknowledged remark is there.
        const saved = await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM remark_documents WHERE remark_id = ANY($1::uuid[])',
          [acknowledged],
        );
        expect(saved.rows[0]!.n).toBe(acknowledged.length * 2);
      } finally {
        await db.close();
      }
    });
  });
});
