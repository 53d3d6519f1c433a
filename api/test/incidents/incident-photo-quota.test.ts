// Incident photos count in the company's storage quota as remarks' images do: photos that would
// pass it are refused and leave nothing stored, and a remark after them finds the space taken.
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { injectAs, sessionOfMembership } from '../support/session';
import { addGap, createTenant, type Tenant } from '../notifications/world';
import { multipart, pngOf } from '../routes/action-plans/remark-uploads';

describe('incident photos in the storage quota', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let tenant: Tenant;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    app = await buildTestApp(database, { ATTACHMENT_QUOTA_BYTES: '4000', SEED_DEMO: '0' });
    tenant = await createTenant(app.db, 'Okavango Salt Works', 'UTC', { digest: false });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const asEditor = async (options: Parameters<typeof injectAs>[2]) =>
    injectAs(app, await sessionOfMembership(app, tenant.users.targetCompany.editor.id), options);
  const photos = (...sizes: number[]) =>
    multipart(
      '',
      sizes.map((size, index) => ({ fileName: `photo-${index}.png`, bytes: pngOf(size) })),
    );

  it('takes photos up to the quota, then refuses photos and remarks past it', async () => {
    const reported = await asEditor({
      method: 'POST',
      url: `/api/v1/target-company/${tenant.targetCompanyId}/incidents`,
      payload: {
        category: 'other',
        severity: 'low',
        occurredAt: new Date(Date.now() - 86_400_000).toISOString(),
        location: 'Evaporation pond 3',
        description: 'A wall of the pond gave way.',
        peopleAffected: 0,
      },
    });
    const incidentId = (reported.json() as { data: { incident: { id: string } } }).data.incident.id;
    const url = `/api/v1/incident/${incidentId}/photos`;
    expect((await asEditor({ method: 'POST', url, ...photos(1500, 1500) })).statusCode).toBe(201);
    const full = await asEditor({ method: 'POST', url, ...photos(1500) });
    expect([full.statusCode, (full.json() as { code: string }).code]).toEqual([
      413,
      'STORAGE_FULL',
    ]);
    const gapId = await addGap(app.db, tenant, 'Pond wall inspection', new Date().toISOString());
    const remark = await asEditor({
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/remark`,
      query: { targetCompanyId: tenant.targetCompanyId },
      ...multipart('The wall after the repair', [{ fileName: 'wall.png', bytes: pngOf(1500) }]),
    });
    expect([remark.statusCode, (remark.json() as { code: string }).code]).toEqual([
      413,
      'STORAGE_FULL',
    ]);
    const { rows } = await app.db.query<{ photos: number }>(
      'SELECT count(*)::int AS photos FROM incident_photos WHERE incident_id = $1',
      [incidentId],
    );
    expect(rows[0]!.photos).toBe(2);
  });
});
