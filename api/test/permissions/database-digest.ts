import type { FastifyInstance } from 'fastify';

const TABLES = [
  'clients',
  'auditors',
  'client_auditors',
  'target_companies',
  'users',
  'invitations',
  'company_auditors',
  'audits',
  'action_plans',
  'gaps',
  'gap_status_history',
  'remarks',
  'remark_documents',
  'change_history',
  'notifications',
  'notification_preferences',
  'target_company_milestones',
  'esap_status_mappings',
  'api_tokens',
  'closure_requests',
  'action_plan_revisions',
  'gap_extension_requests',
  'webhook_endpoints',
  'webhook_deliveries',
  'sso_connections',
  'sessions',
  'monitoring_report_rules',
  'monitoring_reports',
  'monitoring_report_versions',
  'monitoring_report_reviews',
  'incident_clock_settings',
  'incidents',
  'incident_questions',
  'incident_corrective_actions',
  'incident_photos',
  'grievance_targets',
  'grievance_identity_viewers',
  'grievances',
];

/** Row count and a digest of every row of each domain table: equal digests mean nothing was written. */
export async function databaseDigest(app: FastifyInstance): Promise<Record<string, string>> {
  const columns = TABLES.map(
    (table) =>
      // A sum of row hashes: independent of row order, so no sort of the whole table per digest.
      `(SELECT count(*) || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0) FROM ${table} t) AS ${table}`,
  );
  const { rows } = await app.db.query<Record<string, string>>(`SELECT ${columns.join(', ')}`);
  return rows[0]!;
}
