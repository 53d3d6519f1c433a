// A plan's ESAP imported again as a revision (docs/decisions/0083-esap-revisions.md), on a real
// database: the dry run's preview (new, changed field by field, dropped, unchanged as a count) that
// writes nothing, the revision applied with nothing the company did lost, the dropped item out of the
// figures, the revisions listed, a renumbered item kept on its gap, a dropped item listed again, and
// a file already in a plan offered as its revision and never silently duplicated.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { databaseDigest } from '../../permissions/database-digest';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { nextYear } from '../../esap-import/esap-fixtures';
import {
  REVISION_1,
  originalEsapRows,
  originalEsapWorkbook,
  revisedEsapRows,
  revisedEsapWorkbook,
} from '../../esap-import/revision-fixtures';
import { buildWorld, type World } from './fixtures';
import { multipart } from './remark-uploads';

const year = nextYear();
const planFields = {
  actionPlanHeading: 'Anadolu Çelik ESAP',
  category: 'environment',
  timeline: `${year + 1}-12-31`,
  ESGAspect: 'Environmental',
  impactedSDGs: 'SDG8',
};

function importForm(file: Buffer, fields: Record<string, string> = planFields) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([file]), 'esap.xlsx');
  return form;
}

interface PlanGap {
  id: string;
  esapItemNumber: string;
  status: string;
  displayStatus: string;
  recommendation: string;
  responsibility: string;
  dueDate: string;
  timetable: string;
  remark: { comments: string }[];
}

