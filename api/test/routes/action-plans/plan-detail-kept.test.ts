// A plan's detail cached by the API (docs/decisions/0065-plan-details-kept-on-their-rows-versions.md)
// never shows what has changed: after every kind of write (through the routes, or made in the
// database by anything else, on this plan or on the earlier gap one of its images copies) and when a
// gap falls due with no write, the next read shows it, and every answer equals the detail computed
// afresh for its reader. While nothing changed it costs one short statement, and a cached answer is
// never given to a reader who may not see the plan.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../src/db';
import type { ActionPlanDetail, Gap, SessionUser } from '@verity/shared-api/src/server';
import { findActionPlanDetail } from '../../../src/action-plans/action-plan-queries';
import { waitFor } from '../../support/api-process';
import { expectCompressedCopies, readAsOfNow } from '../../support/cached-answers';
import { countingApp, type counting } from '../../support/counting';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import {
  buildWorld,
  addGap,
  createPlan,
  editGap,
  editPlan,
  expectRefused,
  gapsOf,
  validGap,
  validPlan,
  type World,
} from './fixtures';
import { multipart, pngOf } from './remark-uploads';

type Reader = 'clientOwner' | 'clientViewer' | 'companyOwner' | 'auditorViewer';

describe.each(databaseKinds)('the plan details cached on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let count: ReturnType<typeof counting>;
  let world: World;
  let planId: string;
  let gapId: string;
  /** Whose tenancy each reader reads in, for the detail computed afresh. */
  let tenancy: Record<Reader, SessionUser>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app, db, count } = await countingApp(database, { SEED_DEMO: '0' }));
    world = await buildWorld(app);
    planId = await createPlan(world, {
      ...validPlan(),
      actionPlanHeading: 'Wastewater treatment',
      gap: { ...validGap(), gapName: 'Untreated wastewater' },
    });
    gapId = (await gapsOf(world, planId))[0]!.id;
    const clientId = (
      await app.db.query<{ id: string }>(
        'SELECT client_id AS id FROM target_companies WHERE id = $1',
        [world.acmeId],
      )
    ).rows[0]!.id;
    const client = { userType: 'client', clientId } as SessionUser;
    tenancy = {
      clientOwner: client,
      clientViewer: client,
      companyOwner: { userType: 'targetCompany', targetCompanyId: world.acmeId } as SessionUser,
      auditorViewer: { userType: 'auditor', auditorId: world.greenAuditId } as SessionUser,
    };
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await database?.dispose();
  });

  /** The plan's detail as `as` reads it, checked against the detail computed afresh, with the statements it cost. */
  async function read(as: Reader = 'clientOwner', plan = planId) {
    let statements: string[] = [];
    let body = '';
    // Whatever was cached, the detail as it is at the moment of the read, as this reader sees it.
    const detail = await readAsOfNow(
      async () => {
        count.reset();
        const response = await world.as[as]({
          method: 'GET',
          url: `/api/v1/action-plan/${plan}`,
          query: { targetCompanyId: world.acmeId },
        });
        // The reader's first request also looks up their session.
        statements = count.seen.statements.filter((sql) => !sql.includes('JOIN sessions s'));
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        body = response.body;
        return response.json<{ success: true; data: ActionPlanDetail }>().data;
      },
      async () =>
        JSON.parse(
          JSON.stringify(await findActionPlanDetail(app.db, plan, tenancy[as], world.acmeId)),
        ) as ActionPlanDetail,
    );
    return { detail, statements, body };
  }
  const gapIn = (detail: ActionPlanDetail, id = gapId): Gap =>
    detail.gaps.find((gap) => gap.id === id)!;
  /** A remark with `files` as images on the gap, by the company's owner; gives the remark. */
  async function postRemark(comments: string, files: Buffer[] = [], onGap = gapId) {
    const response = await world.as.companyOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${onGap}/remark`,
      query: { targetCompanyId: world.acmeId },
      ...multipart(
        comments,
        files.map((bytes, index) => ({ fileName: `photo-${index}.png`, bytes })),
      ),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { remark: { id: string; docs: { _id: string }[] } } }>().data
      .remark;
  }

  it('is computed once per organisation, then answered from one short statement, compressed when accepted', async () => {
    for (const as of ['clientOwner', 'companyOwner', 'auditorViewer'] as const) {
      const first = await read(as);
      const again = await read(as);
      expect(again.body).toBe(first.body);
      expect(again.statements).toHaveLength(1);
      expect(again.statements[0]).toContain('md5(');
      expect(again.statements[0]).not.toContain('json_agg');
    }
    // Another user of the same client: the same bytes, cached.
    const viewer = await read('clientViewer');
    expect(viewer.statements).toHaveLength(1);
    expect(viewer.body).toBe((await read('clientOwner')).body);

    await expectCompressedCopies((acceptEncoding) =>
      world.as.clientOwner({
        method: 'GET',
        url: `/api/v1/action-plan/${planId}`,
        query: { targetCompanyId: world.acmeId },
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      }),
    );
  });

  it('refuses a reader who may not see the plan, or names another company, while an answer is cached', async () => {
    await read();
    await expectRefused(
      world,
      `/api/v1/action-plan/${planId}`,
      [
        ['otherClient', world.acmeId],
        ['otherFirmOwner', world.acmeId],
        ['betaOwner', world.acmeId],
        ['betaOwner', world.betaId],
        ['clientOwner', world.betaId],
      ],
      'Wastewater',
    );
  });

  it('shows every kind of write through the routes at the next read', async () => {
    await read();
    await editGap(app, world, gapId, { gapName: 'Untreated wastewater to the river' });
    expect(gapIn((await read()).detail).gapName).toBe('Untreated wastewater to the river');

    const remark = await postRemark('Sampling point fitted, photo attached', [pngOf(400)]);
    let gap = gapIn((await read('companyOwner')).detail);
    expect(gap.remarkCount).toBe(1);
    expect(gap.remark.at(-1)!.docs).toHaveLength(1);

    const requested = await world.as.companyOwner({
      method: 'POST',
      url: `/api/v1/gap/${gapId}/closure-request`,
      query: { targetCompanyId: world.acmeId },
      payload: { note: 'Fitted on both outlets' },
    });
    expect(requested.statusCode).toBe(200);
    gap = gapIn((await read('auditorViewer')).detail);
    expect(gap).toMatchObject({ status: 'pending', closure: { note: 'Fitted on both outlets' } });

    const returned = await world.as.auditorOwner({
      method: 'POST',
      url: `/api/v1/gap/${gapId}/closure-review`,
      query: { targetCompanyId: world.acmeId },
      payload: { decision: 'return', reason: 'The photo shows one outlet only.' },
    });
    expect(returned.statusCode).toBe(200);
    gap = gapIn((await read()).detail);
    expect(gap.status).toBe('open');
    expect(gap.closure?.review).toMatchObject({ decision: 'return' });
    expect(gap.remarkCount).toBe(2);

    const image = await world.as.companyOwner({
      method: 'DELETE',
      url: `/api/v1/remark-document/${remark.docs[0]!._id}`,
    });
    expect(image.statusCode).toBe(200);
    gap = gapIn((await read()).detail);
    expect(gap.remark.find((shown) => shown.id === remark.id)!.docs[0]!.withdrawn).not.toBeNull();

    const withdrawn = await world.as.companyOwner({
      method: 'DELETE',
      url: `/api/v1/gap/${gapId}/remark/${remark.id}`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(withdrawn.statusCode).toBe(200);
    gap = gapIn((await read('companyOwner')).detail);
    expect(gap.remark.find((shown) => shown.id === remark.id)!.withdrawn).not.toBeNull();

    const status = await world.as.auditorOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/status`,
      query: { targetCompanyId: world.acmeId },
      payload: { status: 'provClosed' },
    });
    expect(status.statusCode).toBe(200);
    expect(gapIn((await read()).detail).status).toBe('provClosed');

    await editPlan(app, world, planId, { actionPlanHeading: 'Wastewater and effluent treatment' });
    const edited = (await read()).detail;
    expect(edited.actionPlan.actionPlanHeading).toBe('Wastewater and effluent treatment');
    expect(edited.changeHistory[0]).toMatchObject({ field: 'actionPlanHeading' });

    await addGap(world, planId, { ...validGap(), gapName: 'No effluent sampling' });
    const withGap = (await read()).detail;
    expect(withGap.statistics.totalGaps).toBe(edited.statistics.totalGaps + 1);
    expect(withGap.gaps[0]!.gapName).toBe('No effluent sampling');
  });

  it('shows a write made in the database by anything else (a repair, another tool) at the next read', async () => {
    const writes: [string, unknown[]][] = [
      [`UPDATE gaps SET status = 'closed' WHERE id = $1`, [gapId]],
      [`INSERT INTO gap_status_history (gap_id, status) VALUES ($1, 'closed')`, [gapId]],
      [
        `INSERT INTO remarks (gap_id, comments, user_type, fullname, role)
         VALUES ($1, 'Imported from the lender''s spreadsheet', 'client', 'Import', 'owner')`,
        [gapId],
      ],
      [
        `UPDATE remarks SET fullname = 'Spreadsheet import' WHERE gap_id = $1 AND fullname = 'Import'`,
        [gapId],
      ],
      [
        `UPDATE remark_documents d SET file_name = 'outlet-1.png' FROM remarks r
         WHERE r.id = d.remark_id AND r.gap_id = $1`,
        [gapId],
      ],
      [`UPDATE closure_requests SET note = 'Both outlets, see photo' WHERE gap_id = $1`, [gapId]],
      [
        `INSERT INTO change_history (action_plan_id, entity, field, old_value, new_value,
           changed_by_name, changed_by_user_type, changed_by_role, version)
         VALUES ($1, 'actionPlan', 'category', '"environment"', '"social"', 'Import', 'client', 'owner', 1)`,
        [planId],
      ],
    ];
    for (const [sql, params] of writes) {
      const before = await read();
      await app.db.query(sql, params);
      // read() checks the answer against the detail computed afresh.
      const after = await read();
      expect(after.body).not.toBe(before.body);
    }
  });

  it('names the earlier gap an image copies as it now is: its KPI edited, its image withdrawn', async () => {
    const earlierPlan = await createPlan(world, {
      ...validPlan(),
      gap: { ...validGap(), KPI: 'Effluent COD' },
    });
    const earlierGap = (await gapsOf(world, earlierPlan))[0]!.id;
    const photo = pngOf(512);
    const earlier = await postRemark('Outlet photo', [photo], earlierGap);
    await postRemark('The same outlet photo', [photo]);
    const copyOf = async () =>
      gapIn((await read()).detail)
        .remark.flatMap((shown) => shown.docs)
        .find((doc) => doc.evidence?.duplicateOf)?.evidence?.duplicateOf ?? null;
    expect(await copyOf()).toEqual({ gapId: earlierGap, KPI: 'Effluent COD' });
    // Cached: nothing of this plan changes below, only the earlier gap.
    expect((await read()).statements).toHaveLength(1);

    await editGap(app, world, earlierGap, { KPI: 'Effluent COD (mg/l)' });
    expect(await copyOf()).toEqual({ gapId: earlierGap, KPI: 'Effluent COD (mg/l)' });

    const withdrawn = await world.as.companyOwner({
      method: 'DELETE',
      url: `/api/v1/remark-document/${earlier.docs[0]!._id}`,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(await copyOf()).toBeNull();
  });

  it('shows a gap overdue once its due date passes, with no write in between', async () => {
    // Due in a few seconds: enough for the first read to come before it even on a busy machine.
    await app.db.query(
      `UPDATE gaps SET status = 'open', due_date = now() + interval '5 seconds' WHERE id = $1`,
      [gapId],
    );
    const before = (await read()).detail;
    expect(gapIn(before).displayStatus).toBe('open');
    expect((await read()).statements).toHaveLength(1);
    let after = before;
    await waitFor(async () => {
      after = (await read()).detail;
      return gapIn(after).displayStatus === 'overdue';
    }, 'the gap to show overdue');
    expect(after.statistics.overdueGaps).toBe(before.statistics.overdueGaps + 1);
    expect(after.actionPlan.overallStatus).toBe('overdue');
  }, 45_000);

  it("refuses a firm's reader at the next read once the firm is unassigned from the company", async () => {
    await read('auditorViewer');
    await app.db.query(
      'DELETE FROM company_auditors WHERE target_company_id = $1 AND auditor_id = $2',
      [world.acmeId, world.greenAuditId],
    );
    await expectRefused(
      world,
      `/api/v1/action-plan/${planId}`,
      [['auditorViewer', world.acmeId]],
      'Wastewater',
    );
  });
});
