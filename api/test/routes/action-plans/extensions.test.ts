// Due-date extensions (docs/decisions/0086-due-date-extensions.md): a company asks for a later due
// date with a reason; the client (or the auditor firm, as the client's setting says) answers; an
// approval moves the due date, and the history keeps the request and the answer.
import type { FastifyInstance } from 'fastify';
import {
  DUE_DATE_AFTER_TIMELINE,
  DUE_DATE_IN_FUTURE,
  EXTENSION_ALREADY_PENDING,
  EXTENSION_APPROVER_UNKNOWN,
  EXTENSION_COMMENT_TOO_LONG,
  EXTENSION_DATE_NOT_LATER,
  EXTENSION_DATE_REQUIRED,
  EXTENSION_DECISION_REQUIRED,
  EXTENSION_NOT_APPROVER,
  EXTENSION_NOT_PENDING,
  EXTENSION_DUE_FROM_MILESTONE,
  EXTENSION_NOT_REQUESTABLE,
  EXTENSION_REASON_REQUIRED,
  EXTENSION_REASON_TOO_LONG,
} from '@verity/shared-api/src/server';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, inDays, validGap, type World } from './fixtures';

interface GapAnswer {
  id: string;
  dueDate: string | null;
  extension: {
    dueDate: string;
    currentDueDate: string | null;
    reason: string;
    approver: string;
    requestedBy: { fullname: string };
    answer: null | {
      decision: string;
      comment: string | null;
      answeredBy: { fullname: string; userType: string };
    };
  } | null;
  changeHistory: { field: string; oldValue: unknown; newValue: unknown; reason: string | null }[];
}

