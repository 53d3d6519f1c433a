import type { FastifyInstance } from 'fastify';
import { ESAP_CSV_COLUMNS, TARGET_COMPANY_ID_NOT_FOUND } from '@verity/shared-api/src/server';
import { CSV_BYTE_ORDER_MARK, csvColumns } from '../../../src/action-plans/csv-export';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, validGap, validPlan, type World } from './fixtures';

/**
 * A minimal CSV reader for the checks (quoted cells, doubled quotes, newlines inside quotes), of a
 * file that must start with UTF-8's byte-order mark.
 */
function parseCsv(file: string): string[][] {
  expect(file.startsWith(CSV_BYTE_ORDER_MARK)).toBe(true);
  const text = file.slice(CSV_BYTE_ORDER_MARK.length);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && (char === ',' || char === '\n')) {
      row.push(cell);
      cell = '';
      if (char === '\n') {
        rows.push(row);
        row = [];
      }
    } else {
      cell += char;
    }
  }
  return rows;
}

describe.each(databaseKinds)('CSV export on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    world = await buildWorld(app);
    // Beta Corp (of the second client) holds only this test's plans.
    const created = await world.as.auditorOwner({
      method: 'POST',
      url: '/api/v1/action-plan',
      query: { targetCompanyId: world.betaId, auditId: world.audits.beta },
      payload: {
        ...validPlan(),
        actionPlanHeading: '+Plan',
        gap: { ...validGap(), gapName: '=SUM(A1)', KPI: '@cmd', recommendation: '-1' },
      },
    });
    expect(created.statusCode).toBe(201);
    // The rules trim texts, so a leading tab or line break can only come from elsewhere (an import, say).
    await app.db.query(
      `UPDATE gaps SET responsibility = chr(9) || 'Tab', residual_risk = chr(10) || 'Line' WHERE target_company_id = $1`,
      [world.betaId],
    );
    // A plan of another company, which must not appear.
    await createPlan(world, { ...validPlan(), actionPlanHeading: 'Acme only plan' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const exportCsv = (
    as: keyof World['as'],
    query: Record<string, string> = { targetCompanyId: world.betaId },
  ) => world.as[as]({ method: 'GET', url: '/api/v1/action-plan/export/csv', query });

  it('names the file after the company and today, with a header and neutralised cells', async () => {
    const response = await exportCsv('betaOwner');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${world.betaId}_esap_export_${today}.csv"`,
    );
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(csvColumns().map(([heading]) => heading));
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(
      (header ?? []).map((heading, index) => [heading, rows[0]?.[index]]),
    );
    expect(row).toMatchObject({
      Auditor: 'GreenAudit Partners',
      'Audit Type': 'ESAP',
      'Audit Category': 'Environment',
      'Action Plan Heading': "'+Plan",
      Category: 'Environment',
      Form: 'Action Plan',
      'Gap Name': "'=SUM(A1)",
      KPI: "'@cmd",
      Recommendation: "'-1",
      Responsibility: "'\tTab",
      'Residual Risk': "'\nLine",
      'Risk Severity': 'Moderate',
      Status: 'Open',
      'ESG Aspect': 'Environmental',
      'Impacted SDGs': 'SDG6, SDG12',
    });
    expect(row['Due Date']).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(response.body).not.toContain('Acme only plan');
  });

  it("writes the headings and labels in the reader's language, and what users wrote as written", async () => {
    const response = await world.as.betaOwner({
      method: 'GET',
      url: '/api/v1/action-plan/export/csv',
      query: { targetCompanyId: world.betaId },
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    const [header, ...rows] = parseCsv(response.body);
    expect(header?.slice(0, 4)).toEqual([
      'Auditeur',
      'Type d’audit',
      'Catégorie d’audit',
      'Intitulé du plan d’action',
    ]);
    const row = Object.fromEntries(
      (header ?? []).map((heading, index) => [heading, rows[0]?.[index]]),
    );
    expect(row).toMatchObject({
      Auditeur: 'GreenAudit Partners',
      'Nom de l’écart': "'=SUM(A1)",
      'Gravité du risque': 'Modéré',
      Statut: 'Ouvert',
    });
    // The next reader, in English, reads English: the language lasted for that one export.
    expect(parseCsv((await exportCsv('betaOwner')).body)[0]?.[0]).toBe('Auditor');
  });

  it("starts with UTF-8's byte-order mark, so a spreadsheet shows accented names as written", async () => {
    await app.db.query(
      `UPDATE action_plans SET action_plan_heading = 'Gestión del agua – Łódź' WHERE target_company_id = $1`,
      [world.betaId],
    );
    const response = await exportCsv('betaOwner');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.body).toContain('Gestión del agua – Łódź');
    await app.db.query(
      `UPDATE action_plans SET action_plan_heading = '+Plan' WHERE target_company_id = $1`,
      [world.betaId],
    );
  });

  it("holds one audit's plans when given its id, and nothing of an audit the user may not see", async () => {
    await createPlan(
      world,
      { ...validPlan(), actionPlanHeading: 'Plan of the MP audit', formType: 'mp' },
      world.audits.mp,
    );
    const acme = (query: Record<string, string>) =>
      exportCsv('clientOwner', { targetCompanyId: world.acmeId, ...query });
    const headings = (body: string) =>
      parseCsv(body)
        .slice(1)
        .map(
          (row) => row[csvColumns().findIndex(([heading]) => heading === 'Action Plan Heading')],
        );

    const whole = await acme({});
    expect(whole.statusCode).toBe(200);
    expect(headings(whole.body)).toEqual(
      expect.arrayContaining(['Acme only plan', 'Plan of the MP audit']),
    );

    const ofAp = await acme({ auditId: world.audits.ap });
    expect(ofAp.statusCode).toBe(200);
    expect(headings(ofAp.body)).toContain('Acme only plan');
    expect(headings(ofAp.body)).not.toContain('Plan of the MP audit');

    const ofMp = await acme({ auditId: world.audits.mp });
    expect(headings(ofMp.body)).toEqual(['Plan of the MP audit']);

    // Another company's audit, or another firm's for an auditor: the header and no rows.
    const foreign = await acme({ auditId: world.audits.beta });
    expect(foreign.statusCode).toBe(200);
    expect(parseCsv(foreign.body)).toHaveLength(1);
    const otherFirm = await exportCsv('auditorOwner', {
      targetCompanyId: world.acmeId,
      auditId: world.audits.otherFirm,
    });
    expect(parseCsv(otherFirm.body)).toHaveLength(1);

    const malformed = await acme({ auditId: 'not-an-id' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'MALFORMED_ID' });
    // A very long one is refused the same way, before anything reaches the database.
    const huge = await acme({ auditId: 'a'.repeat(8_000) });
    expect({ status: huge.statusCode, code: huge.json().code }).toEqual({
      status: 400,
      code: 'MALFORMED_ID',
    });
  });

  it('streams the rows from the database rather than sending one buffered string', async () => {
    const { rows } = await app.db.query<{ id: string }>(
      'SELECT id FROM action_plans WHERE target_company_id = $1',
      [world.betaId],
    );
    await app.db.query(
      `INSERT INTO gaps (action_plan_id, target_company_id, kpi, gap_name, recommendation, responsibility, impacted_sdgs, due_date)
       SELECT $1, $2, 'KPI ' || n, 'Gap ' || n, 'R', 'P', '{SDG1}', now() - interval '1 day' FROM generate_series(1, 1200) n`,
      [rows[0]?.id, world.betaId],
    );
    const response = await world.as.otherClient({
      method: 'GET',
      url: '/api/v1/action-plan/export/csv',
      query: { targetCompanyId: world.betaId },
      payloadAsStream: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBeUndefined();
    const chunks: Buffer[] = [];
    for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
    expect(chunks.length).toBeGreaterThan(1);
    const lines = parseCsv(Buffer.concat(chunks).toString('utf8'));
    expect(lines).toHaveLength(1 + 1201);
    expect(lines.filter((line) => line.includes('Overdue'))).toHaveLength(1200);
  });

  it("answers 'TargetCompany ID not found' without a company id, and 404 for another tenant's company", async () => {
    const missing = await exportCsv('otherClient', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(TARGET_COMPANY_ID_NOT_FOUND);
    expect((await exportCsv('clientOwner')).statusCode).toBe(404);
    expect((await exportCsv('companyOwner')).statusCode).toBe(404);
    expect((await exportCsv('otherFirmOwner')).statusCode).toBe(404);
    expect((await exportCsv('otherClient', { targetCompanyId: world.acmeId })).statusCode).toBe(
      404,
    );
  });

  it("leaves out another auditor firm's plans for an auditor of the same company", async () => {
    const response = await exportCsv('otherFirmOwner', { targetCompanyId: world.acmeId });
    expect(response.statusCode).toBe(200);
    expect(parseCsv(response.body)[0]).toEqual(csvColumns().map(([heading]) => heading));
    expect(response.body).not.toContain('Acme only plan');
  });

  it('ends with the lender (ESAP) columns, references joined with "; ", texts neutralised', async () => {
    // Written as an import may write them (earlier tests left this gap past the form's rules).
    const setLenderFields = (values: unknown[]) =>
      app.db.query(
        `UPDATE gaps SET esap_item_number = $2, requirement_references = $3, completion_indicator = $4,
           timetable = $5, condition_type = $6, loan_clause = $7, due_milestone = $8,
           due_offset_months = $9, resources = $10, esap_section = $11
         WHERE id = (SELECT g.id FROM gaps g JOIN action_plans ap ON ap.id = g.action_plan_id
           WHERE g.target_company_id = $1 ORDER BY ap.created_at, ap.id, g.created_at, g.id LIMIT 1)`,
        [world.betaId, ...values],
      );
    await setLenderFields([
      '-1.2',
      ['IFC PS1', 'EP4', 'National law'],
      '=HYPERLINK("x")',
      'Within 6 months of first disbursement',
      'subsequent',
      '=Clause 21.3(b)',
      'First disbursement',
      6,
      '@SUM(A1)',
      'PR1 Assessment and Management',
    ]);
    const [header, ...rows] = parseCsv((await exportCsv('betaOwner')).body);
    const closureEnd = (header ?? []).indexOf('Last Evidence Date');
    expect(header?.slice(closureEnd + 1)).toEqual([...ESAP_CSV_COLUMNS]);
    const row = Object.fromEntries(
      (header ?? []).map((heading, index) => [heading, rows[0]?.[index]]),
    );
    expect(row).toMatchObject({
      'ESAP Item No.': "'-1.2",
      'Requirement References': 'IFC PS1; EP4; National law',
      'Completion Indicator': `'=HYPERLINK("x")`,
      Timetable: 'Within 6 months of first disbursement',
      'Condition Type': 'Condition subsequent',
      'Loan Agreement Clause': "'=Clause 21.3(b)",
      'Due Relative To': '6 months after first disbursement',
      Resources: "'@SUM(A1)",
      'ESAP Section': 'PR1 Assessment and Management',
    });
    // A gap without them gives empty cells.
    await setLenderFields([null, [], null, null, null, null, null, 0, null, null]);
    const [, ...after] = parseCsv((await exportCsv('betaOwner')).body);
    expect(after[0]?.slice(closureEnd + 1)).toEqual(ESAP_CSV_COLUMNS.map(() => ''));
  });
});