describe.each(databaseKinds)('ESAP revisions on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let planId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database, { ESAP_IMPORTS_PER_MINUTE: '1000' });
    world = await buildWorld(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const importAs = (form: FormData, query: Record<string, string> = {}) =>
    world.as.auditorOwner({
      method: 'POST',
      url: '/api/v1/action-plan/import',
      query: { targetCompanyId: world.acmeId, auditId: world.audits.ap, ...query },
      payload: form as unknown as InjectOptions['payload'],
    });
  const detail = async () => {
    const response = await world.as.companyOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as {
      statistics: Record<string, number>;
      gaps: PlanGap[];
      currentRevision: number;
    };
  };
  const gapNumbered = async (itemNumber: string) =>
    (await detail()).gaps.find((gap) => gap.esapItemNumber === itemNumber)!;
  const revisions = async (as: keyof World['as'] = 'companyOwner') => {
    const response = await world.as[as]({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}/revisions`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  it('imports the original ESAP as Rev 0; the company then works on it', async () => {
    const response = await importAs(importForm(await originalEsapWorkbook(year)));
    expect(response.statusCode).toBe(201);
    planId = response.json().data.actionPlanId;
    expect(await revisions()).toEqual({
      currentRevision: 0,
      revisions: [
        {
          number: 0,
          note: null,
          createdAt: expect.any(String),
          createdBy: { name: expect.any(String) },
          differences: null,
        },
      ],
    });
    // A remark on the item Rev 1 will drop and on one it will change; one item provisionally closed.
    for (const [itemNumber, comments] of [
      ['3.1', 'Audit énergétique commandé au bureau Enerji A.Ş.'],
      ['1.2', 'Candidate retenue, prise de poste en juillet'],
    ]) {
      const gap = await gapNumbered(itemNumber!);
      const remark = await world.as.companyOwner({
        method: 'PATCH',
        url: `/api/v1/gap/${gap.id}/remark`,
        query: { targetCompanyId: world.acmeId },
        ...multipart(comments!),
      });
      expect(remark.statusCode).toBe(200);
    }
    const closed = await world.as.auditorOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${(await gapNumbered('2.1')).id}/status`,
      query: { targetCompanyId: world.acmeId },
      payload: { status: 'provClosed' },
    });
    expect(closed.statusCode).toBe(200);
  });

  it('previews Rev 1 on a dry run: new, changed field by field, dropped, unchanged as a count; nothing written', async () => {
    const before = await databaseDigest(app);
    const response = await importAs(importForm(await revisedEsapWorkbook(year)), {
      actionPlanId: planId,
      dryRun: 'true',
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    const dropped = await gapNumbered('3.1');
    expect(data.gaps).toMatchObject({ items: 9, imported: 2, alreadyInPlan: 7, withErrors: 0 });
    expect(data.revision).toEqual({
      number: 1,
      recorded: true,
      note: null,
      added: [
        { itemNumber: '1.3', gapName: 'Compétences E&S insuffisantes', row: 4 },
        { itemNumber: '2.3', gapName: 'İSG yönetimi eksik', row: 7 },
      ],
      changed: [
        {
          itemNumber: '1.2',
          gapId: expect.any(String),
          row: 3,
          renumberedFrom: null,
          reinstated: false,
          changes: [
            {
              field: 'dueDate',
              oldValue: `${year}-06-30T00:00:00.000Z`,
              newValue: `${year}-09-30T00:00:00.000Z`,
            },
            { field: 'timetable', oldValue: `30/06/${year}`, newValue: `30/09/${year}` },
          ],
        },
        {
          itemNumber: '2.1',
          gapId: expect.any(String),
          row: 5,
          renumberedFrom: null,
          reinstated: false,
          changes: [
            {
              field: 'responsibility',
              oldValue: 'İnsan Kaynakları Müdürü',
              newValue: REVISION_1.changed['2.1'].responsibility,
            },
          ],
        },
        {
          itemNumber: '3.2',
          gapId: expect.any(String),
          row: 8,
          renumberedFrom: null,
          reinstated: false,
          changes: [
            {
              field: 'recommendation',
              oldValue: 'Installer des filtres à manches sur le four à arc électrique',
              newValue: REVISION_1.changed['3.2'].recommendation,
            },
          ],
        },
      ],
      dropped: [{ itemNumber: '3.1', gapId: dropped.id, gapName: 'Consommation d’énergie élevée' }],
      unchanged: REVISION_1.unchanged,
    });
    // No warning per unchanged item.
    expect(data.warnings).toEqual([]);
    expect(await databaseDigest(app)).toEqual(before);
  });

  it('applies Rev 1: changes, additions and the drop recorded, nothing the company did lost', async () => {
    const before = await detail();
    const response = await importAs(
      importForm(await revisedEsapWorkbook(year), { ...planFields, revisionNote: REVISION_1.note }),
      { actionPlanId: planId },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.revision).toMatchObject({
      number: 1,
      recorded: true,
      note: REVISION_1.note,
    });

    const after = await detail();
    // New items in their numbers' places; the dropped one kept.
    expect(after.gaps.map((gap) => [gap.esapItemNumber, gap.status])).toEqual([
      ['1.1', 'open'],
      ['1.2', 'open'],
      ['1.3', 'open'],
      ['2.1', 'provClosed'],
      ['2.2', 'open'],
      ['2.3', 'open'],
      ['3.1', 'dropped'],
      ['3.2', 'open'],
      ['4.1', 'open'],
      ['10.1', 'open'],
    ]);
    const byNumber = new Map(after.gaps.map((gap) => [gap.esapItemNumber, gap]));
    expect(byNumber.get('3.1')).toMatchObject({
      displayStatus: 'dropped',
      remark: [{ comments: 'Audit énergétique commandé au bureau Enerji A.Ş.' }],
    });
    expect(byNumber.get('1.2')).toMatchObject({
      dueDate: `${year}-09-30T00:00:00.000Z`,
      timetable: `30/09/${year}`,
      remark: [{ comments: 'Candidate retenue, prise de poste en juillet' }],
    });
    expect(byNumber.get('2.1')).toMatchObject({
      status: 'provClosed',
      responsibility: REVISION_1.changed['2.1'].responsibility,
    });
    // The dropped item counts in no figure: 9 items, of which 1 provisionally closed.
    expect(before.statistics.totalGaps).toBe(8);
    expect(after.statistics).toMatchObject({ totalGaps: 9, openGaps: 8, overdueGaps: 0 });
    expect(after.currentRevision).toBe(1);

    // Each changed gap's history names the revision.
    const history = await world.as.companyOwner({
      method: 'GET',
      url: `/api/v1/gap/${byNumber.get('1.2')!.id}/changes`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(history.statusCode).toBe(200);
    const reason = `Rev 1 of the ESAP: ${REVISION_1.note}`;
    expect(history.json().data.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'dueDate', reason }),
        expect.objectContaining({ field: 'timetable', reason }),
      ]),
    );
    const droppedHistory = await world.as.companyOwner({
      method: 'GET',
      url: `/api/v1/gap/${byNumber.get('3.1')!.id}/changes`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(droppedHistory.json().data.changes[0]).toMatchObject({
      field: 'status',
      oldValue: 'open',
      newValue: 'dropped',
      reason,
    });

    const listed = await revisions('auditorViewer');
    expect(listed.currentRevision).toBe(1);
    expect(
      listed.revisions.map((r: { number: number; note: string | null }) => [r.number, r.note]),
    ).toEqual([
      [1, REVISION_1.note],
      [0, null],
    ]);
    expect(listed.revisions[0].differences).toMatchObject({
      added: [{ itemNumber: '1.3' }, { itemNumber: '2.3' }],
      changed: [{ itemNumber: '1.2' }, { itemNumber: '2.1' }, { itemNumber: '3.2' }],
      dropped: [{ itemNumber: '3.1' }],
      unchanged: 4,
    });
  });

  it('keeps the dropped item out of the stored summaries, as a recount from the gaps does', async () => {
    const read = async () =>
      (
        await app.db.query<Record<string, unknown>>(
          `SELECT
             (SELECT jsonb_agg(jsonb_build_object('total', s.total, 'closed', s.closed,
                'provClosed', s.prov_closed, 'moderate', s.moderate))
              FROM action_plan_summaries s WHERE s.action_plan_id = $2) AS plan,
             (SELECT sum(s.moderate)::int FROM company_summaries s WHERE s.target_company_id = $1)
               AS company_moderate,
             (SELECT count(*)::int FROM gaps g WHERE g.target_company_id = $1
                AND g.risk_severity = 'moderate' AND gap_in_figures(g.status)) AS moderate_in_figures,
             (SELECT jsonb_agg(s ORDER BY s.auditor_id, s.requirement) FROM company_requirement_summaries s
              WHERE s.target_company_id = $1) AS requirements,
             (SELECT jsonb_agg(s ORDER BY s.auditor_id, s.sdg) FROM company_sdg_summaries s
              WHERE s.target_company_id = $1) AS sdgs`,
          [world.acmeId, planId],
        )
      ).rows[0]!;
    const stored = await read();
    expect(stored.plan).toEqual([{ total: 9, closed: 0, provClosed: 1, moderate: 9 }]);
    expect(stored.company_moderate).toBe(stored.moderate_in_figures);
    await app.db.query('SELECT company_summaries_recount(now())');
    expect(await read()).toEqual(stored);
  });

  it('keeps a dropped item’s status as it was: a status change is refused, nothing written', async () => {
    const before = await databaseDigest(app);
    const response = await world.as.auditorOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${(await gapNumbered('3.1')).id}/status`,
      query: { targetCompanyId: world.acmeId },
      payload: { status: 'closed' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'This ESAP item was dropped in Rev 1: its status stays as it was until a revision lists it again.',
    );
    expect(await databaseDigest(app)).toEqual(before);
  });

  it('imports the same revision again without a new revision', async () => {
    const before = await databaseDigest(app);
    const response = await importAs(importForm(await revisedEsapWorkbook(year)), {
      actionPlanId: planId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.revision).toMatchObject({
      number: 1,
      recorded: false,
      added: [],
      changed: [],
      dropped: [],
      unchanged: 9,
    });
    expect(await databaseDigest(app)).toEqual(before);
  });

  it('offers a file already in a plan as its revision, and refuses a silent duplicate (409)', async () => {
    const file = await revisedEsapWorkbook(year);
    const dry = await importAs(importForm(file), { dryRun: 'true' });
    expect(dry.statusCode).toBe(200);
    expect(dry.json().data.matchingPlan).toEqual({
      id: planId,
      actionPlanHeading: planFields.actionPlanHeading,
      matchingItems: 9,
      fileItems: 9,
    });
    const before = await databaseDigest(app);
    const refused = await importAs(importForm(file));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ESAP_ALREADY_IN_PLAN',
      message:
        "9 of the 9 items of this file are already in the action plan 'Anadolu Çelik ESAP': import it as a revision of that plan, or ask for a new plan explicitly.",
    });
    expect(await databaseDigest(app)).toEqual(before);
    const asked = await importAs(
      importForm(file, { ...planFields, actionPlanHeading: 'Anadolu Çelik ESAP (copie)' }),
      { newPlan: 'true' },
    );
    expect(asked.statusCode).toBe(201);
    expect(asked.json().data.gaps.imported).toBe(9);
  });

  it('keeps a renumbered item on its gap, and brings a dropped item back with its status', async () => {
    // Rev 2: 4.1 renumbered 4.2 (its action word for word the same), 3.1 listed again.
    const rows = revisedEsapRows(year).map((row) =>
      row[0] === '4.1' ? ['4.2', ...row.slice(1)] : row,
    );
    const original = originalEsapRows(year).find((row) => row[0] === '3.1')!;
    rows.splice(
      rows.findIndex((row) => row[0] === '3.2'),
      0,
      original,
    );
    const fourOne = await gapNumbered('4.1');
    const response = await importAs(
      importForm(await revisedEsapWorkbook(year, rows), {
        ...planFields,
        revisionNote: 'Renumérotation',
      }),
      { actionPlanId: planId },
    );
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.revision).toMatchObject({
      number: 2,
      added: [],
      dropped: [],
      changed: [
        { itemNumber: '3.1', reinstated: true, renumberedFrom: null, changes: [] },
        {
          itemNumber: '4.2',
          gapId: fourOne.id,
          renumberedFrom: '4.1',
          changes: [{ field: 'esapItemNumber', oldValue: '4.1', newValue: '4.2' }],
        },
      ],
    });
    expect(data.warnings).toContainEqual(
      expect.objectContaining({
        itemNumber: '4.2',
        message:
          'ESAP item 4.1 is now numbered 4.2 (its action is word for word the same): it keeps its gap.',
      }),
    );
    const after = await detail();
    expect(after.gaps.find((gap) => gap.id === fourOne.id)?.esapItemNumber).toBe('4.2');
    expect(after.gaps.find((gap) => gap.esapItemNumber === '3.1')).toMatchObject({
      status: 'open',
      remark: [{ comments: 'Audit énergétique commandé au bureau Enerji A.Ş.' }],
    });
    expect(after.statistics.totalGaps).toBe(10);
    expect((await revisions()).currentRevision).toBe(2);
  });
});