describe.each(databaseKinds)('due-date extensions on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let planId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    world = await buildWorld(app);
    planId = await createPlan(world);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  async function newGap() {
    const response = await world.as.auditorOwner({
      method: 'POST',
      url: `/api/v1/action-plan/${planId}/gaps`,
      query: { auditId: world.audits.ap },
      payload: validGap(),
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { data: { gap: GapAnswer } }).data.gap;
  }
  const ask = (as: keyof World['as'], gapId: string, body: object, company = world.acmeId) =>
    world.as[as]({
      method: 'POST',
      url: `/api/v1/gap/${gapId}/extension-request`,
      query: { targetCompanyId: company },
      payload: body,
    });
  const answer = (as: keyof World['as'], gapId: string, body: object, company = world.acmeId) =>
    world.as[as]({
      method: 'POST',
      url: `/api/v1/gap/${gapId}/extension-answer`,
      query: { targetCompanyId: company },
      payload: body,
    });
  const approver = (value: unknown) =>
    world.as.clientOwner({
      method: 'PUT',
      url: '/api/v1/client/settings',
      payload: { extensionApprover: value },
    });
  const gapOf = (response: { json: () => unknown }) =>
    (response.json() as { data: { gap: GapAnswer } }).data.gap;
  const stored = async (gapId: string) =>
    (
      await app.db.query<{ due: Date; requests: number; waiting: number; changes: number }>(
        `SELECT g.due_date AS due,
           (SELECT count(*)::int FROM gap_extension_requests x WHERE x.gap_id = g.id) AS requests,
           (SELECT count(*)::int FROM gap_extension_requests x WHERE x.gap_id = g.id AND x.decision IS NULL) AS waiting,
           (SELECT count(*)::int FROM change_history c WHERE c.gap_id = g.id) AS changes
         FROM gaps g WHERE g.id = $1`,
        [gapId],
      )
    ).rows[0];

  it('asks, the client approves: the due date moves and the history keeps both', async () => {
    const gap = await newGap();
    const dueDate = inDays(45);
    const asked = await ask('companyOwner', gap.id, {
      dueDate,
      reason: '  The meters ship in six weeks. ',
    });
    expect(asked.statusCode).toBe(200);
    const waiting = gapOf(asked);
    expect(waiting.dueDate).toBe(gap.dueDate);
    expect(waiting.extension).toMatchObject({
      dueDate,
      currentDueDate: gap.dueDate,
      reason: 'The meters ship in six weeks.',
      approver: 'client',
      answer: null,
    });
    expect(waiting.changeHistory[0]).toMatchObject({
      field: 'extensionRequest',
      newValue: { dueDate, reason: 'The meters ship in six weeks.' },
    });

    // One request waits at a time.
    const again = await ask('companyOwner', gap.id, { dueDate: inDays(50), reason: 'Later still' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: EXTENSION_ALREADY_PENDING });

    // The auditor does not answer while the client's setting names the client.
    const notTheirs = await answer('auditorOwner', gap.id, { decision: 'approve' });
    expect(notTheirs.statusCode).toBe(409);
    expect(notTheirs.json()).toMatchObject({ message: EXTENSION_NOT_APPROVER('client') });
    expect(await stored(gap.id)).toMatchObject({ waiting: 1 });

    const approved = await answer('clientOwner', gap.id, {
      decision: 'approve',
      comment: 'Fine, keep us posted.',
    });
    expect(approved.statusCode).toBe(200);
    const moved = gapOf(approved);
    expect(moved.dueDate).toBe(dueDate);
    expect(moved.extension?.answer).toMatchObject({
      decision: 'approve',
      comment: 'Fine, keep us posted.',
      answeredBy: { userType: 'client' },
    });
    expect(moved.changeHistory.slice(0, 3)).toMatchObject([
      {
        field: 'dueDate',
        oldValue: gap.dueDate,
        newValue: dueDate,
        reason: 'The meters ship in six weeks.',
      },
      {
        field: 'extensionAnswer',
        newValue: { decision: 'approve', dueDate, comment: 'Fine, keep us posted.' },
      },
      { field: 'extensionRequest' },
    ]);

    // Nothing waits any more; a new request may be made.
    const late = await answer('clientOwner', gap.id, { decision: 'decline' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: EXTENSION_NOT_PENDING });
    expect(
      (await ask('companyOwner', gap.id, { dueDate: inDays(55), reason: 'Again' })).statusCode,
    ).toBe(200);
  });

  it('a decline keeps the due date; with the setting on the auditor, the firm answers', async () => {
    const gap = await newGap();
    expect((await approver('auditor')).statusCode).toBe(200);
    try {
      await ask('companyOwner', gap.id, { dueDate: inDays(40), reason: 'Supplier delay' });
      const client = await answer('clientOwner', gap.id, { decision: 'approve' });
      expect(client.statusCode).toBe(409);
      expect(client.json()).toMatchObject({ message: EXTENSION_NOT_APPROVER('auditor') });
      expect((await answer('auditorEditor', gap.id, { decision: 'decline' })).statusCode).toBe(403);
      const declined = await answer('auditorAdmin', gap.id, { decision: 'decline' });
      expect(declined.statusCode).toBe(200);
      const kept = gapOf(declined);
      expect(kept.dueDate).toBe(gap.dueDate);
      expect(kept.extension).toMatchObject({
        approver: 'auditor',
        answer: { decision: 'decline', comment: null, answeredBy: { userType: 'auditor' } },
      });
      expect(kept.changeHistory.map((entry) => entry.field).slice(0, 2)).toEqual([
        'extensionAnswer',
        'extensionRequest',
      ]);
    } finally {
      expect((await approver('client')).statusCode).toBe(200);
    }
  });

  it('lets only the company’s owners, admins and editors ask, on their own gaps', async () => {
    const gap = await newGap();
    const body = { dueDate: inDays(40), reason: 'Supplier delay' };
    for (const as of ['companyViewer', 'clientOwner', 'auditorOwner'] as const) {
      expect((await ask(as, gap.id, body)).statusCode).toBe(403);
    }
    expect((await ask('betaOwner', gap.id, body, world.betaId)).statusCode).toBe(404);
    expect((await answer('otherClient', gap.id, { decision: 'approve' })).statusCode).toBe(404);
    expect(await stored(gap.id)).toMatchObject({ requests: 0 });
  });

  it('refuses a closed gap, and answers bad input with a 400 that changes nothing', async () => {
    const gap = await newGap();
    const before = await stored(gap.id);
    const refusals: [object, string][] = [
      [{ reason: 'Supplier delay' }, EXTENSION_DATE_REQUIRED],
      [{ dueDate: 'next month', reason: 'Supplier delay' }, EXTENSION_DATE_REQUIRED],
      [{ dueDate: inDays(-2), reason: 'Supplier delay' }, DUE_DATE_IN_FUTURE],
      [{ dueDate: inDays(10), reason: 'Supplier delay' }, EXTENSION_DATE_NOT_LATER],
      [{ dueDate: inDays(90), reason: 'Supplier delay' }, DUE_DATE_AFTER_TIMELINE],
      [{ dueDate: inDays(40) }, EXTENSION_REASON_REQUIRED],
      [{ dueDate: inDays(40), reason: '   ' }, EXTENSION_REASON_REQUIRED],
      [{ dueDate: inDays(40), reason: 'r'.repeat(2001) }, EXTENSION_REASON_TOO_LONG],
    ];
    for (const [body, message] of refusals) {
      const response = await ask('companyOwner', gap.id, body);
      expect({ body, status: response.statusCode, message: response.json().message }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    // What the schema or the database refuses: a 400 as well.
    const unstorable = [
      await ask('companyOwner', gap.id, { dueDate: inDays(40), reason: 'Supplier\u0000 delay' }),
      await ask('companyOwner', gap.id, { dueDate: inDays(40), reason: { text: 'a' } }),
      await ask('companyOwner', gap.id, { dueDate: '999999-01-01', reason: 'Supplier delay' }),
      await ask('companyOwner', 'not-a-gap', { dueDate: inDays(40), reason: 'Supplier delay' }),
    ];
    expect(unstorable.map((response) => response.statusCode)).toEqual([400, 400, 400, 400]);
    expect(await stored(gap.id)).toEqual(before);

    await ask('companyOwner', gap.id, { dueDate: inDays(40), reason: 'Supplier delay' });
    const waiting = await stored(gap.id);
    const answers: [object, string][] = [
      [{}, EXTENSION_DECISION_REQUIRED],
      [{ decision: 'maybe' }, EXTENSION_DECISION_REQUIRED],
      [{ decision: 'approve', comment: 'c'.repeat(2001) }, EXTENSION_COMMENT_TOO_LONG],
    ];
    for (const [body, message] of answers) {
      const response = await answer('clientOwner', gap.id, body);
      expect({ status: response.statusCode, message: response.json().message }).toEqual({
        status: 400,
        message,
      });
    }
    const nul = await answer('clientOwner', gap.id, {
      decision: 'decline',
      comment: 'No\u0000 way',
    });
    expect(nul.statusCode).toBe(400);
    expect((await approver('everyone')).json()).toMatchObject({
      message: EXTENSION_APPROVER_UNKNOWN,
    });
    expect(await stored(gap.id)).toEqual(waiting);

    const closed = await newGap();
    await world.as.clientOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${closed.id}/status`,
      query: { targetCompanyId: world.acmeId },
      payload: { status: 'closed' },
    });
    const refused = await ask('companyOwner', closed.id, {
      dueDate: inDays(40),
      reason: 'Why not',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: EXTENSION_NOT_REQUESTABLE });

    // Due relative to a milestone: its date moves with the milestone's, never on its own.
    const relative = await newGap();
    await app.db.query(
      `UPDATE gaps SET due_milestone = 'Financial close', due_offset_months = 6 WHERE id = $1`,
      [relative.id],
    );
    const fromMilestone = await ask('companyOwner', relative.id, {
      dueDate: inDays(40),
      reason: 'Financial close slipped',
    });
    expect({ status: fromMilestone.statusCode, body: fromMilestone.json() }).toMatchObject({
      status: 409,
      body: { message: EXTENSION_DUE_FROM_MILESTONE('Financial close') },
    });
    expect(await stored(relative.id)).toMatchObject({ requests: 0 });
  });
});
