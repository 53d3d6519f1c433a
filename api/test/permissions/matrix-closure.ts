// The matrix rows of the closure loop (request, review) and of the client's portfolio settings.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HOME_MARKER } from './fixtures';
import { json, type MatrixRow } from './matrix-types';
import { PNG_BYTES, type RequestContext } from './requests';

/**
 * A new gap in the home plan for an allowed call to act on: open with a photo remark since
 * (`pending`: waiting for review), so each allowed caller's call succeeds on its own gap.
 */
async function freshHomeGap(ctx: RequestContext, state: 'withEvidence' | 'pending') {
  const { db } = ctx.app;
  const status = state === 'pending' ? 'pending' : 'open';
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO gaps (action_plan_id, target_company_id, kpi, gap_name, recommendation, responsibility, status)
     VALUES ($1, $2, $3, 'Closure check', 'Fix it', 'Plant Head', $4) RETURNING id`,
    [ctx.ids.actionPlanId, ctx.ids.targetCompanyId, `Closure ${ctx.serial} ${HOME_MARKER}`, status],
  );
  const gapId = rows[0]!.id;
  await db.query(
    `INSERT INTO gap_status_history (gap_id, status, changed_at) VALUES ($1, 'open', now() - interval '1 hour')`,
    [gapId],
  );
  const remark = await db.query<{ id: string }>(
    `INSERT INTO remarks (gap_id, comments, user_type, fullname, role)
     VALUES ($1, 'Photo of the fix', 'targetCompany', 'Company Editor', 'editor') RETURNING id`,
    [gapId],
  );
  const folder = path.join(ctx.app.config.dataDir, 'attachments');
  const storageKey = `${randomUUID()}.png`;
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, storageKey), PNG_BYTES);
  await db.query(
    `INSERT INTO remark_documents (remark_id, storage_key, file_name, content_type, size)
     VALUES ($1, $2, 'fix.png', 'image/png', $3)`,
    [remark.rows[0]!.id, storageKey, PNG_BYTES.length],
  );
  if (state === 'pending') {
    await db.query(`INSERT INTO gap_status_history (gap_id, status) VALUES ($1, 'pending')`, [
      gapId,
    ]);
    await db.query(
      `INSERT INTO closure_requests (gap_id, requested_by_name) VALUES ($1, 'Company Editor')`,
      [gapId],
    );
  }
  return gapId;
}

/** The gap a call names: a fresh home gap in the state it needs when own, the given ids otherwise. */
const gapOf = async (ctx: RequestContext, state: 'withEvidence' | 'pending') =>
  ctx.target === 'own' ? freshHomeGap(ctx, state) : ctx.ids.gapId;

export const CLOSURE_ROWS: readonly MatrixRow[] = [
  {
    route: 'POST /gap/{id}/closure-request',
    write: true,
    own: {
      client: [403, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [200, 200, 200, 403],
    },
    foreign: {
      client: [403, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [404, 404, 404, 403],
    },
    mixed: ['gapId'],
    request: async (ctx) =>
      json(
        'POST',
        `/gap/${await gapOf(ctx, 'withEvidence')}/closure-request`,
        { note: 'Fixed, see the photo' },
        { targetCompanyId: ctx.ids.targetCompanyId },
      ),
  },
  {
    route: 'POST /gap/{id}/closure-review',
    write: true,
    own: {
      client: [200, 200, 200, 403],
      auditor: [200, 200, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    foreign: {
      client: [404, 404, 404, 403],
      auditor: [404, 404, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    mixed: ['gapId'],
    request: async (ctx) =>
      json(
        'POST',
        `/gap/${await gapOf(ctx, 'pending')}/closure-review`,
        { decision: 'accept', method: 'desk' },
        { targetCompanyId: ctx.ids.targetCompanyId },
      ),
  },
  {
    route: 'GET /client/settings',
    write: false,
    own: {
      client: [200, 200, 200, 200],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    request: () => ({ method: 'GET', url: '/client/settings' }),
  },
  {
    // Last of all: the allowed call turns evidence review on for the home client, and the status
    // selector's rows above expect it off.
    route: 'PUT /client/settings',
    write: true,
    own: {
      client: [200, 403, 403, 403],
      auditor: [403, 403, 403, 403],
      targetCompany: [403, 403, 403, 403],
    },
    request: async (ctx) => {
      const { rows } = await ctx.app.db.query<{ closure_needs_review: boolean }>(
        'SELECT closure_needs_review FROM clients WHERE id = $1',
        [ctx.fx.home.clientId],
      );
      return json('PUT', '/client/settings', {
        closureNeedsReview: !rows[0]!.closure_needs_review,
      });
    },
  },
];
