// The company's grievance log (docs/decisions/0104-grievances.md): reading it within the reader's
// tenancy with the complainant's identity only for the company users its owner names, the
// registers with their counts by month and category, the steps, and the company's settings.
// Lateness is always the SQL function of migration 0059 (`grievance_late`).
import {
  DEFAULT_GRIEVANCE_TARGETS,
  GRIEVANCE_IDENTITY_VIEWERS_INVALID,
  GRIEVANCE_IDENTITY_VIEWERS_MAX,
  GRIEVANCE_DAY_INVALID,
  GRIEVANCE_STALE,
  GRIEVANCE_STEP_OUT_OF_ORDER,
  type Grievance,
  type GrievanceCategory,
  type GrievanceRegister,
  type GrievanceSettings,
  type GrievanceStepValues,
  type GrievanceSummary,
  type GrievanceTargets,
  type GrievanceValues,
  type SessionUser,
} from '@verity/shared-api/src/server';
import { companyVisibleSql } from '../auth/tenancy';
import type { Queryable } from '../db';
import { invalid, notFound } from '../errors';
import { conflict } from '../organisations/messages';

/**
 * SQL true when the reader may see the complainant's identity of the grievance `g`: a named
 * complainant, and the reader one of the company users its owner names. Its param is appended.
 */
function identityVisibleSql(user: SessionUser, params: unknown[]): string {
  if (user.userType !== 'targetCompany') return 'false';
  return `(NOT g.anonymous AND EXISTS (SELECT 1 FROM grievance_identity_viewers v
    WHERE v.target_company_id = g.target_company_id AND v.user_id = $${params.push(user._id)}))`;
}

const dayText = (expression: string) => `to_char(${expression}, 'YYYY-MM-DD')`;

/** The register's columns of a grievance `g` of the company `tc`, lateness as at `now`. */
const summaryColumns = (now: string, identity: string) => `g.id,
  g.target_company_id AS "targetCompanyId", tc.target_company_name AS "targetCompanyName",
  g.channel, ${dayText('g.received_on')} AS "receivedOn", g.complainant_type AS "complainantType",
  g.category, g.anonymous,
  CASE WHEN ${identity} THEN g.complainant_name END AS "complainantName",
  CASE WHEN ${identity} THEN g.complainant_contact END AS "complainantContact",
  (NOT g.anonymous AND NOT ${identity}) AS "identityWithheld",
  ${dayText('g.acknowledge_due_on')} AS "acknowledgeDueOn",
  ${dayText('g.resolve_due_on')} AS "resolveDueOn",
  ${dayText('g.acknowledged_on')} AS "acknowledgedOn",
  ${dayText('g.investigated_on')} AS "investigatedOn",
  ${dayText('g.resolved_on')} AS "resolvedOn", ${dayText('g.closed_on')} AS "closedOn",
  g.complainant_response AS "complainantResponse",
  g.acknowledged_on - g.received_on AS "daysToAcknowledge",
  g.resolved_on - g.received_on AS "daysToResolve",
  grievance_days_left(g.acknowledge_due_on, g.acknowledged_on, g.target_company_id, ${now})
    AS "acknowledgeDaysLeft",
  grievance_days_left(g.resolve_due_on, g.resolved_on, g.target_company_id, ${now})
    AS "resolveDaysLeft",
  grievance_late(g, ${now}) AS late`;

export interface GrievancePlace {
  id: string;
  targetCompanyId: string;
  receivedOn: string;
  acknowledgedOn: string | null;
  investigatedOn: string | null;
  resolvedOn: string | null;
  closedOn: string | null;
  revision: number;
}

