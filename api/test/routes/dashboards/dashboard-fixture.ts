// A small portfolio whose every dashboard figure is known: client "Fixture Client" with three
// companies, firm X assigned to Alpha and Gamma (and Beta), firm Y to Alpha, firm Z to nothing.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../src/db';

export const fixtureEmails = {
  client: 'fixture.client@verity.test',
  auditorX: 'fixture.x@verity.test',
  auditorY: 'fixture.y@verity.test',
  auditorZ: 'fixture.z@verity.test',
  alpha: 'fixture.alpha@verity.test',
} as const;

export interface Fixture {
  clientId: string;
  alpha: string;
  beta: string;
  gamma: string;
  firmX: string;
  firmY: string;
  firmZ: string;
}

export async function createDashboardFixture(db: Queryable): Promise<Fixture> {
  const id = () => randomUUID();
  const f: Fixture = {
    clientId: id(),
    alpha: id(),
    beta: id(),
    gamma: id(),
    firmX: id(),
    firmY: id(),
    firmZ: id(),
  };
  const [auditX1, auditY1, auditX3] = [id(), id(), id()];
  const [p1, p2, p3, p4, p5, h1] = [id(), id(), id(), id(), id(), id()];
  const days = (n: number) => `now() + interval '${n} days'`;
  const gap = (plan: string, company: string, status: string, risk: string, due: string) =>
    `('${plan}', '${company}', 'kpi', 'gap', 'rec', 'resp', '${status}', '${risk}', ${due})`;
  await db.query(`
    INSERT INTO clients (id, client_name) VALUES ('${f.clientId}', 'Fixture Client');
    INSERT INTO auditors (id, auditor_name) VALUES ('${f.firmX}', 'Firm X'), ('${f.firmY}', 'Firm Y'), ('${f.firmZ}', 'Firm Z');
    INSERT INTO target_companies (id, client_id, target_company_name, email_id) VALUES
      ('${f.alpha}', '${f.clientId}', 'Fixture Alpha', 'alpha@verity.test'),
      ('${f.beta}', '${f.clientId}', 'Fixture Beta', 'beta@verity.test'),
      ('${f.gamma}', '${f.clientId}', 'Fixture Gamma', 'gamma@verity.test');
    INSERT INTO company_auditors (target_company_id, auditor_id) VALUES
      ('${f.alpha}', '${f.firmX}'), ('${f.beta}', '${f.firmX}'), ('${f.gamma}', '${f.firmX}'), ('${f.alpha}', '${f.firmY}');
    INSERT INTO users (email, fullname, user_type, role, client_id, auditor_id, target_company_id) VALUES
      ('${fixtureEmails.client}', 'Fixture Client Owner', 'client', 'owner', '${f.clientId}', NULL, NULL),
      ('${fixtureEmails.auditorX}', 'Xavier', 'auditor', 'viewer', NULL, '${f.firmX}', NULL),
      ('${fixtureEmails.auditorY}', 'Yara', 'auditor', 'owner', NULL, '${f.firmY}', NULL),
      ('${fixtureEmails.auditorZ}', 'Zed', 'auditor', 'owner', NULL, '${f.firmZ}', NULL),
      ('${fixtureEmails.alpha}', 'Alma', 'targetCompany', 'viewer', NULL, NULL, '${f.alpha}');
    INSERT INTO audits (id, target_company_id, auditor_id, audit_type, audit_category, audit_form) VALUES
      ('${auditX1}', '${f.alpha}', '${f.firmX}', 'dd', 'Environment', 'ap'),
      ('${auditY1}', '${f.alpha}', '${f.firmY}', 'normal_audit', 'EHS', 'recommendation'),
      ('${auditX3}', '${f.gamma}', '${f.firmX}', 'esap', 'Environment', 'mp');
    INSERT INTO action_plans (id, audit_id, target_company_id, action_plan_heading, category, form_type, timeline) VALUES
      ('${p1}', '${auditX1}', '${f.alpha}', 'All closed', 'environment', 'ap', ${days(-10)}),
      ('${p2}', '${auditX1}', '${f.alpha}', 'One overdue gap', 'social', 'ap', ${days(30)}),
      ('${p3}', '${auditX1}', '${f.alpha}', 'No gaps yet', 'governance', 'ap', NULL),
      ('${p4}', '${auditX1}', '${f.alpha}', 'Awaiting verification', 'prosperity', 'ap', ${days(-1)}),
      ('${p5}', '${auditY1}', '${f.alpha}', 'Firm Y plan', 'governance', 'recommendation', NULL),
      ('${h1}', '${auditX3}', '${f.gamma}', 'Gamma closed', 'environment', 'mp', NULL);
    INSERT INTO gaps (action_plan_id, target_company_id, kpi, gap_name, recommendation, responsibility, status, risk_severity, due_date) VALUES
      ${[
        gap(p1, f.alpha, 'closed', 'low', days(-20)),
        gap(p1, f.alpha, 'closed', 'high', days(5)),
        gap(p2, f.alpha, 'open', 'high', days(-2)),
        gap(p2, f.alpha, 'provClosed', 'moderate', days(10)),
        gap(p2, f.alpha, 'open', 'moderate', days(10)),
        gap(p4, f.alpha, 'provClosed', 'moderate', days(3)),
        gap(p5, f.alpha, 'open', 'low', 'NULL'),
        gap(h1, f.gamma, 'closed', 'low', days(-30)),
      ].join(',\n      ')};
  `);
  return f;
}
