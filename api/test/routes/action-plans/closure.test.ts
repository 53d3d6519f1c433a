// The closure loop: a company asks for a gap to be closed on its photo evidence, a reviewer accepts
// (desk review: Prov Close; site verification: Closed) or returns it with a reason.
import type { FastifyInstance } from 'fastify';
import {
  CLOSURE_METHOD_REQUIRED,
  CLOSURE_NEEDS_EVIDENCE,
  CLOSURE_NEEDS_REVIEW,
  CLOSURE_NOT_PENDING,
  CLOSURE_NOT_REQUESTABLE,
  CLOSURE_PENDING_SELECTOR,
  CLOSURE_RETURN_REASON_SHORT,
  CLOSURE_COMMENT_TOO_LONG,
  CLOSURE_FLAG_UNKNOWN,
  CLOSURE_VISIT_DATE_FUTURE,
  CLOSURE_VISIT_DATE_REQUIRED,
  CLOSURE_VISITED_BY_REQUIRED,
  CLOSURE_VISITED_BY_TOO_LONG,
  ESAP_CSV_COLUMNS,
  closureFlagsUnconfirmed,
} from '@verity/shared-api/src/server';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, validGap, type World } from './fixtures';

/** A 1x1 PNG: a real image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const BOUNDARY = '----verity-closure-test';

function remarkBody(comments: string, withPhoto: boolean) {
  const chunks = [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="comments"\r\n\r\n${comments}\r\n`,
    ),
  ];
  if (withPhoto) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="documents"; filename="fixed.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

interface GapAnswer {
  id: string;
  status: string;
  displayStatus: string;
  statusHistory: { status: string }[];
  remark: { comments: string; user: { fullname: string; userType: string } }[];
  closure: {
    note: string | null;
    requestedBy: { fullname: string };
    review: null | {
      decision: string;
      method: string | null;
      reason: string | null;
      comment?: string | null;
      reviewedBy: { fullname: string; userType: string };
    };
  } | null;
}

/** Today's date, UTC (YYYY-MM-DD). */
const today = () => new Date().toISOString().slice(0, 10);
/** A date `days` after today (before, when negative). */
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

