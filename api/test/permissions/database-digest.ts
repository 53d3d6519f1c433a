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
];

/** Row count and a digest of every row of each domain table: equal digests mean nothing was written. */
export async function databaseDigest(app: FastifyInstance): Promise<Record<string, string>> {
  const columns = TABLES.map(
    (table) =>
      `(SELECT count(*) || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM ${table} t) AS ${table}`,
  );
  const { rows } = await app.db.query<Record<string, string>>(`SELECT ${columns.join(', ')}`);
  return rows[0]!;
}