/** The grievance's place if the user can see its company, locked for the write; otherwise 404. */
async function lockVisibleGrievance(
  db: Queryable,
  user: SessionUser,
  grievanceId: string,
): Promise<GrievancePlace> {
  const params: unknown[] = [grievanceId];
  const { rows } = await db.query<GrievancePlace>(
    `SELECT g.id, g.target_company_id AS "targetCompanyId",
       ${dayText('g.received_on')} AS "receivedOn", ${dayText('g.acknowledged_on')} AS "acknowledgedOn",
       ${dayText('g.investigated_on')} AS "investigatedOn", ${dayText('g.resolved_on')} AS "resolvedOn",
       ${dayText('g.closed_on')} AS "closedOn", g.revision
     FROM grievances g JOIN target_companies tc ON tc.id = g.target_company_id
     WHERE g.id = $1 AND ${companyVisibleSql(user, 'tc', params)} FOR UPDATE OF g`,
    params,
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** The grievance as the user sees it, lateness as at `now`; 404 outside the user's tenancy. */
export async function readGrievance(
  db: Queryable,
  user: SessionUser,
  grievanceId: string,
  now: Date = new Date(),
): Promise<Grievance> {
  const params: unknown[] = [grievanceId, now.toISOString()];
  const identity = identityVisibleSql(user, params);
  const { rows } = await db.query<Grievance>(
    `SELECT ${summaryColumns('$2::timestamptz', identity)}, g.description, g.investigation,
       g.resolution, g.recorded_by_name AS "recordedByName", g.recorded_at AS "recordedAt",
       g.revision
     FROM grievances g JOIN target_companies tc ON tc.id = g.target_company_id
     WHERE g.id = $1 AND ${companyVisibleSql(user, 'tc', params)}`,
    params,
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

export interface GrievanceFilters {
  open?: boolean;
  late?: boolean;
  category?: GrievanceCategory;
}

/** The SQL of a register's scope over the grievance `g` and its company `tc`. */
export function grievanceScopeSql(
  scope: { targetCompanyId: string } | { clientId: string },
  params: unknown[],
): string {
  return 'targetCompanyId' in scope
    ? `g.target_company_id = $${params.push(scope.targetCompanyId)}`
    : `tc.client_id = $${params.push(scope.clientId)}`;
}

/**
 * The register of one company or of a client's portfolio: the grievances the filters pick, newest
 * received first, and the counts over the whole scope (open, late, by category, and by month of
 * receipt with their categories: the annual monitoring report's figures).
 */
export async function grievanceRegister(
  db: Queryable,
  user: SessionUser,
  scope: { targetCompanyId: string } | { clientId: string },
  filters: GrievanceFilters,
  now: Date = new Date(),
): Promise<GrievanceRegister> {
  const params: unknown[] = [now.toISOString()];
  const from = `FROM grievances g JOIN target_companies tc ON tc.id = g.target_company_id
    WHERE ${grievanceScopeSql(scope, params)}`;
  const rowParams = [...params];
  const identity = identityVisibleSql(user, rowParams);
  const picked: string[] = [];
  if (filters.open) picked.push('g.closed_on IS NULL');
  if (filters.late) picked.push('grievance_late(g, $1::timestamptz)');
  if (filters.category) picked.push(`g.category = $${rowParams.push(filters.category)}`);
  const { rows: grievances } = await db.query<GrievanceSummary>(
    `SELECT ${summaryColumns('$1::timestamptz', identity)} ${from}
     ${picked.map((condition) => ` AND ${condition}`).join('')}
     ORDER BY g.received_on DESC, g.recorded_at DESC, g.id`,
    rowParams,
  );
  return { grievances, counts: await grievanceCounts(db, from, params) };
}

/**
 * The counts of the grievances `from` picks (over `g`; `$1` is the moment lateness is judged at):
 * open, late, by category, and by month of receipt with their categories and late ones. The
 * registers' counts and the annual monitoring report's figures.
 */
export async function grievanceCounts(
  db: Queryable,
  from: string,
  params: unknown[],
): Promise<GrievanceRegister['counts']> {
  const { rows: groups } = await db.query<{
    month: string;
    category: string;
    total: number;
    open: number;
    late: number;
  }>(
    `SELECT to_char(g.received_on, 'YYYY-MM') AS month, g.category, count(*)::int AS total,
       count(*) FILTER (WHERE g.closed_on IS NULL)::int AS open,
       count(*) FILTER (WHERE grievance_late(g, $1::timestamptz))::int AS late
     ${from} GROUP BY 1, 2 ORDER BY 1, 2`,
    params,
  );
  const counts: GrievanceRegister['counts'] = {
    total: 0,
    open: 0,
    late: 0,
    byCategory: {},
    byMonth: [],
  };
  for (const group of groups) {
    counts.total += group.total;
    counts.open += group.open;
    counts.late += group.late;
    counts.byCategory[group.category] = (counts.byCategory[group.category] ?? 0) + group.total;
    let month = counts.byMonth.at(-1);
    if (month?.month !== group.month) {
      month = { month: group.month, received: 0, late: 0, byCategory: {} };
      counts.byMonth.push(month);
    }
    month.received += group.total;
    month.late += group.late;
    month.byCategory[group.category] = group.total;
  }
  return counts;
}

/** The company's settings: its targets (or the defaults) and who sees complainants' identities. */
export async function readGrievanceSettings(
  db: Queryable,
  targetCompanyId: string,
): Promise<GrievanceSettings> {
  const { rows } = await db.query<GrievanceTargets>(
    `SELECT acknowledge_within_days AS "acknowledgeWithinDays", resolve_within_days AS "resolveWithinDays"
     FROM grievance_targets WHERE target_company_id = $1`,
    [targetCompanyId],
  );
  const { rows: viewers } = await db.query<{ user_id: string }>(
    `SELECT user_id FROM grievance_identity_viewers WHERE target_company_id = $1
     ORDER BY added_at, user_id`,
    [targetCompanyId],
  );
  const identityViewerIds = viewers.map((viewer) => viewer.user_id);
  return rows[0]
    ? { ...rows[0], isDefault: false, identityViewerIds }
    : { ...DEFAULT_GRIEVANCE_TARGETS, isDefault: true, identityViewerIds };
}

export async function writeGrievanceTargets(
  db: Queryable,
  targetCompanyId: string,
  targets: GrievanceTargets,
  userId: string,
): Promise<void> {
  await db.query(
    `INSERT INTO grievance_targets (target_company_id, acknowledge_within_days, resolve_within_days, updated_by)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (target_company_id) DO UPDATE SET
       acknowledge_within_days = EXCLUDED.acknowledge_within_days,
       resolve_within_days = EXCLUDED.resolve_within_days, updated_by = EXCLUDED.updated_by,
       updated_at = now()`,
    [targetCompanyId, targets.acknowledgeWithinDays, targets.resolveWithinDays, userId],
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Replaces the company users who see complainants' identities: each id a user of the company
 * (a user row of it), else 400.
 */
export async function writeIdentityViewers(
  tx: Queryable,
  targetCompanyId: string,
  userIds: unknown,
): Promise<void> {
  if (
    !Array.isArray(userIds) ||
    userIds.length > GRIEVANCE_IDENTITY_VIEWERS_MAX ||
    !userIds.every((id): id is string => typeof id === 'string' && UUID.test(id))
  )
    throw invalid(GRIEVANCE_IDENTITY_VIEWERS_INVALID);
  const ids = [...new Set(userIds.map((id) => id.toLowerCase()))];
  const { rows } = await tx.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM users u
     WHERE u.target_company_id = $1 AND u.user_type = 'targetCompany' AND u.id = ANY($2::uuid[])`,
    [targetCompanyId, ids],
  );
  if (rows[0]!.count !== ids.length) throw invalid(GRIEVANCE_IDENTITY_VIEWERS_INVALID);
  await tx.query(
    `DELETE FROM grievance_identity_viewers
     WHERE target_company_id = $1 AND NOT (user_id = ANY($2::uuid[]))`,
    [targetCompanyId, ids],
  );
  await tx.query(
    `INSERT INTO grievance_identity_viewers (target_company_id, user_id)
     SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
    [targetCompanyId, ids],
  );
}

/** Records a grievance; its due days are the company's targets counted from the day received. */
export async function recordGrievance(
  tx: Queryable,
  targetCompanyId: string,
  values: GrievanceValues,
  user: SessionUser,
): Promise<string> {
  const targets = await readGrievanceSettings(tx, targetCompanyId);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO grievances (target_company_id, channel, received_on, complainant_type, category,
       description, anonymous, complainant_name, complainant_contact, acknowledge_due_on,
       resolve_due_on, recorded_by, recorded_by_name)
     VALUES ($1, $2, $3::date, $4, $5, $6, $7, $8, $9, $3::date + $10::int, $3::date + $11::int, $12, $13)
     RETURNING id`,
    [
      targetCompanyId,
      values.channel,
      values.receivedOn,
      values.complainantType,
      values.category,
      values.description,
      values.anonymous,
      values.complainantName,
      values.complainantContact,
      targets.acknowledgeWithinDays,
      targets.resolveWithinDays,
      user._id,
      user.fullname,
    ],
  );
  return rows[0]!.id;
}

/** The step before each step, whose day it may not precede. */
const PREVIOUS = {
  acknowledged: 'receivedOn',
  investigated: 'acknowledgedOn',
  resolved: 'investigatedOn',
  closed: 'resolvedOn',
} as const;
const OWN = {
  acknowledged: 'acknowledgedOn',
  investigated: 'investigatedOn',
  resolved: 'resolvedOn',
  closed: 'closedOn',
} as const;

/**
 * Moves the grievance to its next step, on its day: the steps in their order, each once, its day
 * not before the step before it. A step out of order or a stale `revision` is 409.
 */
export async function takeGrievanceStep(
  tx: Queryable,
  user: SessionUser,
  grievanceId: string,
  step: GrievanceStepValues,
  revision: number | undefined,
): Promise<void> {
  const place = await lockVisibleGrievance(tx, user, grievanceId);
  if (revision !== undefined && revision !== place.revision) throw conflict(GRIEVANCE_STALE);
  const previous = place[PREVIOUS[step.step]];
  if (place[OWN[step.step]] !== null || previous === null)
    throw conflict(GRIEVANCE_STEP_OUT_OF_ORDER);
  if (step.on < previous) throw invalid(GRIEVANCE_DAY_INVALID);
  const [set, value] = {
    acknowledged: ['acknowledged_on = $2::date', null],
    investigated: ['investigated_on = $2::date, investigation = $3', step.text],
    resolved: ['resolved_on = $2::date, resolution = $3', step.text],
    closed: ['closed_on = $2::date, complainant_response = $3', step.response],
  }[step.step];
  await tx.query(
    `UPDATE grievances SET ${set}, revision = revision + 1, updated_at = now() WHERE id = $1`,
    value === null ? [grievanceId, step.on] : [grievanceId, step.on, value],
  );
}
