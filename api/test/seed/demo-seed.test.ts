import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase, type Database } from '../../src/db';
import { seedDemo } from '../../src/seed/demo-seed';
import { testConfig } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';

describe.each(databaseKinds)('demo data on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  const demoFile = () => testConfig(database).demoAccountsFile;
  const seed = () => seedDemo(db, demoFile(), { dataDir: database.env.DATA_DIR });

  // The seeded template is what seedDemo wrote on a migrated database of this kind
  // (support/databases.ts), so its copy is the demo data as a first start seeds it.
  beforeAll(async () => {
    database = await createTestDatabase(kind, { template: 'seeded' });
    db = await openDatabase({
      dataDir: database.env.DATA_DIR,
      databaseUrl: database.env.DATABASE_URL,
    });
  });
  afterAll(async () => {
    await db?.close();
    await database?.dispose();
  });

  it('puts Acme Steel Ltd and Blue River Textiles under Northwind Capital, audited by GreenAudit Partners', async () => {
    const { rows } = await db.query(`
      SELECT t.target_company_name, c.client_name, a.auditor_name, ca.audit_types, ca.form_types
      FROM target_companies t
      JOIN clients c ON c.id = t.client_id
      JOIN company_auditors ca ON ca.target_company_id = t.id
      JOIN auditors a ON a.id = ca.auditor_id
      ORDER BY t.target_company_name`);
    const assignment = {
      client_name: 'Northwind Capital',
      auditor_name: 'GreenAudit Partners',
      audit_types: ['normal_audit', 'dd', 'esap'],
      form_types: ['ap', 'capa', 'mp', 'recommendation'],
    };
    expect(rows).toEqual([
      { target_company_name: 'Acme Steel Ltd', ...assignment },
      { target_company_name: 'Blue River Textiles', ...assignment },
    ]);
    const southbank = await db.query(`SELECT t.target_company_name FROM target_companies t
      JOIN clients c ON c.id = t.client_id WHERE c.client_name = 'Southbank Finance'`);
    expect(southbank.rows).toEqual([{ target_company_name: 'Kestrel Harbour Logistics' }]);
  });

  it('gives every demo account its membership except the newcomer', async () => {
    const { rows } = await db.query<{ email: string; user_type: string; role: string }>(
      'SELECT email, user_type, role FROM users ORDER BY email',
    );
    expect(rows).toEqual([
      { email: 'auditor.owner@verity.test', user_type: 'auditor', role: 'owner' },
      { email: 'auditor.viewer@verity.test', user_type: 'auditor', role: 'viewer' },
      { email: 'client.owner@verity.test', user_type: 'client', role: 'owner' },
      { email: 'client.viewer@verity.test', user_type: 'client', role: 'viewer' },
      { email: 'client2.owner@verity.test', user_type: 'client', role: 'owner' },
      { email: 'company.editor@verity.test', user_type: 'targetCompany', role: 'editor' },
      { email: 'company.owner@verity.test', user_type: 'targetCompany', role: 'owner' },
      { email: 'company.viewer@verity.test', user_type: 'targetCompany', role: 'viewer' },
    ]);
  });

  it('audits both companies with every audit type and form, each with a category valid for its type', async () => {
    const { rows } = await db.query<{ company: string; types: string[]; forms: string[] }>(`
      SELECT t.target_company_name AS company,
        array_agg(DISTINCT a.audit_type ORDER BY a.audit_type) AS types,
        array_agg(DISTINCT a.audit_form ORDER BY a.audit_form) AS forms
      FROM audits a JOIN target_companies t ON t.id = a.target_company_id
      GROUP BY t.target_company_name ORDER BY 1`);
    expect(rows).toEqual([
      {
        company: 'Acme Steel Ltd',
        types: ['dd', 'esap', 'normal_audit'],
        forms: ['ap', 'capa', 'mp', 'recommendation'],
      },
      {
        company: 'Blue River Textiles',
        types: ['dd', 'esap', 'normal_audit'],
        forms: ['ap', 'capa', 'mp', 'recommendation'],
      },
    ]);
    const invalid = await db.query(`SELECT 1 FROM audits WHERE NOT (
      (audit_type = 'normal_audit' AND audit_category IN ('EHS', 'F&LS', 'QA'))
      OR (audit_type = 'dd' AND audit_category IN ('Environment', 'Social', 'Governance'))
      OR (audit_type = 'esap' AND audit_category = 'Environment'))`);
    expect(invalid.rows).toEqual([]);
  });

  it('holds gaps in every status, some overdue, with history, SDGs and custom fields', async () => {
    const { rows } = await db.query<Record<string, number>>(`
      SELECT (count(*) FILTER (WHERE status = 'open'))::int AS open,
        (count(*) FILTER (WHERE status = 'pending'))::int AS pending,
        (count(*) FILTER (WHERE status = 'closed'))::int AS closed,
        (count(*) FILTER (WHERE status = 'provClosed'))::int AS prov_closed,
        (count(*) FILTER (WHERE status <> 'closed' AND due_date < now()))::int AS overdue,
        (count(*) FILTER (WHERE cardinality(impacted_sdgs) = 0))::int AS without_sdgs,
        (count(*) FILTER (WHERE fields <> '{}'))::int AS with_custom_fields,
        (count(DISTINCT risk_severity))::int AS risks
      FROM gaps`);
    expect(rows[0]).toEqual({
      open: 11,
      pending: 1,
      closed: 16,
      prov_closed: 9,
      overdue: 7,
      without_sdgs: 0,
      with_custom_fields: 13,
      risks: 3,
    });
    const withoutHistory = await db.query(
      'SELECT 1 FROM gaps g WHERE NOT EXISTS (SELECT 1 FROM gap_status_history h WHERE h.gap_id = g.id)',
    );
    expect(withoutHistory.rows).toEqual([]);
    const lastStatusDiffers = await db.query(`SELECT 1 FROM gaps g WHERE g.status <> (
      SELECT h.status FROM gap_status_history h WHERE h.gap_id = g.id ORDER BY h.changed_at DESC LIMIT 1)`);
    expect(lastStatusDiffers.rows).toEqual([]);
  });

  it('gives each form its own fields: CAPA area codes and amounts, recommendations without dates', async () => {
    const { rows } = await db.query(`
      SELECT ap.form_type,
        bool_and(g.area_code IS NOT NULL AND g.amount_currency IS NOT NULL) AS has_amounts,
        array_agg(DISTINCT g.amount_currency) FILTER (WHERE g.amount_currency IS NOT NULL) AS currencies,
        bool_or(g.due_date IS NOT NULL OR ap.timeline IS NOT NULL) AS has_dates
      FROM action_plans ap JOIN gaps g ON g.action_plan_id = ap.id
      GROUP BY ap.form_type ORDER BY ap.form_type`);
    expect(rows).toEqual([
      { form_type: 'ap', has_amounts: false, currencies: null, has_dates: true },
      { form_type: 'capa', has_amounts: true, currencies: ['INR', 'USD'], has_dates: true },
      { form_type: 'mp', has_amounts: false, currencies: null, has_dates: true },
      { form_type: 'recommendation', has_amounts: false, currencies: null, has_dates: false },
    ]);
  });

  it('has remarks from every user type, and photos with and without capture data under DATA_DIR/attachments', async () => {
    const types = await db.query<{ user_type: string }>(
      'SELECT DISTINCT user_type FROM remarks ORDER BY user_type',
    );
    expect(types.rows.map((row) => row.user_type)).toEqual(['auditor', 'client', 'targetCompany']);
    const documents = await db.query<{
      storage_key: string;
      size: number;
      content_type: string;
      sha256: string;
      width: number;
      camera: string | null;
      company: string;
      taken_after_gap: boolean | null;
    }>(
      `SELECT d.storage_key, d.size, d.content_type, d.sha256, d.width, d.camera,
         tc.target_company_name AS company,
         (d.captured_at - make_interval(mins => d.captured_utc_offset_minutes::int)) AT TIME ZONE 'UTC' > g.created_at AS taken_after_gap
       FROM remark_documents d JOIN target_companies tc ON tc.id = d.target_company_id
       JOIN remarks r ON r.id = d.remark_id JOIN gaps g ON g.id = r.gap_id
       ORDER BY d.content_type`,
    );
    // Acme Steel's photo carries EXIF; the others (Blue River's, some for its closure loop) do not.
    expect(documents.rows).toHaveLength(6);
    expect(documents.rows[0]).toMatchObject({
      content_type: 'image/jpeg',
      company: 'Acme Steel Ltd',
      camera: 'Verity Demo Camera',
    });
    for (const other of documents.rows.slice(1)) {
      expect(other).toMatchObject({
        content_type: 'image/png',
        camera: null,
        taken_after_gap: null,
      });
    }
    expect(documents.rows[0]?.taken_after_gap).toBe(true);
    // Every photo is its own file, so none reads 'Same file as on gap …'.
    expect(new Set(documents.rows.map((document) => document.sha256)).size).toBe(
      documents.rows.length,
    );
    for (const document of documents.rows) {
      const bytes = await readFile(
        path.join(database.env.DATA_DIR, 'attachments', document.storage_key),
      );
      expect(bytes.length).toBe(document.size);
      expect(document.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(document.width).toBe(32);
    }
  });

  it("numbers one ESAP plan's gaps as the lender's items, with references, timetables and conditions", async () => {
    const { rows } = await db.query<{
      esap_item_number: string;
      requirement_references: string[];
      timetable: string;
      condition_type: string;
      completion_indicator: string;
    }>(`
      SELECT g.esap_item_number, g.requirement_references, g.timetable, g.condition_type, g.completion_indicator
      FROM gaps g WHERE g.esap_item_number IS NOT NULL ORDER BY g.esap_item_number`);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.map((row) => row.esap_item_number).slice(0, 2)).toEqual(['1.1', '1.2']);
    for (const row of rows) {
      expect(row.requirement_references.length).toBeGreaterThan(0);
      expect(row.timetable).not.toBe('');
      expect(row.completion_indicator).not.toBe('');
    }
    expect(rows.map((row) => row.timetable)).toContain('Prior to first disbursement');
    const { rows: plans } = await db.query<{ company: string; audit_type: string; plans: number }>(`
      SELECT t.target_company_name AS company, a.audit_type, count(DISTINCT ap.id)::int AS plans
      FROM gaps g JOIN action_plans ap ON ap.id = g.action_plan_id JOIN audits a ON a.id = ap.audit_id
      JOIN target_companies t ON t.id = g.target_company_id
      WHERE g.esap_item_number IS NOT NULL GROUP BY 1, 2`);
    expect(plans).toEqual([{ company: 'Acme Steel Ltd', audit_type: 'esap', plans: 1 }]);
  });

  it('changes nothing when run again', async () => {
    const count = async () =>
      (
        await db.query(`SELECT (SELECT count(*)::int FROM clients) AS clients, (SELECT count(*)::int FROM auditors) AS auditors,
          (SELECT count(*)::int FROM target_companies) AS companies, (SELECT count(*)::int FROM client_auditors) AS engagements,
          (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM company_auditors) AS assignments,
          (SELECT count(*)::int FROM audits) AS audits, (SELECT count(*)::int FROM action_plans) AS plans,
          (SELECT count(*)::int FROM gaps) AS gaps, (SELECT count(*)::int FROM remarks) AS remarks,
          (SELECT count(*)::int FROM remark_documents) AS documents`)
      ).rows[0];
    const before = await count();
    await seed();
    expect(await count()).toEqual(before);
    expect(before).toEqual({
      clients: 2,
      auditors: 1,
      companies: 3,
      engagements: 1,
      users: 8,
      assignments: 2,
      audits: 9,
      plans: 15,
      gaps: 37,
      remarks: 35,
      documents: 6,
    });
  });

  it('tells what each plan and gap went through in its change history, with versions to match', async () => {
    const { rows } = await db.query<{
      plans: number;
      planned: number;
      gaps: number;
      created: number;
    }>(
      `SELECT (SELECT count(*)::int FROM action_plans) AS plans,
        (SELECT count(*)::int FROM change_history WHERE entity = 'actionPlan' AND field = 'created') AS planned,
        (SELECT count(*)::int FROM gaps) AS gaps,
        (SELECT count(*)::int FROM change_history WHERE entity = 'gap' AND field = 'created') AS created`,
    );
    expect(rows[0]!.planned).toBe(rows[0]!.plans);
    expect(rows[0]!.created).toBe(rows[0]!.gaps);
    const mismatched = await db.query(
      `SELECT g.id FROM gaps g WHERE g.version <> 1 + (SELECT count(*) FROM change_history c
         WHERE c.gap_id = g.id AND c.field <> 'created')`,
    );
    expect(mismatched.rows).toEqual([]);
    const fields = await db.query<{ field: string }>(
      'SELECT DISTINCT field FROM change_history ORDER BY field',
    );
    expect(fields.rows.map((row) => row.field)).toEqual(['created', 'dueDate', 'remark', 'status']);
    const delayed = await db.query<{ company: string; reason: string; later: boolean }>(
      `SELECT t.target_company_name AS company, c.reason,
         (c.new_value #>> '{}')::timestamptz > (c.old_value #>> '{}')::timestamptz AS later
       FROM change_history c JOIN gaps g ON g.id = c.gap_id JOIN target_companies t ON t.id = g.target_company_id
       WHERE c.field = 'dueDate'`,
    );
    expect(delayed.rows).toEqual([
      {
        company: 'Acme Steel Ltd',
        reason: 'The supplier moved the meter delivery back by two weeks.',
        later: true,
      },
    ]);
  });

  it("puts the second company's gaps through every state of the closure loop", async () => {
    const { rows } = await db.query<{
      status: string;
      decision: string | null;
      method: string | null;
      history: string[];
      evidence: number;
    }>(`
      SELECT g.status, c.decision, c.method,
        (SELECT array_agg(h.status ORDER BY h.changed_at) FROM gap_status_history h WHERE h.gap_id = g.id) AS history,
        (SELECT count(*)::int FROM remarks r JOIN remark_documents d ON d.remark_id = r.id
          WHERE r.gap_id = g.id AND r.created_at <= c.requested_at) AS evidence
      FROM closure_requests c JOIN gaps g ON g.id = c.gap_id
      JOIN target_companies tc ON tc.id = g.target_company_id
      WHERE tc.target_company_name = 'Blue River Textiles'
      ORDER BY c.decision NULLS FIRST, c.method NULLS FIRST`);
    // Each request had a photo before it was made.
    expect(rows.every((row) => row.evidence > 0)).toBe(true);
    expect(
      rows.map(({ status, decision, method, history }) => ({ status, decision, method, history })),
    ).toEqual([
      { status: 'pending', decision: null, method: null, history: ['open', 'pending'] },
      {
        status: 'provClosed',
        decision: 'accept',
        method: 'desk',
        history: ['open', 'pending', 'provClosed'],
      },
      {
        status: 'closed',
        decision: 'accept',
        method: 'site',
        history: ['open', 'provClosed', 'pending', 'closed'],
      },
      { status: 'open', decision: 'return', method: null, history: ['open', 'pending', 'open'] },
    ]);
  });
});
