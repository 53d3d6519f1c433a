// The attachments' volume full or read-only, for real: the API process gets a small tmpfs of its
// own as `DATA_DIR/attachments` (api-process.ts). An upload that does not fit is 507 and one that
// cannot be written is 503 with Retry-After, each saying that nothing was saved, and nothing is:
// no remark, no file, pending or not. /readyz says so too.
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PNG_BYTES } from '../permissions/requests';
import { errorCodes, storageMessages } from '../../src/messages';
import { startApiProcess, volumePath, type ApiProcess } from '../support/api-process';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { prepareFaultWorld, remarkForm, remarkUrl, type FaultWorld } from './fault-world';

const KiB = 1024;
/** A PNG of about 300 KB. */
const photo = Buffer.concat([PNG_BYTES, Buffer.alloc(300 * KiB, 7)]);

describe.each(databaseKinds)('the attachments volume full or read-only, on %s', (kind) => {
  let database: TestDatabase;
  let world: FaultWorld;
  let api: ApiProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    world = await prepareFaultWorld(database);
  });
  afterEach(async () => {
    await api?.stop();
    api = undefined;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  /** The attachments folder as the API process sees it: its own volume. */
  const volume = (target: ApiProcess) =>
    volumePath(target.child.pid!, path.join(database.env.DATA_DIR!, 'attachments'));

  const remarkCount = async (target: ApiProcess) => {
    const response = await fetch(
      `${target.url}/api/v1/gap/${world.gapId}/remarks?targetCompanyId=${world.companyId}`,
      { headers: { cookie: world.cookie } },
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { total: number } }).data.total;
  };

  const post = (target: ApiProcess, comments: string, photos: number) =>
    fetch(remarkUrl(target.url, world), {
      method: 'PATCH',
      headers: { cookie: world.cookie },
      body: remarkForm(
        comments,
        Array.from({ length: photos }, (_, n) => ({ name: `site-${n}.png`, bytes: photo })),
      ),
    });

  const readiness = async (target: ApiProcess) => {
    const response = await fetch(`${target.url}/readyz`);
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as unknown,
    };
  };

  it('answers an upload that does not fit 507, keeps nothing of it, and is not ready once full', async () => {
    api = await startApiProcess(
      { ...database.env, ATTACHMENT_MIN_FREE_BYTES: String(256 * KiB) },
      { attachmentsVolume: { sizeBytes: 1024 * KiB } },
    );
    expect(await readiness(api)).toEqual({
      status: 200,
      retryAfter: null,
      body: { status: 'ok', checks: { database: 'ok', attachments: 'ok' } },
    });
    const before = await remarkCount(api);

    // Four photos of 300 KB on a 1 MB volume: the fourth finds no room.
    const refused = await post(api, 'Four photos of the effluent pit', 4);
    expect({ status: refused.status, body: await refused.json() }).toEqual({
      status: 507,
      body: {
        success: false,
        message: storageMessages.full,
        code: errorCodes.attachmentStorageFull,
      },
    });
    expect(await remarkCount(api)).toBe(before);
    expect(await readdir(volume(api))).toEqual([]);

    // The volume filled by something else: less free space than the API keeps for an upload.
    await writeFile(path.join(volume(api), 'filler'), Buffer.alloc(900 * KiB));
    expect(await readiness(api)).toEqual({
      status: 503,
      retryAfter: '5',
      body: { status: 'unavailable', checks: { database: 'ok', attachments: 'full' } },
    });
    // A remark without images needs no room, and is still taken.
    expect((await post(api, 'Words only, while storage is full', 0)).status).toBe(200);
    expect(await remarkCount(api)).toBe(before + 1);
  });

  it('answers an upload to a read-only volume 503 with Retry-After, keeping nothing, and is not ready', async () => {
    api = await startApiProcess(database.env, {
      attachmentsVolume: { sizeBytes: 1024 * KiB, readOnly: true },
    });
    const before = await remarkCount(api);
    const refused = await post(api, 'A photo while the disk is read-only', 1);
    expect({
      status: refused.status,
      retryAfter: refused.headers.get('retry-after'),
      body: await refused.json(),
    }).toEqual({
      status: 503,
      retryAfter: '5',
      body: {
        success: false,
        message: storageMessages.unavailable,
        code: errorCodes.attachmentStorageUnavailable,
      },
    });
    expect(await remarkCount(api)).toBe(before);
    expect(await readdir(volume(api))).toEqual([]);
    expect(await readiness(api)).toEqual({
      status: 503,
      retryAfter: '5',
      body: { status: 'unavailable', checks: { database: 'ok', attachments: 'unavailable' } },
    });
  });
});
