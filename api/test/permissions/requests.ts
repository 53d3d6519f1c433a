// Valid requests for the matrix: an allowed call must succeed, so a refusal can only come from the rules.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sharedIdentity } from '../support/shared-identity';
import type { FastifyInstance } from 'fastify';
import type { Caller } from './callers';
import { HOME_MARKER, inDays, insertUser, type Fixtures, type TenantIds } from './fixtures';

/**
 * own: the home tenant's objects; foreign: the foreign tenant's; mixed: the home tenant's scope
 * (company, audit, firm) around one foreign object, the way an id swapped in a URL would arrive.
 */
export type Target = 'own' | 'foreign' | 'mixed';

export interface RequestContext {
  app: FastifyInstance;
  fx: Fixtures;
  target: Target;
  /** The ids to send: the home tenant's, the foreign tenant's, or the home ones with the row's mixed keys foreign. */
  ids: TenantIds;
  caller: Caller;
  /** A number no other request of this run got, for unique names and emails. */
  serial: number;
  /** The attachment of the home (own) or the foreign (foreign, mixed) tenant's remark. */
  documentId: string;
}

/** A 1x1 PNG, the smallest image an attachment check accepts. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A gap of form type 'ap' that passes every shared gap rule. */
export function validGap(serial: number) {
  return {
    KPI: `Energy intensity ${serial}`,
    gapName: `No metering ${serial}`,
    recommendation: 'Install sub-meters',
    responsibility: 'Energy lead',
    actionTakenByCompany: 'Quotes requested',
    residualRisk: 'Low',
    riskSeverity: 'moderate',
    dueDate: inDays(20),
    ESGAspect: 'Environmental',
    timeline: inDays(40),
    impactedSDGs: ['SDG7'],
    fields: {},
    addOns: {},
  };
}

/** A fresh auditor firm engaged by the home client and not yet assigned to any company. */
export async function freshEngagedAuditor(ctx: RequestContext): Promise<string> {
  const { rows } = await ctx.app.db.query<{ id: string }>(
    `INSERT INTO auditors (auditor_name, registered_name, email_id)
     VALUES ($1, $1, $2) RETURNING id`,
    [`Fresh Firm ${ctx.serial} ${HOME_MARKER}`, `fresh.firm.${ctx.serial}@verity.test`],
  );
  const auditorId = rows[0]!.id;
  await ctx.app.db.query('INSERT INTO client_auditors (client_id, auditor_id) VALUES ($1, $2)', [
    ctx.fx.home.clientId,
    auditorId,
  ]);
  return auditorId;
}

/** A viewer of the home tenant's organisation of that user type who has not joined yet, for a call that may succeed. */
export function freshHomeMember(
  ctx: RequestContext,
  userType: 'client' | 'auditor' | 'targetCompany',
): Promise<string> {
  const organisationId = {
    client: ctx.fx.home.clientId,
    auditor: ctx.fx.home.auditorId,
    targetCompany: ctx.fx.home.targetCompanyId,
  }[userType];
  return insertUser(ctx.app.db, {
    email: `leaver.${ctx.serial}@verity.test`,
    fullname: `Leaver ${ctx.serial}`,
    userType,
    role: 'viewer',
    organisationId,
  });
}

/** The member a DELETE or a resent invitation aims at: a fresh (not yet joined) home member, or the foreign tenant's. */
export async function memberToManage(
  ctx: RequestContext,
  userType: 'client' | 'auditor' | 'targetCompany',
): Promise<string> {
  return ctx.target === 'own' ? freshHomeMember(ctx, userType) : ctx.ids.deletableUserIds[userType];
}

export function remarkForm(serial: number): FormData {
  const form = new FormData();
  form.append('comments', `Seen on the visit ${serial}`);
  form.append('documents', new Blob([PNG_BYTES], { type: 'image/png' }), `photo-${serial}.png`);
  return form;
}

/**
 * A remark the caller wrote on the gap a moment ago, with one stored photo: what its author may
 * withdraw (a viewer's, written before they became one, all the same).
 */
