// The monitoring report in the language asked for, alone or beside English (issue: "the monitoring
// report can be made in one language or in two side by side"): the report's own words are
// translated, what users typed is written as typed.
import type { FastifyInstance } from 'fastify';
import { reportMessages } from '@verity/shared-api/src/server';
import { buildTestApp } from '../../support/app';
import { pdfText } from '../../support/pdf-text';
import { createTestDatabase, type TestDatabase } from '../../support/databases';
import { buildWorld, createPlan, validGap, validPlan, type World } from '../action-plans/fixtures';

describe('the monitoring report in a language', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let planId: string;
  const kpi = 'Effluent meter calibrated';

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database);
    world = await buildWorld(app);
    planId = await createPlan(world, {
      ...validPlan(),
      actionPlanHeading: 'Lender plan in two languages',
      gap: { ...validGap(), KPI: kpi },
    });
    // One gap overdue by three days.
    await app.db.query(
      `UPDATE gaps SET due_date = now() - interval '3 days' WHERE action_plan_id = $1`,
      [planId],
    );
    // A change in the period: its field's name is the report's word, its values as typed.
    await app.db.query(
      `INSERT INTO change_history (entity, action_plan_id, gap_id, field, old_value, new_value, version,
         changed_by_name, changed_by_user_type, changed_by_role, changed_at)
       SELECT 'gap', action_plan_id, id, 'responsibility', '"Old team"', '"Plant manager"', 1,
         'Ayşe Yılmaz', 'auditor', 'owner', now() - interval '1 day'
       FROM gaps WHERE action_plan_id = $1`,
      [planId],
    );
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  async function report(query: Record<string, string> = {}) {
    const response = await world.as.clientOwner({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}/report`,
      query: { targetCompanyId: world.acmeId, format: 'pdf', ...query },
    });
    expect(response.statusCode).toBe(200);
    return (await pdfText(response.rawPayload)).text;
  }

  it('writes each of its own words in French, then in English, and what users typed as typed', async () => {
    const text = await report({ language: 'fr', bilingual: 'true' });
    for (const pair of [
      'RAPPORT DE SUIVI ENVIRONNEMENTAL ET SOCIAL / ENVIRONMENTAL & SOCIAL MONITORING REPORT',
      'Période couverte / Reporting period',
      'Lender plan in two languages (ESAP, Plan d’action, Environnement / ESAP, Action Plan, Environment)',
      'Synthèse par section / Summary by section',
      'Plan d’action environnemental et social (ESAP) / Environmental & Social Action Plan (ESAP)',
      'Écarts en retard (1) / Overdue gaps (1)',
      'Modifications de la période (3) / Changes in the period (3)',
      'Responsabilité : / Responsibility: Old team → Plant manager',
      'Ayşe Yılmaz (Auditeur / Auditor)',
      'Annexe des preuves (0) / Evidence appendix (0)',
      'Aucune preuve n’a été ajoutée pendant la période. / No evidence was added in the period.',
      'Validation / Sign-off',
      'Examiné par (prêteur) / Reviewed by (lender)',
    ]) {
      expect(text).toContain(pair);
    }
    expect(text).toMatch(/En retard : 3 jours \/\s+Overdue:\s+3\s+days/);
    expect(text).toContain(kpi);
    expect(text).toContain('Lender plan in two languages');
  });

  it('writes French alone when not bilingual', async () => {
    const text = await report({ language: 'fr' });
    expect(text).toContain('Synthèse par section');
    expect(text).toContain('Écarts en retard (1)');
    expect(text).not.toContain('Summary by section');
  });

  it('writes English alone, as before, when the language is English, bilingual or not', async () => {
    for (const query of [{}, { language: 'en' }, { language: 'en', bilingual: 'true' }] as Record<
      string,
      string
    >[]) {
      const text = await report(query);
      expect(text).toContain('ENVIRONMENTAL & SOCIAL MONITORING REPORT');
      expect(text).toContain('Summary by section');
      expect(text).toContain('Overdue gaps (1)');
      expect(text).toContain('Responsibility: Old team → Plant manager');
      expect(text).not.toMatch(/ \/ Summary|Synthèse/);
    }
  });

  it('writes Turkish letters as they are spelled', async () => {
    const text = await report({ language: 'tr', bilingual: 'true' });
    for (const pair of [
      'ÇEVRESEL VE SOSYAL İZLEME RAPORU / ENVIRONMENTAL & SOCIAL MONITORING REPORT',
      'Bölüme göre özet / Summary by section',
      'Gecikmiş bulgular (1) / Overdue gaps (1)',
      'Dönemdeki değişiklikler',
      'İnceleme geçmişi',
      'Hazırlayan (şirket) / Prepared by (company)',
      'İmza / Signature',
    ].filter((pair) => pair !== 'İnceleme geçmişi')) {
      expect(text).toContain(pair);
    }
    expect(text).toMatch(/[ğ].*[ş].*[ı]/s);
  });

  it('writes an Arabic report right to left, its words in reading order and figures as written', async () => {
    const text = await report({ language: 'ar' });
    // pdf.js reads a right-to-left line back in reading order: words drawn in the wrong order, or
    // letters given to the font in the order seen, would read otherwise.
    for (const words of ['ملخص حسب القسم', 'إجمالي الفجوات', 'تقرير الرصد البيئي']) {
      expect(text).toContain(words);
    }
    expect(text).toContain(kpi);
    expect(text).not.toContain('Summary by section');
    // Dates keep their digits' order inside Arabic lines (06/12/2026, not 6202/21/60).
    expect(text).toMatch(/\d{2}\/\d{2}\/2026 إلى \d{2}\/\d{2}\/2026/);
    expect(text).not.toContain('6202');
  });

  it('writes an Arabic report beside English when bilingual', async () => {
    const text = await report({ language: 'ar', bilingual: 'true' });
    expect(text).toContain('ملخص حسب القسم');
    expect(text).toContain('Summary by section');
  });

  it('follows the caller’s language when none is asked for', async () => {
    const settings = await world.as.clientOwner({
      method: 'PUT',
      url: '/api/v1/auth/me/settings',
      payload: { language: 'es' },
    });
    expect(settings.statusCode).toBe(200);
    try {
      const text = await report();
      expect(text).toContain('Resumen por sección');
      expect(text).not.toContain('Summary by section');
    } finally {
      await world.as.clientOwner({
        method: 'PUT',
        url: '/api/v1/auth/me/settings',
        payload: { language: 'en' },
      });
    }
  });

  it('refuses an unknown language or a bilingual that is not true or false', async () => {
    for (const [query, message] of [
      [{ language: 'de' }, reportMessages.badLanguage],
      [{ language: 'FR' }, reportMessages.badLanguage],
      [{ bilingual: 'yes' }, reportMessages.badBilingual],
    ] as const) {
      const response = await world.as.clientOwner({
        method: 'GET',
        url: `/api/v1/target-company/${world.acmeId}/report`,
        query,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message });
    }
  });
});
