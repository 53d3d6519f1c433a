// The matrix rows of the closure loop (request, review), of due-date extensions (request, answer)
// and of the client's portfolio settings.
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

const DAY_MS = 86_400_000;

/**
 * A new open home gap due in 30 days (`waiting`: with an extension request to 45 days waiting), so
 * each allowed caller's call succeeds on its own gap.
 */
async function freshExtensionGap(ctx: RequestContext, waiting: boolean) {
  const { db } = ctx.app;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO gaps (action_plan_id, target_company_id, kpi, gap_name, recommendation, responsibility, due_date)
     VALUES ($1, $2, $3, 'Extension check', 'Fix it', 'Plant Head', now() + interval '30 days') RETURNING id`,
    [ctx.ids.actionPlanId, ctx.ids.targetCompanyId, `Extension ${ctx.serial} ${HOME_MARKER}`],
  );
  const gapId = rows[0]!.id;
  if (waiting) {
    await db.query(
      `INSERT INTO gap_extension_requests (gap_id, requested_by_name, current_due_date, new_due_date, reason)
       VALUES ($1, 'Company Editor', now() + interval '30 days', now() + interval '45 days', 'Supplier delay')`,
      [gapId],
    );
  }
  return gapId;
}

const extensionGapOf = async (ctx: RequestContext, waiting: boolean) =>
  ctx.target === 'own' ? freshExtensionGap(ctx, waiting) : ctx.ids.gapId;

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
    route: 'POST /gap/{id}/extension-request',
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
        `/gap/${await extensionGapOf(ctx, false)}/extension-request`,
        { dueDate: new Date(Date.now() + 45 * DAY_MS).toISOString(), reason: 'Supplier delay' },
        { targetCompanyId: ctx.ids.targetCompanyId },
      ),
  },
  {
    // Who answers is the client's setting: each call names its caller's own type (a client or a
    // firm caller is allowed by the permission; the other type's 409 is in extensions.test.ts).
    route: 'POST /gap/{id}/extension-answer',
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
    request: async (ctx) => {
      if (ctx.caller.userType !== 'targetCompany') {
        await ctx.app.db.query('UPDATE clients SET extension_approver = $2 WHERE id = $1', [
          ctx.fx.home.clientId,
          ctx.caller.userType,
        ]);
      }
      return json(
        'POST',
        `/gap/${await extensionGapOf(ctx, true)}/extension-answer`,
        { decision: 'approve', comment: 'Fine' },
        { targetCompanyId: ctx.ids.targetCompanyId },
      );
    },
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
