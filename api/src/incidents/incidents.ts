// Serious incidents (docs/decisions/0099-serious-incidents.md): reading them with their clocks
// within the reader's tenancy, the register, and the writes. Lateness is always the SQL functions'
// of migration 0056 (`incident_root_cause_late`, `incident_notified_in_time`).
import {
  DEFAULT_INCIDENT_CLOCKS,
  INCIDENT_CLOSED,
  INCIDENT_QUESTION_ANSWERED,
  INCIDENT_STALE,
  type Incident,
  type IncidentCategory,
  type IncidentClocks,
  type IncidentRegister,
  type IncidentSeverity,
  type IncidentSummary,
  type IncidentValues,
  type SessionUser,
} from '@verity/shared-api/src/server';
import { auditVisibleSql, companyVisibleSql } from '../auth/tenancy';
import { storedImageColumns, type StoredDocument } from '../action-plans/remark-attachments';
import type { Queryable } from '../db';
import { notFound } from '../errors';
import { conflict } from '../organisations/messages';

/** The register's columns of an incident `i` of the company `tc`, its clocks as at `$now`. */
const summaryColumns = (now: string) => `i.id, i.target_company_id AS "targetCompanyId",
  tc.target_company_name AS "targetCompanyName", i.category, i.severity,
  i.occurred_at AS "occurredAt", i.location, i.people_affected AS "peopleAffected",
  i.reported_at AS "reportedAt", i.root_cause_submitted_at AS "rootCauseSubmittedAt",
  i.closed_at AS "closedAt",
  json_build_object(
    'notifyDueOn', to_char(i.notify_due_on, 'YYYY-MM-DD'),
    'notifiedInTime', incident_notified_in_time(i),
    'rootCauseDueOn', to_char(i.root_cause_due_on, 'YYYY-MM-DD'),
    'rootCauseLate', incident_root_cause_late(i, ${now}),
    'rootCauseDaysLeft', i.root_cause_due_on - company_day(i.target_company_id, ${now})
  ) AS clocks`;

export interface IncidentPlace {
  id: string;
  targetCompanyId: string;
  closed: boolean;
  revision: number;
}

/**
 * The incident's place if the user can see its company, locked for the write when `lock`;
 * otherwise 404.
 */
