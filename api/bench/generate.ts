// The benchmark portfolio, written with set-based SQL: 200 companies, 2,001 client users, 20,000
// action plans, 200,000 gaps; company 1 holds 100,000 gaps (100 plans x 1,000), company 2 holds 1,000 (100 x 10).
import type { Database } from '../src/db';

export const BENCH = {
  clientId: '00000000-0000-4000-8000-00000000c000',
  auditorId: '00000000-0000-4000-8000-00000000a000',
  clientUserId: '00000000-0000-4000-8000-00000000c001',
  auditorUserId: '00000000-0000-4000-8000-00000000a001',
  companies: 200,
  plansPerCompany: 100,
  /** Client users besides the owner, for the paged users list. */
  clientUsers: 2000,
};

/** Deterministic ids: kind 1 company, 2 audit, 3 plan; n a number. */
export const benchId = (kind: number, n: number) =>
  `${kind}0000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const idSql = (kind: number, n: string) =>
  `('${kind}0000000-0000-4000-8000-' || lpad(to_hex(${n}), 12, '0'))::uuid`;

export const largeCompanyId = benchId(1, 1);
export const smallCompanyId = benchId(1, 2);
/** Audit k (1 or 2) of company c; plan p (1..100) of company c. */
export const auditOf = (c: number, k: number) => benchId(2, c * 10 + k);
export const planOf = (c: number, p: number) => benchId(3, c * 1000 + p);

/** `companies` below 200 writes only the first ones (1: the 100,000-gap company alone). */
export async function generatePortfolio(
  db: Database,
  companies = BENCH.companies,
  gaps: 200_000 | 30_000 | 2_000 = 200_000,
): Promise<void> {
  // 30,000: one gap a plan, but company 1's first plan holds 500 and its other plans none (30,400).
  const gapsPerPlan =
    gaps === 2_000
      ? 'CASE WHEN p <= 10 THEN 1 ELSE 0 END'
      : gaps === 30_000
        ? 'CASE WHEN c = 1 AND p = 1 THEN 500 WHEN c = 1 THEN 0 ELSE 1 END'
        : 'CASE c WHEN 1 THEN 1000 WHEN 2 THEN 10 ELSE 5 END';
  const { clientId, auditorId, clientUserId, auditorUserId, plansPerCompany } = BENCH;
  await db.query(`
    INSERT INTO clients (id, client_name) VALUES ('${clientId}', 'Bench Capital');
    INSERT INTO auditors (id, auditor_name) VALUES ('${auditorId}', 'Bench Audit');
    INSERT INTO client_auditors (client_id, auditor_id) VALUES ('${clientId}', '${auditorId}');
    INSERT INTO users (id, email, fullname, user_type, role, client_id) VALUES
      ('${clientUserId}', 'bench.client@verity.test', 'Bench Client', 'client', 'owner', '${clientId}');
    INSERT INTO users (id, email, fullname, user_type, role, auditor_id) VALUES
      ('${auditorUserId}', 'bench.auditor@verity.test', 'Bench Auditor', 'auditor', 'owner', '${auditorId}');
    INSERT INTO users (email, fullname, user_type, role, client_id, created_at)
      SELECT 'user' || u || '@bench.test', 'Bench User ' || lpad(u::text, 4, '0'), 'client',
        (ARRAY['admin', 'editor', 'viewer'])[1 + u % 3], '${clientId}', now() - u * interval '1 hour'
      FROM generate_series(1, ${BENCH.clientUsers}) u;
    INSERT INTO target_companies (id, client_id, target_company_name, email_id)
      SELECT ${idSql(1, 'c')}, '${clientId}', 'Bench Company ' || lpad(c::text, 3, '0'), 'company' || c || '@bench.test'
      FROM generate_series(1, ${companies}) c;
    INSERT INTO company_auditors (target_company_id, auditor_id, audit_types, audit_categories, form_types)
      SELECT ${idSql(1, 'c')}, '${auditorId}', '{normal_audit,dd}', '{EHS,Environment}', '{ap,capa}'
      FROM generate_series(1, ${companies}) c;
    INSERT INTO audits (id, target_company_id, auditor_id, audit_type, audit_category, audit_form, created_at)
      SELECT ${idSql(2, 'c * 10 + k')}, ${idSql(1, 'c')}, '${auditorId}',
        CASE k WHEN 1 THEN 'normal_audit' ELSE 'dd' END, CASE k WHEN 1 THEN 'EHS' ELSE 'Environment' END,
        CASE k WHEN 1 THEN 'ap' ELSE 'capa' END, now() - interval '120 days'
      FROM generate_series(1, ${companies}) c, generate_series(1, 2) k;
    INSERT INTO action_plans (id, audit_id, target_company_id, action_plan_heading, category, form_type, timeline, created_at)
      SELECT ${idSql(3, 'c * 1000 + p')}, ${idSql(2, 'c * 10 + 1 + p % 2')}, ${idSql(1, 'c')},
        'Action plan ' || p, (ARRAY['environment', 'social', 'governance', 'prosperity'])[1 + p % 4],
        CASE p % 2 WHEN 0 THEN 'ap' ELSE 'capa' END,
        CASE WHEN p % 10 = 0 THEN NULL ELSE now() + ((p % 60) - 20) * interval '1 day' END,
        now() - (p % 90) * interval '1 day'
      FROM generate_series(1, ${companies}) c, generate_series(1, ${plansPerCompany}) p;
    INSERT INTO gaps (action_plan_id, target_company_id, kpi, gap_name, recommendation, responsibility,
        risk_severity, status, due_date, esg_aspect, area_code, amount_currency, amount_value, impacted_sdgs,
        requirement_references, condition_type, created_at, updated_at)
      SELECT ${idSql(3, 'c * 1000 + p')}, ${idSql(1, 'c')}, 'KPI ' || g, 'Gap ' || p || '.' || g,
        'Recommendation for gap ' || g || ' of plan ' || p, 'EHS Manager',
        (ARRAY['low', 'moderate', 'high'])[1 + (g + p) % 3],
        CASE WHEN p % 5 = 0 THEN 'closed'
          WHEN p % 5 = 1 THEN CASE WHEN g % 2 = 0 THEN 'closed' ELSE 'provClosed' END
          WHEN (g * 7 + p) % 10 < 5 THEN 'open' WHEN (g * 7 + p) % 10 < 8 THEN 'closed' ELSE 'provClosed' END,
        now() + (((g * 13 + p) % 120) - 30) * interval '1 day',
        CASE p % 2 WHEN 0 THEN 'Environmental' END, CASE p % 2 WHEN 1 THEN 'PRD-' || (g % 9) END,
        CASE p % 2 WHEN 1 THEN 'INR' END, CASE p % 2 WHEN 1 THEN 1000 + g END,
        ARRAY['SDG' || (1 + g % 17)],
        -- A lender's references on four gaps of five (the rest fall to the plan's category), a
        -- condition precedent on one in twenty: the portfolio's matrix and lists have work to do.
        CASE WHEN (g + p) % 5 = 0 THEN '{}'::text[]
          ELSE ARRAY['IFC PS' || (1 + (g + p) % 8)] || CASE WHEN g % 3 = 0 THEN ARRAY['EBRD PR' || (1 + g % 10)] ELSE '{}' END END,
        CASE WHEN g % 20 = 0 THEN 'precedent' END,
        now() - (p % 90) * interval '1 day', now()
      FROM generate_series(1, ${companies}) c, generate_series(1, ${plansPerCompany}) p,
        LATERAL generate_series(1, ${gapsPerPlan}) g;
    -- Statistics for the gaps just written, so that the history's trigger (which copies each gap's
    -- last closing onto it) joins them by key rather than scanning them once per closing.
    ANALYZE gaps;
    INSERT INTO gap_status_history (gap_id, status, changed_at)
      SELECT id, 'open', created_at FROM gaps;
    INSERT INTO gap_status_history (gap_id, status, changed_at)
      SELECT id, status, created_at + interval '5 days' FROM gaps WHERE status <> 'open';
    -- The change history of those closings (a real database has one entry or more per gap): what a
    -- kept answer's token reads the newest of.
    INSERT INTO change_history (entity, action_plan_id, gap_id, field, old_value, new_value, version,
        changed_by_name, changed_by_user_type, changed_by_role, changed_at)
      SELECT 'gap', action_plan_id, id, 'status', '"open"', to_jsonb(status), 2, 'Bench Auditor',
        'auditor', 'owner', created_at + interval '5 days'
      FROM gaps WHERE status <> 'open';
  `);
  await db.query('VACUUM ANALYZE');
}