export async function ownRemarkToWithdraw(
  ctx: RequestContext,
): Promise<{ remarkId: string; documentId: string }> {
  const { rows } = await ctx.app.db.query<{ remark_id: string }>(
    `INSERT INTO remarks (gap_id, comments, user_id, user_type, fullname, role, author_organisation_id, withdrawable_until)
     SELECT $1, $2, u.id, u.user_type, u.fullname, u.role,
            COALESCE(u.client_id, u.auditor_id, u.target_company_id), now() + interval '1 hour'
     FROM users u WHERE lower(u.email) = lower($3) AND u.user_type = $4
     RETURNING id AS remark_id`,
    [
      ctx.ids.gapId,
      `Withdraw me ${ctx.serial} ${HOME_MARKER}`,
      ctx.caller.email,
      ctx.caller.userType,
    ],
  );
  const remarkId = rows[0]!.remark_id;
  const folder = path.join(ctx.app.config.dataDir, 'attachments');
  const storageKey = `${randomUUID()}.png`;
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, storageKey), PNG_BYTES);
  const document = await ctx.app.db.query<{ id: string }>(
    `INSERT INTO remark_documents (remark_id, storage_key, file_name, content_type, size)
     VALUES ($1, $2, 'withdraw-me.png', 'image/png', $3) RETURNING id`,
    [remarkId, storageKey, PNG_BYTES.length],
  );
  return { remarkId, documentId: document.rows[0]!.id };
}

/**
 * The organisation of the caller's user type in the target tenant (the home one for own, the foreign
 * one otherwise): its users column and id.
 */
function callersOrganisation(ctx: RequestContext) {
  const ids = ctx.target === 'own' ? ctx.fx.home : ctx.fx.foreign;
  const { userType } = ctx.caller;
  const column = { client: 'client_id', auditor: 'auditor_id', targetCompany: 'target_company_id' }[
    userType
  ];
  const organisationId = {
    client: ids.clientId,
    auditor: ids.auditorId,
    targetCompany: ids.targetCompanyId,
  }[userType];
  return { userType, column, organisationId };
}

/**
 * A live API token of the caller's user type's organisation in the target tenant (the home one for
 * own, the foreign one otherwise), made in SQL: what an owner may revoke, or must not find.
 */
export async function apiTokenToRevoke(ctx: RequestContext): Promise<string> {
  const { userType, column, organisationId } = callersOrganisation(ctx);
  const { rows } = await ctx.app.db.query<{ id: string }>(
    `WITH member AS (
       INSERT INTO users (kind, email, fullname, role, user_type, ${column})
       VALUES ('token', $1, $2, 'viewer', $3, $4) RETURNING id
     )
     INSERT INTO api_tokens (user_id, name, secret_sha256, secret_hint, created_by_name, expires_at)
     SELECT id, $2, sha256(convert_to($1, 'UTF8')), 'abcd', 'Matrix', now() + interval '1 day'
     FROM member RETURNING id`,
    [
      `api-token-${ctx.serial}@tokens.invalid`,
      `Matrix token ${ctx.serial}`,
      userType,
      organisationId,
    ],
  );
  return rows[0]!.id;
}

/**
 * A webhook endpoint of the caller's user type's organisation in the target tenant (home for own,
 * foreign otherwise), with one delivery, made in SQL: what an owner may change, or must not find.
 */
export async function webhookToManage(
  ctx: RequestContext,
): Promise<{ endpointId: string; deliveryId: string }> {
  const { userType, column, organisationId } = callersOrganisation(ctx);
  const { rows } = await ctx.app.db.query<{ endpoint_id: string; delivery_id: string }>(
    `WITH endpoint AS (
       INSERT INTO webhook_endpoints (user_type, ${column}, url, events, secret, created_by_name, enabled)
       VALUES ($1, $2, $3, '{gap.status_changed}', 'whsec_bWF0cml4', 'Matrix', false) RETURNING id
     )
     INSERT INTO webhook_deliveries (endpoint_id, event_type, payload, state)
     SELECT id, 'gap.status_changed', '{}', 'failed' FROM endpoint
     RETURNING endpoint_id, id AS delivery_id`,
    [userType, organisationId, `https://hooks.example.com/matrix/${ctx.serial}`],
  );
  return { endpointId: rows[0]!.endpoint_id, deliveryId: rows[0]!.delivery_id };
}

/**
 * The single sign-on settings of the caller's user type's organisation in the target tenant, made in
 * SQL when missing, with the run's identity server standing for the organisation's provider.
 */
export async function ssoConnectionOf(ctx: RequestContext): Promise<void> {
  const { userType, column, organisationId } = callersOrganisation(ctx);
  const identity = sharedIdentity();
  await ctx.app.db.query(
    `INSERT INTO sso_connections (user_type, ${column}, issuer, oidc_client_id, oidc_client_secret,
       updated_by_name)
     VALUES ($1, $2, $3, 'verity', $4, 'Matrix') ON CONFLICT (${column}) DO NOTHING`,
    [userType, organisationId, identity.issuer, identity.clientSecret],
  );
}