export async function requireVisibleIncident(
  db: Queryable,
  user: SessionUser,
  incidentId: string,
  lock = false,
): Promise<IncidentPlace> {
  const params: unknown[] = [incidentId];
  const { rows } = await db.query<IncidentPlace>(
    `SELECT i.id, i.target_company_id AS "targetCompanyId", i.closed_at IS NOT NULL AS closed,
       i.revision
     FROM incidents i JOIN target_companies tc ON tc.id = i.target_company_id
     WHERE i.id = $1 AND ${companyVisibleSql(user, 'tc', params)}${lock ? ' FOR UPDATE OF i' : ''}`,
    params,
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/**
 * The incident as the user sees it, its clocks as at `now`; 404 outside the user's tenancy. A firm
 * sees the corrective actions in its own audits' plans only, as it sees gaps.
 */
export async function readIncident(
  db: Queryable,
  user: SessionUser,
  incidentId: string,
  now: Date = new Date(),
): Promise<Incident> {
  const params: unknown[] = [incidentId, now.toISOString()];
  const { rows } = await db.query<Incident>(
    `SELECT ${summaryColumns('$2::timestamptz')}, i.description,
       i.immediate_actions AS "immediateActions", i.reported_by_name AS "reportedByName",
       i.lender_notified_at AS "lenderNotifiedAt", i.root_cause AS "rootCause", i.revision,
       COALESCE((SELECT json_agg(json_build_object('id', q.id, 'question', q.question,
           'askedByName', q.asked_by_name, 'askedAt', q.asked_at, 'answer', q.answer,
           'answeredByName', q.answered_by_name, 'answeredAt', q.answered_at)
           ORDER BY q.asked_at, q.id)
         FROM incident_questions q WHERE q.incident_id = i.id), '[]') AS questions,
       COALESCE((SELECT json_agg(json_build_object('gapId', g.id, 'actionPlanId', g.action_plan_id,
           'auditId', ap.audit_id, 'auditorId', a.auditor_id, 'gapName', COALESCE(g.gap_name, ''), 'status', g.status,
           'dueDate', g.due_date) ORDER BY ca.created_at, g.id)
         FROM incident_corrective_actions ca JOIN gaps g ON g.id = ca.gap_id
         JOIN action_plans ap ON ap.id = g.action_plan_id JOIN audits a ON a.id = ap.audit_id
         WHERE ca.incident_id = i.id AND ${auditVisibleSql(user, 'a', params)}), '[]')
         AS "correctiveActions",
       COALESCE((SELECT json_agg(json_build_object('id', p.id, 'fileName', p.file_name,
           'contentType', p.content_type, 'size', p.size, 'sha256', p.sha256, 'width', p.width,
           'height', p.height, 'uploadedAt', p.created_at) ORDER BY p.created_at, p.id)
         FROM incident_photos p WHERE p.incident_id = i.id), '[]') AS photos
     FROM incidents i JOIN target_companies tc ON tc.id = i.target_company_id
     WHERE i.id = $1 AND ${companyVisibleSql(user, 'tc', params)}`,
    params,
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

export interface RegisterFilters {
  open?: boolean;
  late?: boolean;
  category?: IncidentCategory;
  severity?: IncidentSeverity;
}

/**
 * The register of one company or of a client's portfolio: the incidents the filters pick, newest
 * event first, and the counts over the whole scope (open, late, by category and severity).
 */
export async function incidentRegister(
  db: Queryable,
  scope: { targetCompanyId: string } | { clientId: string },
  filters: RegisterFilters,
  now: Date = new Date(),
): Promise<IncidentRegister> {
  const params: unknown[] = [now.toISOString()];
  const scopeSql =
    'targetCompanyId' in scope
      ? `i.target_company_id = $${params.push(scope.targetCompanyId)}`
      : `tc.client_id = $${params.push(scope.clientId)}`;
  const from = `FROM incidents i JOIN target_companies tc ON tc.id = i.target_company_id
    WHERE ${scopeSql}`;
  const picked: string[] = [];
  if (filters.open) picked.push('i.closed_at IS NULL');
  if (filters.late) picked.push('incident_root_cause_late(i, $1::timestamptz)');
  const rowParams = [...params];
  if (filters.category) picked.push(`i.category = $${rowParams.push(filters.category)}`);
  if (filters.severity) picked.push(`i.severity = $${rowParams.push(filters.severity)}`);
  const { rows: incidents } = await db.query<IncidentSummary>(
    `SELECT ${summaryColumns('$1::timestamptz')} ${from}
     ${picked.map((condition) => ` AND ${condition}`).join('')}
     ORDER BY i.occurred_at DESC, i.id`,
    rowParams,
  );
  const { rows: groups } = await db.query<{
    category: string;
    severity: string;
    total: number;
    open: number;
    late: number;
  }>(
    `SELECT i.category, i.severity, count(*)::int AS total,
       count(*) FILTER (WHERE i.closed_at IS NULL)::int AS open,
       count(*) FILTER (WHERE incident_root_cause_late(i, $1::timestamptz))::int AS late
     ${from} GROUP BY i.category, i.severity`,
    params,
  );
  const counts: IncidentRegister['counts'] = {
    total: 0,
    open: 0,
    late: 0,
    byCategory: {},
    bySeverity: {},
  };
  for (const group of groups) {
    counts.total += group.total;
    counts.open += group.open;
    counts.late += group.late;
    counts.byCategory[group.category] = (counts.byCategory[group.category] ?? 0) + group.total;
    counts.bySeverity[group.severity] = (counts.bySeverity[group.severity] ?? 0) + group.total;
  }
  return { incidents, counts };
}

/**
 * The incidents a gap is a corrective action of, newest event first: the other way of the link.
 * The caller has checked that the user sees the gap, and so its company.
 */
export async function incidentsOfGap(
  db: Queryable,
  gapId: string,
  now: Date = new Date(),
): Promise<IncidentSummary[]> {
  const { rows } = await db.query<IncidentSummary>(
    `SELECT ${summaryColumns('$2::timestamptz')}
     FROM incident_corrective_actions ca JOIN incidents i ON i.id = ca.incident_id
     JOIN target_companies tc ON tc.id = i.target_company_id
     WHERE ca.gap_id = $1
     ORDER BY i.occurred_at DESC, i.id`,
    [gapId, now.toISOString()],
  );
  return rows;
}

/** The client's clocks, or the defaults when its owner has not set them. */
export async function readClocks(
  db: Queryable,
  clientId: string,
): Promise<IncidentClocks & { isDefault: boolean }> {
  const { rows } = await db.query<IncidentClocks>(
    `SELECT notify_within_days AS "notifyWithinDays", root_cause_within_days AS "rootCauseWithinDays"
     FROM incident_clock_settings WHERE client_id = $1`,
    [clientId],
  );
  return rows[0]
    ? { ...rows[0], isDefault: false }
    : { ...DEFAULT_INCIDENT_CLOCKS, isDefault: true };
}

export async function writeClocks(
  db: Queryable,
  clientId: string,
  clocks: IncidentClocks,
  userId: string,
): Promise<void> {
  await db.query(
    `INSERT INTO incident_clock_settings (client_id, notify_within_days, root_cause_within_days, updated_by)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (client_id) DO UPDATE SET notify_within_days = EXCLUDED.notify_within_days,
       root_cause_within_days = EXCLUDED.root_cause_within_days, updated_by = EXCLUDED.updated_by,
       updated_at = now()`,
    [clientId, clocks.notifyWithinDays, clocks.rootCauseWithinDays, userId],
  );
}

/**
 * Records the company's report: the client is told now, so the lender is notified now; the due
 * days are the client's clocks counted from the event's day in the company's time zone, as the
 * reminders count a gap's due day.
 */
export async function reportIncident(
  tx: Queryable,
  targetCompanyId: string,
  values: IncidentValues,
  user: SessionUser,
): Promise<string> {
  const { rows: company } = await tx.query<{ client_id: string }>(
    'SELECT client_id FROM target_companies WHERE id = $1',
    [targetCompanyId],
  );
  const clocks = await readClocks(tx, company[0]!.client_id);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO incidents (target_company_id, category, severity, occurred_at, location, description,
       people_affected, immediate_actions, reported_by, reported_by_name, notify_due_on, root_cause_due_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
       company_day($1, $4) + $11::int, company_day($1, $4) + $12::int)
     RETURNING id`,
    [
      targetCompanyId,
      values.category,
      values.severity,
      values.occurredAt,
      values.location,
      values.description,
      values.peopleAffected,
      values.immediateActions,
      user._id,
      user.fullname,
      clocks.notifyWithinDays,
      clocks.rootCauseWithinDays,
    ],
  );
  return rows[0]!.id;
}

/** Refuses a write to a closed incident, or one made on a revision someone changed since. */
function refuseStale(place: IncidentPlace, revision: number | undefined): void {
  if (place.closed) throw conflict(INCIDENT_CLOSED);
  if (revision !== undefined && revision !== place.revision) throw conflict(INCIDENT_STALE);
}

/**
 * Corrects the report. A corrected moment of the event moves both due days by as many days as
 * the event's day moved, so the incident keeps the clocks it was reported under.
 */
export async function editIncident(
  tx: Queryable,
  user: SessionUser,
  incidentId: string,
  values: IncidentValues,
  revision: number | undefined,
): Promise<void> {
  const place = await requireVisibleIncident(tx, user, incidentId, true);
  refuseStale(place, revision);
  await tx.query(
    `UPDATE incidents SET category = $2, severity = $3, location = $5, description = $6,
       people_affected = $7, immediate_actions = $8,
       notify_due_on = notify_due_on
         + (company_day(target_company_id, $4) - company_day(target_company_id, occurred_at)),
       root_cause_due_on = root_cause_due_on
         + (company_day(target_company_id, $4) - company_day(target_company_id, occurred_at)),
       occurred_at = $4, revision = revision + 1, updated_at = now()
     WHERE id = $1`,
    [
      incidentId,
      values.category,
      values.severity,
      values.occurredAt,
      values.location,
      values.description,
      values.peopleAffected,
      values.immediateActions,
    ],
  );
}

/** Writes the root-cause analysis; the first submission's moment is the one its clock counts. */
export async function submitRootCause(
  tx: Queryable,
  user: SessionUser,
  incidentId: string,
  rootCause: string,
  revision: number | undefined,
): Promise<void> {
  const place = await requireVisibleIncident(tx, user, incidentId, true);
  refuseStale(place, revision);
  await tx.query(
    `UPDATE incidents SET root_cause = $2,
       root_cause_submitted_at = COALESCE(root_cause_submitted_at, now()),
       revision = revision + 1, updated_at = now()
     WHERE id = $1`,
    [incidentId, rootCause],
  );
}

export async function closeIncident(
  tx: Queryable,
  user: SessionUser,
  incidentId: string,
  revision: number | undefined,
): Promise<void> {
  const place = await requireVisibleIncident(tx, user, incidentId, true);
  refuseStale(place, revision);
  await tx.query(
    `UPDATE incidents SET closed_at = now(), revision = revision + 1, updated_at = now()
     WHERE id = $1`,
    [incidentId],
  );
}

export async function askQuestion(
  tx: Queryable,
  user: SessionUser,
  incidentId: string,
  question: string,
): Promise<string> {
  const place = await requireVisibleIncident(tx, user, incidentId);
  if (place.closed) throw conflict(INCIDENT_CLOSED);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO incident_questions (incident_id, question, asked_by, asked_by_name)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    [incidentId, question, user._id, user.fullname],
  );
  return rows[0]!.id;
}

/** Answers the question; gives its incident's id. A question answered already is 409. */
export async function answerQuestion(
  tx: Queryable,
  user: SessionUser,
  questionId: string,
  answer: string,
): Promise<string> {
  const params: unknown[] = [questionId];
  const { rows } = await tx.query<{ incident_id: string; answered: boolean }>(
    `SELECT q.incident_id, q.answered_at IS NOT NULL AS answered
     FROM incident_questions q JOIN incidents i ON i.id = q.incident_id
     JOIN target_companies tc ON tc.id = i.target_company_id
     WHERE q.id = $1 AND ${companyVisibleSql(user, 'tc', params)} FOR UPDATE OF q`,
    params,
  );
  const question = rows[0];
  if (!question) throw notFound();
  if (question.answered) throw conflict(INCIDENT_QUESTION_ANSWERED);
  await tx.query(
    `UPDATE incident_questions SET answer = $2, answered_by = $3, answered_by_name = $4,
       answered_at = now()
     WHERE id = $1`,
    [questionId, answer, user._id, user.fullname],
  );
  return question.incident_id;
}

export async function linkCorrectiveAction(
  tx: Queryable,
  incidentId: string,
  gapId: string,
): Promise<void> {
  await tx.query('INSERT INTO incident_corrective_actions (incident_id, gap_id) VALUES ($1, $2)', [
    incidentId,
    gapId,
  ]);
}

/** The row of one stored photo of an incident, with its evidence. */
export async function insertIncidentPhoto(
  tx: Queryable,
  place: IncidentPlace,
  doc: StoredDocument,
  userId: string,
): Promise<void> {
  const image = storedImageColumns(doc, 4);
  await tx.query(
    `INSERT INTO incident_photos (incident_id, target_company_id, uploaded_by, ${image.columns})
     VALUES ($1, $2, $3, ${image.placeholders})`,
    [place.id, place.targetCompanyId, userId, ...image.values],
  );
}

/** The stored photo if the user can see its incident's company; otherwise 404. */
export async function requireVisiblePhoto(
  db: Queryable,
  user: SessionUser,
  photoId: string,
): Promise<{ storage_key: string; content_type: string; size: number }> {
  const params: unknown[] = [photoId];
  const { rows } = await db.query<{ storage_key: string; content_type: string; size: number }>(
    `SELECT p.storage_key, p.content_type, p.size::int AS size FROM incident_photos p
     JOIN target_companies tc ON tc.id = p.target_company_id
     WHERE p.id = $1 AND ${companyVisibleSql(user, 'tc', params)}`,
    params,
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}