describe.each(databaseKinds)('the closure loop on %s', (kind) => {
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

  async function newGap(body: object = {}) {
    const response = await world.as.auditorOwner({
      method: 'POST',
      url: `/api/v1/action-plan/${planId}/gaps`,
      query: { auditId: world.audits.ap },
      payload: { ...validGap(), ...body },
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { data: { gap: GapAnswer } }).data.gap.id;
  }
  const remark = (as: keyof World['as'], gapId: string, comments: string, withPhoto = true) =>
    world.as[as]({
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/remark`,
      query: { targetCompanyId: world.acmeId },
      ...remarkBody(comments, withPhoto),
    });
  const request = (
    as: keyof World['as'],
    gapId: string,
    body: object = {},
    company = world.acmeId,
  ) =>
    world.as[as]({
      method: 'POST',
      url: `/api/v1/gap/${gapId}/closure-request`,
      query: { targetCompanyId: company },
      payload: body,
    });
  const review = (as: keyof World['as'], gapId: string, body: object, company = world.acmeId) =>
    world.as[as]({
      method: 'POST',
      url: `/api/v1/gap/${gapId}/closure-review`,
      query: { targetCompanyId: company },
      payload: body,
    });
  const setStatus = (as: keyof World['as'], gapId: string, status: string) =>
    world.as[as]({
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/status`,
      query: { targetCompanyId: world.acmeId },
      payload: { status },
    });
  const settings = (as: keyof World['as'], closureNeedsReview: boolean) =>
    world.as[as]({
      method: 'PUT',
      url: '/api/v1/client/settings',
      payload: { closureNeedsReview },
    });
  const gapOf = (response: { json: () => unknown }) =>
    (response.json() as { data: { gap: GapAnswer } }).data.gap;
  const stored = async (gapId: string) =>
    (
      await app.db.query<{ status: string; requests: number; remarks: number }>(
        `SELECT g.status, (SELECT count(*)::int FROM closure_requests c WHERE c.gap_id = g.id) AS requests,
           (SELECT count(*)::int FROM remarks r WHERE r.gap_id = g.id) AS remarks
         FROM gaps g WHERE g.id = $1`,
        [gapId],
      )
    ).rows[0];

  it('refuses a request without a photo remark since the gap was opened, changing nothing', async () => {
    const gapId = await newGap();
    const before = await stored(gapId);
    let response = await request('companyOwner', gapId);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, message: CLOSURE_NEEDS_EVIDENCE });
    // A remark without an image is no evidence either.
    expect((await remark('companyOwner', gapId, 'Done, no photo', false)).statusCode).toBe(200);
    response = await request('companyOwner', gapId);
    expect(response.statusCode).toBe(422);
    expect(await stored(gapId)).toEqual({ ...before, remarks: 1 });
  });

  it("sends a gap with a photo remark for review: 'pending', with who asked and their note", async () => {
    const gapId = await newGap();
    expect((await remark('companyOwner', gapId, 'Meters installed, see photo')).statusCode).toBe(
      200,
    );
    const response = await request('companyOwner', gapId, { note: '  Installed on all lines ' });
    expect(response.statusCode).toBe(200);
    const gap = gapOf(response);
    expect(gap).toMatchObject({
      status: 'pending',
      displayStatus: 'pending',
      closure: { note: 'Installed on all lines', review: null },
    });
    expect(gap.closure?.requestedBy.fullname).toBeTruthy();
    expect(gap.statusHistory.map((entry) => entry.status)).toEqual(['open', 'pending']);

    // Asking again while it waits is a conflict, and changes nothing.
    const again = await request('companyOwner', gapId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: CLOSURE_NOT_REQUESTABLE });
    expect(await stored(gapId)).toMatchObject({ status: 'pending', requests: 1 });
  });

  it('lets only company owners, admins and editors ask, and only on their own gaps', async () => {
    const gapId = await newGap();
    await remark('companyOwner', gapId, 'Photo attached');
    for (const as of ['companyViewer', 'clientOwner', 'auditorOwner'] as const) {
      expect((await request(as, gapId)).statusCode).toBe(403);
    }
    // Another client's company user: the gap is not theirs to see.
    expect((await request('betaOwner', gapId, {}, world.betaId)).statusCode).toBe(404);
    expect((await request('betaOwner', gapId)).statusCode).toBe(404);
    expect(await stored(gapId)).toMatchObject({ status: 'open', requests: 0 });
  });

  it('returns a gap with a reason kept as a remark; old evidence no longer counts', async () => {
    const gapId = await newGap();
    await remark('companyOwner', gapId, 'First photo');
    expect((await request('companyOwner', gapId)).statusCode).toBe(200);

    const short = await review('auditorOwner', gapId, { decision: 'return', reason: 'No.' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: CLOSURE_RETURN_REASON_SHORT });
    expect(await stored(gapId)).toMatchObject({ status: 'pending' });
    expect(
      (await review('auditorEditor', gapId, { decision: 'return', reason: 'x'.repeat(20) }))
        .statusCode,
    ).toBe(403);

    const reason = 'The photo shows line 1 only; show lines 2 and 3.';
    const returned = await review('auditorAdmin', gapId, { decision: 'return', reason });
    expect(returned.statusCode).toBe(200);
    const gap = gapOf(returned);
    expect(gap.status).toBe('open');
    expect(gap.closure?.review).toMatchObject({
      decision: 'return',
      reason,
      method: null,
      reviewedBy: { userType: 'auditor' },
    });
    expect(gap.remark.at(-1)).toMatchObject({ comments: reason, user: { userType: 'auditor' } });
    expect(gap.statusHistory.map((entry) => entry.status)).toEqual(['open', 'pending', 'open']);
    // The change history has the return's remark and both status changes, newest first.
    expect(
      (gap as unknown as { changeHistory: { field: string }[] }).changeHistory
        .slice(0, 4)
        .map((entry) => entry.field),
    ).toEqual(['status', 'remark', 'status', 'remark']);

    // The first photo was before the return: a new one is needed.
    expect((await request('companyOwner', gapId)).statusCode).toBe(422);
    await remark('companyOwner', gapId, 'Lines 2 and 3 now');
    expect((await request('companyOwner', gapId)).statusCode).toBe(200);
  });

  it('accepts with the verification method: desk review gives Prov Close, site verification Closed', async () => {
    const desk = await newGap();
    const site = await newGap();
    for (const gapId of [desk, site]) {
      await remark('companyOwner', gapId, 'Photo of the fix');
      expect((await request('companyOwner', gapId)).statusCode).toBe(200);
    }
    const noMethod = await review('clientOwner', desk, { decision: 'accept' });
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json()).toMatchObject({ message: CLOSURE_METHOD_REQUIRED });
    expect(
      (await review('clientViewer', desk, { decision: 'accept', method: 'desk' })).statusCode,
    ).toBe(403);

    // The same photo is on earlier gaps of the client: the reviewer says they checked that.
    const checked = { checkedFlags: ['sameFileOnAnotherGap'] };
    const byDesk = await review('clientOwner', desk, {
      decision: 'accept',
      method: 'desk',
      ...checked,
    });
    expect(byDesk.statusCode).toBe(200);
    expect(gapOf(byDesk)).toMatchObject({
      status: 'provClosed',
      closure: {
        review: { decision: 'accept', method: 'desk', reviewedBy: { userType: 'client' } },
      },
    });
    const bySite = await review('auditorOwner', site, {
      decision: 'accept',
      method: 'site',
      visitDate: today(),
      visitedBy: 'Aditi, auditor',
      ...checked,
    });
    expect(gapOf(bySite)).toMatchObject({
      status: 'closed',
      closure: { review: { method: 'site' } },
    });

    // Nothing waits any more.
    const late = await review('auditorOwner', site, { decision: 'accept', method: 'desk' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: CLOSURE_NOT_PENDING });
    expect(await stored(site)).toMatchObject({ status: 'closed' });
  });

  it('accepts only with the method chosen; a site verification needs its visit; all is kept in the history', async () => {
    const gapId = await newGap();
    await remark('companyOwner', gapId, 'Photo of the fix');
    expect((await request('companyOwner', gapId)).statusCode).toBe(200);
    const pending = await stored(gapId);
    const site = {
      decision: 'accept',
      method: 'site',
      visitDate: today(),
      visitedBy: 'Sam Site',
      checkedFlags: ['sameFileOnAnotherGap'],
    };
    const refusals: [object, string][] = [
      [{ decision: 'accept' }, CLOSURE_METHOD_REQUIRED],
      [{ decision: 'accept', method: '' }, CLOSURE_METHOD_REQUIRED],
      [{ ...site, visitDate: undefined }, CLOSURE_VISIT_DATE_REQUIRED],
      [{ ...site, visitDate: '31/12/2025' }, CLOSURE_VISIT_DATE_REQUIRED],
      [{ ...site, visitDate: '2025-02-30' }, CLOSURE_VISIT_DATE_REQUIRED],
      [{ ...site, visitDate: dayFromToday(2) }, CLOSURE_VISIT_DATE_FUTURE],
      [{ ...site, visitedBy: '   ' }, CLOSURE_VISITED_BY_REQUIRED],
      [{ ...site, visitedBy: 'v'.repeat(201) }, CLOSURE_VISITED_BY_TOO_LONG],
      [{ ...site, comment: 'c'.repeat(2001) }, CLOSURE_COMMENT_TOO_LONG],
      [{ ...site, checkedFlags: ['looksFine'] }, CLOSURE_FLAG_UNKNOWN],
    ];
    for (const [body, message] of refusals) {
      const response = await review('clientOwner', gapId, body);
      expect({ body, status: response.statusCode, message: response.json().message }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    expect(await stored(gapId)).toEqual(pending);

    const visitDate = dayFromToday(-3);
    const accepted = await review('clientOwner', gapId, {
      ...site,
      visitDate,
      visitedBy: '  Sam Site, E&S consultant ',
      comment: ' Walked all three lines. ',
    });
    expect(accepted.statusCode).toBe(200);
    const gap = gapOf(accepted);
    expect(gap.status).toBe('closed');
    expect(gap.closure?.review).toMatchObject({
      decision: 'accept',
      method: 'site',
      comment: 'Walked all three lines.',
      visitDate,
      visitedBy: 'Sam Site, E&S consultant',
      checkedFlags: ['sameFileOnAnotherGap'],
    });
    const history = (gap as unknown as { changeHistory: { field: string; newValue: unknown }[] })
      .changeHistory;
    expect(history.slice(0, 2).map((entry) => entry.field)).toEqual(['status', 'closureReview']);
    expect(history[1]!.newValue).toEqual({
      decision: 'accept',
      method: 'site',
      comment: 'Walked all three lines.',
      visitDate,
      visitedBy: 'Sam Site, E&S consultant',
      checkedFlags: ['sameFileOnAnotherGap'],
    });
  });

  it('refuses to accept flagged evidence until the reviewer confirms they checked it', async () => {
    const gapId = await newGap();
    // The same photo as on the client's earlier gaps: flagged 'Same file as on gap …'.
    await remark('companyOwner', gapId, 'Photo of the fix');
    expect((await request('companyOwner', gapId)).statusCode).toBe(200);
    const pending = await stored(gapId);
    for (const checkedFlags of [undefined, [], ['takenBeforeGap']]) {
      const refused = await review('auditorOwner', gapId, {
        decision: 'accept',
        method: 'desk',
        checkedFlags,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        message: closureFlagsUnconfirmed(['sameFileOnAnotherGap']),
      });
    }
    expect(await stored(gapId)).toEqual(pending);

    const accepted = await review('auditorOwner', gapId, {
      decision: 'accept',
      method: 'desk',
      // A flag the evidence does not carry is not kept.
      checkedFlags: ['takenBeforeGap', 'sameFileOnAnotherGap'],
    });
    expect(accepted.statusCode).toBe(200);
    expect(gapOf(accepted)).toMatchObject({
      status: 'provClosed',
      closure: {
        review: {
          method: 'desk',
          comment: null,
          visitDate: null,
          visitedBy: null,
          checkedFlags: ['sameFileOnAnotherGap'],
        },
      },
    });
  });

  it('never counts a gap waiting for review as overdue', async () => {
    const gapId = await newGap();
    await remark('companyOwner', gapId, 'Photo of the fix');
    // Its due date passes while it waits.
    await app.db.query(`UPDATE gaps SET due_date = now() - interval '2 days' WHERE id = $1`, [
      gapId,
    ]);
    const before = await world.as.clientOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}`,
      query: { targetCompanyId: world.acmeId },
    });
    const overdueBefore = before.json().data.statistics.overdueGaps as number;
    expect((await request('companyOwner', gapId)).statusCode).toBe(200);
    const after = await world.as.clientOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}`,
      query: { targetCompanyId: world.acmeId },
    });
    const { statistics, gaps } = after.json().data as {
      statistics: { overdueGaps: number };
      gaps: GapAnswer[];
    };
    expect(statistics.overdueGaps).toBe(overdueBefore - 1);
    expect(gaps.find((gap) => gap.id === gapId)?.displayStatus).toBe('pending');
  });

  it("with 'Closure needs evidence review' on, the selector cannot close; off, it works as the spec says", async () => {
    const gapId = await newGap();
    expect((await settings('clientViewer', true)).statusCode).toBe(403);
    const on = await settings('clientOwner', true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ data: { settings: { closureNeedsReview: true } } });
    for (const status of ['closed', 'provClosed']) {
      const refused = await setStatus('clientOwner', gapId, status);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: CLOSURE_NEEDS_REVIEW });
    }
    expect(await stored(gapId)).toMatchObject({ status: 'open' });
    // Every client user reads the setting.
    const read = await world.as.clientViewer({ method: 'GET', url: '/api/v1/client/settings' });
    expect(read.json()).toMatchObject({ data: { settings: { closureNeedsReview: true } } });

    expect((await settings('clientOwner', false)).statusCode).toBe(200);
    expect((await setStatus('clientOwner', gapId, 'provClosed')).statusCode).toBe(200);
  });

  it('keeps the selector off a gap waiting for review', async () => {
    const gapId = await newGap();
    await remark('companyOwner', gapId, 'Photo');
    await request('companyOwner', gapId);
    const refused = await setStatus('auditorOwner', gapId, 'closed');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: CLOSURE_PENDING_SELECTOR });
    expect(await stored(gapId)).toMatchObject({ status: 'pending' });
  });

  it("exports when closure was asked, who verified it and how, and the last evidence's date", async () => {
    const gapId = await newGap({ KPI: 'Closure export check' });
    await remark('companyOwner', gapId, 'Photo of the fix');
    await request('companyOwner', gapId);
    const accepted = await review('auditorOwner', gapId, {
      decision: 'accept',
      method: 'site',
      visitDate: today(),
      visitedBy: 'Aditi, auditor',
      checkedFlags: ['sameFileOnAnotherGap'],
    });
    const verifier = gapOf(accepted).closure?.review?.reviewedBy.fullname;
    const response = await world.as.clientOwner({
      method: 'GET',
      url: '/api/v1/action-plan/export/csv',
      query: { targetCompanyId: world.acmeId, auditId: world.audits.ap },
    });
    expect(response.statusCode).toBe(200);
    const [header, ...lines] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const headings = header!.split(',').map((cell) => cell.replace(/^"|"$/g, ''));
    // The closure loop's four columns, then the lender's (ESAP) columns.
    const esapColumns = ESAP_CSV_COLUMNS.length;
    expect(headings.slice(-4 - esapColumns, -esapColumns)).toEqual([
      'Closure Requested At',
      'Verified By',
      'Verification Method',
      'Last Evidence Date',
    ]);
    const exportDay = today();
    const line = lines.find((text) => text.includes('Closure export check'))!;
    const cells = line.split(',').map((cell) => cell.replace(/^"|"$/g, ''));
    expect(cells.slice(-4 - esapColumns, -esapColumns)).toEqual([
      exportDay,
      verifier,
      'Site verification',
      exportDay,
    ]);
  });

  it('answers bad input with a 4xx and changes nothing', async () => {
    const gapId = await newGap();
    await remark('companyOwner', gapId, 'Photo of the fix');
    const open = await stored(gapId);
    const requests = [
      await request('companyOwner', gapId, { note: 'Fixed\u0000 on site' }),
      await request('companyOwner', gapId, { note: 'x'.repeat(2001) }),
      await request('companyOwner', gapId, { note: { text: 'a' } }),
      await request('companyOwner', 'not-a-gap'),
    ];
    expect(requests.map((response) => response.statusCode)).toEqual([400, 400, 400, 400]);
    expect(await stored(gapId)).toEqual(open);

    expect((await request('companyOwner', gapId)).statusCode).toBe(200);
    const pending = await stored(gapId);
    const reviews = [
      await review('auditorOwner', gapId, { decision: 7 }),
      await review('auditorOwner', gapId, { decision: 'accept', method: 'drone' }),
      await review('auditorOwner', gapId, {
        decision: 'return',
        reason: 'Blurry\u0000 photo here',
      }),
      await review('auditorOwner', gapId, { decision: 'return', reason: 'r'.repeat(5001) }),
      await world.as.clientOwner({
        method: 'PUT',
        url: '/api/v1/client/settings',
        payload: { closureNeedsReview: 'sometimes' },
      }),
    ];
    expect(reviews.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(await stored(gapId)).toEqual(pending);
  });
});
