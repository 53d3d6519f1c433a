// Bad input to the routes Verity added beyond the spec, one block of probes per route (and a gap's
// newer fields): NUL bytes, huge and negative values, wrong types, hostile files. Each is answered
// with a 4xx, never a 5xx, and nothing in the database changes.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { recognise } from '../../src/language/answer-language';
import { demoPng } from '../../src/seed/demo-png';
import { databaseDigest } from '../permissions/database-digest';
import { buildTestApp } from '../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { buildWorld, createPlan, validGap, type World } from './action-plans/fixtures';

const HUGE = 'x'.repeat(200_000);
/** The schema validator's messages name the request's fields ('body/name must be string'). */
const SCHEMA_MESSAGE = /^(body|querystring|params|headers)\b/;
const NUL = 'Europe/\u0000London';

interface Probe {
  name: string;
  request: (world: World, planId: string) => InjectOptions | Promise<InjectOptions>;
  /** Who calls: one who may call the route, so that a refusal is about the input (the firm's owner unless said). */
  as?: 'companyOwner' | 'clientOwner';
}

const csvForm = (
  fields: Record<string, string>,
  file: { bytes: Buffer | string; name: string } = {
    bytes: 'No.,Action\n1.1,Install a meter\n',
    name: 'esap.csv',
  },
) => {
  const form = new FormData();
  form.append('file', new Blob([file.bytes]), file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form as unknown as InjectOptions['payload'];
};
const planFields = {
  actionPlanHeading: 'Imported plan',
  category: 'Environment',
  timeline: '2030-01-01',
};

/**
 * A remark's or an incident's photos, each after its device capture record (decision 0102); a record
 * given as null is not sent.
 */
const photoForm = (records: (string | null)[], after: string[] = []) => {
  const form = new FormData();
  form.append('comments', 'Photos from the site');
  for (const record of records) {
    if (record !== null) form.append('deviceCapture', record);
    form.append('documents', new Blob([demoPng(4)]), 'site.png');
  }
  for (const record of after) form.append('deviceCapture', record);
  return form as unknown as InjectOptions['payload'];
};
const DEVICE_CAPTURES = [
  '',
  'null',
  '{"capturedAt":',
  '{"capturedAt":"\u0000"}',
  '{"capturedAt":"2026-03-01 10:05:00"}',
  '{"capturedAt":"2026-03-01T10:05:00"}',
  '{"capturedAt":"2026-13-01T10:05:00Z"}',
  '{"capturedAt":"0001-03-01T10:05:00Z"}',
  '{"capturedAt":"9999-12-31T23:59:59Z"}',
  '{"capturedAt":"2026-03-01T10:05:00-13:00"}',
  `{"capturedAt":"${HUGE}"}`,
  '{"capturedAt":"2026-03-01T10:05:00Z","gps":{"latitude":1e999,"longitude":0}}',
  '{"capturedAt":"2026-03-01T10:05:00Z","gps":{"latitude":-91,"longitude":0}}',
  '{"capturedAt":"2026-03-01T10:05:00Z","gps":{"latitude":0,"longitude":180.5}}',
  '{"capturedAt":"2026-03-01T10:05:00Z","gps":[1,2]}',
  '{"capturedAt":"2026-03-01T10:05:00Z","gps":"here"}',
];

/** A gap in a bulk change's list, replaced by the plan's own gap when sent. */
const GAP = { id: '2f0c7c38-1f0e-4a3e-8a55-3b9a0f4c1e11', version: 1 };

/** The plan's first gap, as the auditor owner reads it. */
async function firstGapOf(world: World, planId: string): Promise<typeof GAP> {
  const response = await world.as.auditorOwner({
    method: 'GET',
    url: `/api/v1/action-plan/${planId}`,
    query: { targetCompanyId: world.acmeId },
  });
  const [gap] = (response.json() as { data: { gaps: (typeof GAP)[] } }).data.gaps;
  return { id: gap!.id, version: gap!.version };
}
const gapOf = async (world: World, planId: string) => (await firstGapOf(world, planId)).id;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A draft monitoring report of Acme Steel Ltd, started once before the probes. */
let draftReportId = '';
/** An open incident of Acme Steel Ltd and an open question of the client on it. */
let incidentId = '';
let questionId = '';
/** A grievance of Acme Steel Ltd, received and not yet acknowledged. */
let grievanceId = '';
const GRIEVANCE = {
  channel: 'hotline',
  receivedOn: '2026-01-12',
  complainantType: 'worker',
  category: 'healthAndSafety',
  description: 'No gloves at the pickling line.',
  anonymous: false,
  complainantName: 'Joseph',
};
const INCIDENT = {
  category: 'spillOrRelease',
  severity: 'high',
  occurredAt: '2026-01-10T06:00:00Z',
  location: 'Tank farm B',
  description: 'Diesel leaked into the bund.',
  peopleAffected: 0,
};

const PROBES: Probe[] = [
  ...['-1', '0', '1e9', 'abc', '\u0000', HUGE].flatMap((value) => [
    {
      name: `GET /notifications page=${value.slice(0, 12)}`,
      request: () => ({ method: 'GET', url: '/api/v1/notifications', query: { page: value } }),
    },
    {
      name: `GET /notifications pageSize=${value.slice(0, 12)}`,
      request: () => ({ method: 'GET', url: '/api/v1/notifications', query: { pageSize: value } }),
    },
  ]),
  ...['not-a-uuid', '\u0000', HUGE].map((id) => ({
    name: `POST /notification/{${id.slice(0, 12)}}/read`,
    request: () => ({ method: 'POST', url: `/api/v1/notification/${encodeURIComponent(id)}/read` }),
  })),
  ...[
    { preferences: 'all' },
    { preferences: [{ kind: '\u0000', email: true, inApp: true }] },
    { preferences: [{ kind: HUGE, email: true, inApp: true }] },
    { preferences: [{ kind: 'dueSoon', email: 'yes please', inApp: true }] },
    { preferences: [{ kind: 'escalation', email: false, inApp: true }] },
    { preferences: Array.from({ length: 10_000 }, () => ({ kind: 'dueSoon', email: true })) },
  ].map((payload, index) => ({
    name: `PUT /notification-preferences #${index + 1}`,
    request: () => ({ method: 'PUT', url: '/api/v1/notification-preferences', payload }),
  })),
  // (A one-item list, ['UTC'], is taken as its item by the schema coercion the whole API applies.)
  ...[NUL, HUGE, 42, -1, '', 'Mars/Olympus_Mons'].map((timeZone) => ({
    name: `PUT /organisation/settings timeZone=${JSON.stringify(timeZone).slice(0, 16)}`,
    request: () => ({ method: 'PUT', url: '/api/v1/organisation/settings', payload: { timeZone } }),
  })),
  ...[NUL, HUGE, 42, '', 'BY-PLACE', 'dd/mm/yyyy', null].map((dateStyle) => ({
    name: `PUT /auth/me/settings dateStyle=${JSON.stringify(dateStyle).slice(0, 16)}`,
    request: () => ({ method: 'PUT', url: '/api/v1/auth/me/settings', payload: { dateStyle } }),
  })),
  // The user's language (decision 0109): one of the six codes, nothing else; nor an empty change.
  ...[NUL, HUGE, 42, '', 'EN', 'de', 'fr-FR', 'English', null, ['fr', 'es']].map((language) => ({
    name: `PUT /auth/me/settings language=${JSON.stringify(language).slice(0, 16)}`,
    request: () => ({ method: 'PUT', url: '/api/v1/auth/me/settings', payload: { language } }),
  })),
  {
    name: 'PUT /auth/me/settings with a good style and an unknown language',
    request: () => ({
      method: 'PUT',
      url: '/api/v1/auth/me/settings',
      payload: { dateStyle: 'year-month-day', language: 'klingon' },
    }),
  },
  {
    name: 'PUT /auth/me/settings with neither',
    request: () => ({ method: 'PUT', url: '/api/v1/auth/me/settings', payload: {} }),
  },
  ...(
    [
      { format: 'docx' },
      { format: '\u0000' },
      { from: '2026-02-30' },
      { from: '-1' },
      { from: HUGE },
      { from: '2026-05-01', to: '2026-04-01' },
      { to: '\u0000' },
      { language: 'de' },
      { language: '\u0000' },
      { language: HUGE },
      { bilingual: 'yes' },
      { language: 'fr', bilingual: HUGE },
    ] as Record<string, string>[]
  ).map((query, index) => ({
    name: `GET /action-plan/{id}/report #${index + 1}`,
    request: (world: World, planId: string) => ({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}/report`,
      query: { targetCompanyId: world.acmeId, ...query },
    }),
  })),
  ...['\u0000', HUGE, '-1', '2026-13-01', '99999-01-01', '2999-12-31'].map((asOf, index) => ({
    name: `GET /action-plan/{id}/esap-workbook #${index + 1}`,
    request: (world: World, planId: string) => ({
      method: 'GET' as const,
      url: `/api/v1/action-plan/${planId}/esap-workbook`,
      query: { targetCompanyId: world.acmeId, asOf },
    }),
  })),
  ...(
    [
      { from: '\u0000' },
      { format: HUGE },
      { to: '99999-01-01' },
      { language: 'EN' },
      { bilingual: '1' },
    ] as Record<string, string>[]
  ).map((query, index) => ({
    name: `GET /target-company/{id}/report #${index + 1}`,
    request: (world: World) => ({
      method: 'GET',
      url: `/api/v1/target-company/${world.acmeId}/report`,
      query,
    }),
  })),
  ...(
    [
      { dryRun: 'maybe' },
      { dryRun: 'false', mapping: '{not json' },
      { dryRun: 'false', mapping: '\u0000' },
      { dryRun: 'false', mapping: JSON.stringify({ A: 'noSuchField' }) },
      { dryRun: 'false', mapping: JSON.stringify(['esapItemNumber']) },
      { dryRun: 'false', actionPlanHeading: 'Plan\u0000name' },
      { dryRun: 'false', timeline: '-1' },
      { dryRun: 'false', actionPlanId: 'not-a-uuid' },
    ] as Record<string, string>[]
  ).map((fields, index) => ({
    name: `POST /action-plan/import #${index + 1}`,
    request: (world: World) => {
      const { dryRun, actionPlanId, ...form } = fields;
      return {
        method: 'POST',
        url: '/api/v1/action-plan/import',
        query: {
          targetCompanyId: world.acmeId,
          auditId: world.audits.ap,
          dryRun: dryRun!,
          ...(actionPlanId ? { actionPlanId } : {}),
        },
        payload: csvForm({ ...planFields, ...form }),
      };
    },
  })),
  // A revision of a plan's ESAP (docs/decisions/0083-esap-revisions.md): its note and the new-plan flag.
  ...(
    [
      { query: { newPlan: 'perhaps' }, form: {} },
      { query: { newPlan: '\u0000' }, form: {} },
      { query: { intoPlan: 'yes' }, form: { revisionNote: 'x'.repeat(1001) } },
      { query: { intoPlan: 'yes' }, form: { revisionNote: HUGE } },
    ] as { query: Record<string, string>; form: Record<string, string> }[]
  ).map(({ query, form }, index) => ({
    name: `POST /action-plan/import (revision) #${index + 1}`,
    request: (world: World, planId: string) => {
      const { intoPlan, ...rest } = query;
      return {
        method: 'POST' as const,
        url: '/api/v1/action-plan/import',
        query: {
          targetCompanyId: world.acmeId,
          auditId: world.audits.ap,
          dryRun: 'false',
          ...(intoPlan ? { actionPlanId: planId } : {}),
          ...rest,
        },
        payload: csvForm(
          { ...planFields, ...form },
          {
            bytes:
              'No.,Action,E&S Risk,Resources,Timetable\n1.1,Install a meter,Energy,HSE Manager,31/12/2029\n',
            name: 'esap.csv',
          },
        ),
      };
    },
  })),
  ...(
    [
      { id: 'not-a-uuid' },
      { id: '\u0000' },
      { id: HUGE },
      { company: 'not-a-uuid' },
      { company: '' },
    ] as { id?: string; company?: string }[]
  ).map(({ id, company }, index) => ({
    name: `GET /action-plan/{id}/revisions #${index + 1}`,
    request: (world: World, planId: string) => ({
      method: 'GET' as const,
      url: `/api/v1/action-plan/${encodeURIComponent(id ?? planId)}/revisions`,
      query: { targetCompanyId: company ?? world.acmeId },
    }),
  })),
  // The hostile files (a zip bomb, 100,000 rows, 9 MB of commas...) are each read once in the suite,
  // by esap-import.test.ts: refused with their 4xx and message, nothing written.
  // The portfolio explorer and its export: every filter, with NUL bytes, huge, negative and wrong values.
  ...['/api/v1/portfolio/gaps', '/api/v1/portfolio/gaps/export/csv'].flatMap((url) =>
    [
      { status: '\u0000' },
      { status: ['open', HUGE] },
      { risk: 'severe' },
      { requirement: HUGE },
      { sdg: 'SDG18' },
      { overdueAge: '-1' },
      { closure: 'never' },
      { dueFrom: '2026-02-30' },
      // A calendar day the format takes, but before any date the database keeps.
      { dueFrom: '0000-01-01' },
      { dueTo: '1899-12-31' },
      { dueTo: NUL },
      { dueFrom: '2026-12-31', dueTo: '2026-01-01' },
      { targetCompanyId: '\u0000' },
      { auditorId: '00000000-0000-4000-8000-000000000000' },
      { sort: 'dueDate; DROP TABLE gaps' },
      { order: 'sideways' },
      { page: '-1' },
      { pageSize: '1e9' },
      { status: Array.from({ length: 50 }, () => 'open') },
    ].map((query, index) => ({
      name: `GET ${url.replace('/api/v1', '')} #${index + 1}`,
      request: () => ({ method: 'GET' as const, url, query }),
    })),
  ),
  // Accepting closure evidence (decision 0085): the input is refused before the gap's state is asked.
  ...[
    { decision: 'accept', method: 'site', visitDate: '\u0000', visitedBy: 'Sam' },
    { decision: 'accept', method: 'site', visitDate: HUGE, visitedBy: 'Sam' },
    { decision: 'accept', method: 'site', visitDate: '2026-01-01', visitedBy: HUGE },
    { decision: 'accept', method: 'site', visitDate: '9999-12-31', visitedBy: 'Sam' },
    { decision: 'accept', method: 'desk', comment: HUGE },
    { decision: 'accept', method: 'desk', comment: { text: 'a' } },
    { decision: 'accept', method: 'desk', checkedFlags: 'all' },
    { decision: 'accept', method: 'desk', checkedFlags: ['\u0000'] },
  ].map((payload, index) => ({
    name: `POST /gap/{id}/closure-review #${index + 1}`,
    request: async (world: World, planId: string) => ({
      method: 'POST' as const,
      url: `/api/v1/gap/${await gapOf(world, planId)}/closure-review`,
      query: { targetCompanyId: world.acmeId },
      payload,
    }),
  })),
  // Due-date extensions (decision 0086).
  ...[
    {},
    { dueDate: '\u0000', reason: 'Late' },
    { dueDate: HUGE, reason: 'Late' },
    { dueDate: '-1', reason: 'Late' },
    { dueDate: 42, reason: 'Late' },
    { dueDate: inDays(-1), reason: 'Late' },
    { dueDate: inDays(45), reason: '' },
    { dueDate: inDays(45), reason: HUGE },
    { dueDate: inDays(45), reason: 'Late\u0000r' },
    { dueDate: inDays(45), reason: ['a', 'b'] },
  ].map((payload, index) => ({
    name: `POST /gap/{id}/extension-request #${index + 1}`,
    as: 'companyOwner' as const,
    request: async (world: World, planId: string) => ({
      method: 'POST' as const,
      url: `/api/v1/gap/${await gapOf(world, planId)}/extension-request`,
      query: { targetCompanyId: world.acmeId },
      payload,
    }),
  })),
  ...[
    {},
    { decision: '\u0000' },
    { decision: HUGE },
    { decision: 'approve', comment: HUGE },
    { decision: 'approve', comment: { text: 'a' } },
  ].map((payload, index) => ({
    name: `POST /gap/{id}/extension-answer #${index + 1}`,
    request: async (world: World, planId: string) => ({
      method: 'POST' as const,
      url: `/api/v1/gap/${await gapOf(world, planId)}/extension-answer`,
      query: { targetCompanyId: world.acmeId },
      payload,
    }),
  })),
  ...[
    { extensionApprover: 'everyone' },
    { extensionApprover: '\u0000' },
    { extensionApprover: 7 },
  ].map((payload, index) => ({
    name: `PUT /client/settings #${index + 1}`,
    as: 'clientOwner' as const,
    request: () => ({ method: 'PUT' as const, url: '/api/v1/client/settings', payload }),
  })),
  // One change to many gaps: wrong types, NUL bytes, huge values, ids that are no uuids.
  ...[
    { gaps: 'all', status: 'closed' },
    { gaps: [{ id: 'not-a-uuid', version: 1 }], status: 'closed' },
    { gaps: [{ id: '\u0000', version: 1 }], status: 'closed' },
    { gaps: [{ ...GAP, version: -1 }], status: 'closed' },
    { gaps: [GAP], status: 'done' },
    { gaps: [GAP], dueDate: NUL },
    { gaps: [GAP], dueDate: '99999-01-01' },
    { gaps: [GAP], responsibility: HUGE },
    { gaps: [GAP], responsibility: { name: 'Plant' } },
    { gaps: [GAP] },
    {
      gaps: Array.from({ length: 10_000 }, () => GAP),
      status: 'closed',
    },
  ].map((payload, index) => ({
    name: `POST /action-plan/{id}/gaps/bulk #${index + 1}`,
    // The plan's own gap at its version stands for GAP, so a refusal is about the value beside it.
    request: async (world: World, planId: string) => {
      const gap = await firstGapOf(world, planId);
      return {
        method: 'POST' as const,
        url: `/api/v1/action-plan/${planId}/gaps/bulk`,
        query: { targetCompanyId: world.acmeId },
        payload: JSON.parse(
          JSON.stringify(payload).replaceAll(JSON.stringify(GAP), JSON.stringify(gap)),
        ) as object,
      };
    },
  })),
  // The company's users held back at sign-in: the company's id, as its users list takes it.
  ...[
    {},
    { targetCompanyId: 'not-a-uuid' },
    { targetCompanyId: '\u0000' },
    { targetCompanyId: HUGE },
    { targetCompanyId: ['2f0c7c38-1f0e-4a3e-8a55-3b9a0f4c1e11', 'x'] },
  ].map((query, index) => ({
    name: `GET /target-company/users/sign-in-limits #${index + 1}`,
    as: 'companyOwner' as const,
    request: () => ({
      method: 'GET' as const,
      url: '/api/v1/target-company/users/sign-in-limits',
      query,
    }),
  })),
  // A company's financing milestones, as its client's owner sets them.
  ...[
    {},
    { milestones: 'Financial close' },
    { milestones: [{ name: '' }] },
    { milestones: [{ name: '\u0000' }] },
    { milestones: [{ name: HUGE }] },
    { milestones: [{ name: 'x'.repeat(101) }] },
    { milestones: [{ name: 'COD' }, { name: ' cod ' }] },
    { milestones: [{ name: 'Financial close', reachedOn: '2026-02-30' }] },
    { milestones: [{ name: 'Financial close', reachedOn: '0000-01-01' }] },
    { milestones: [{ name: 'Financial close', reachedOn: 20260101 }] },
    { milestones: [{ name: 'Financial close', reachedOn: HUGE }] },
    { milestones: Array.from({ length: 21 }, (_, index) => ({ name: `M${index}` })) },
    { milestones: Array.from({ length: 10_000 }, (_, index) => ({ name: `M${index}` })) },
  ].map((payload, index) => ({
    name: `PUT /target-company/{id}/milestones #${index + 1}`,
    as: 'clientOwner' as const,
    request: (world: World) => ({
      method: 'PUT' as const,
      url: `/api/v1/target-company/${world.acmeId}/milestones`,
      payload,
    }),
  })),
  ...['not-a-uuid', '\u0000'].map((id) => ({
    name: `PUT /target-company/{${id.slice(0, 12)}}/milestones`,
    as: 'clientOwner' as const,
    request: () => ({
      method: 'PUT' as const,
      url: `/api/v1/target-company/${encodeURIComponent(id)}/milestones`,
      payload: { milestones: [] },
    }),
  })),
  // Annual monitoring reports (decision 0094): the client's rule, a draft of the company's.
  ...[
    {},
    { frequency: 'yearly', yearEnd: '12-31', dueDays: 60 },
    { frequency: 'annual', yearEnd: '02-29', dueDays: 60 },
    { frequency: 'annual', yearEnd: '13-01', dueDays: 60 },
    { frequency: 'annual', yearEnd: '12-31\u0000', dueDays: 60 },
    { frequency: 'annual', yearEnd: HUGE, dueDays: 60 },
    { frequency: 'annual', yearEnd: '12-31', dueDays: 0 },
    { frequency: 'annual', yearEnd: '12-31', dueDays: 1e9 },
    { frequency: 'annual', yearEnd: '12-31', dueDays: 1.5 },
    { frequency: 'annual', yearEnd: '12-31', dueDays: 'sixty' },
  ].map((payload, index) => ({
    name: `PUT /target-company/{id}/report-rule #${index + 1}`,
    as: 'clientOwner' as const,
    request: (world: World) => ({
      method: 'PUT' as const,
      url: `/api/v1/target-company/${world.acmeId}/report-rule`,
      payload,
    }),
  })),
  ...[
    {},
    { periodEnd: '\u0000' },
    { periodEnd: HUGE },
    { periodEnd: '2099-12-31' },
    { periodEnd: '2025-06-30' },
    { periodEnd: 20251231 },
  ].map((payload, index) => ({
    name: `POST /target-company/{id}/monitoring-reports #${index + 1}`,
    as: 'companyOwner' as const,
    request: (world: World) => ({
      method: 'POST' as const,
      url: `/api/v1/target-company/${world.acmeId}/monitoring-reports`,
      payload,
    }),
  })),
  ...[
    { sections: 'Everything is fine' },
    { sections: { summary: 'Not a section' } },
    { sections: { staffing: HUGE } },
    { sections: { staffing: 'E&S\u0000 officer' } },
    { sections: { staffing: 5 } },
    { revision: 'first', sections: { staffing: 'a' } },
    { revision: 99, sections: { staffing: 'a' } },
  ].map((payload, index) => ({
    name: `PUT /monitoring-report/{id} #${index + 1}`,
    as: 'companyOwner' as const,
    request: () => ({
      method: 'PUT' as const,
      url: `/api/v1/monitoring-report/${draftReportId}`,
      payload,
    }),
  })),
  ...[{}, { revision: -5 }, { revision: 'x' }].map((payload, index) => ({
    // The draft has no section written: it cannot be submitted.
    name: `POST /monitoring-report/{id}/submit #${index + 1}`,
    as: 'companyOwner' as const,
    request: () => ({
      method: 'POST' as const,
      url: `/api/v1/monitoring-report/${draftReportId}/submit`,
      payload,
    }),
  })),
  ...[
    {},
    { decision: 'maybe' },
    { decision: 'requestChanges' },
    { decision: 'accept', comment: HUGE },
    { decision: 'accept', sectionComments: { summary: 'x' } },
    { decision: 'accept', sectionComments: { staffing: 7 } },
    { decision: 'accept', comment: 'Fine\u0000' },
  ].map((payload, index) => ({
    name: `POST /monitoring-report/{id}/review #${index + 1}`,
    as: 'clientOwner' as const,
    request: () => ({
      method: 'POST' as const,
      url: `/api/v1/monitoring-report/${draftReportId}/review`,
      payload,
    }),
  })),
  ...['not-a-uuid', '\u0000'].flatMap((id) =>
    (['', '/pdf'] as const).map((tail) => ({
      name: `GET /monitoring-report/{${id.slice(0, 12)}}${tail}`,
      as: 'clientOwner' as const,
      request: () => ({
        method: 'GET' as const,
        url: `/api/v1/monitoring-report/${encodeURIComponent(id)}${tail}`,
      }),
    })),
  ),
  // The accepted report's PDF in a language no report is written in, or half-asked bilingual.
  ...[
    { language: 'de' },
    { language: '\u0000' },
    { language: 'x'.repeat(5_000) },
    { bilingual: 'yes' },
    { language: 'fr', bilingual: '' },
  ].map((query, index) => ({
    name: `GET /monitoring-report/{id}/pdf language #${index + 1}`,
    as: 'clientOwner' as const,
    request: () => ({
      method: 'GET' as const,
      url: `/api/v1/monitoring-report/${draftReportId}/pdf`,
      query,
    }),
  })),
  // A device's capture record beside a remark's photo (decision 0102): malformed, or not before a photo.
  ...[
    ...DEVICE_CAPTURES.map((record) => photoForm([null, record])),
    photoForm([null], ['{"capturedAt":"2026-03-01T10:05:00Z"}']),
  ].flatMap((payload, index) => [
    {
      name: `PATCH /gap/{id}/remark deviceCapture #${index + 1}`,
      as: 'companyOwner' as const,
      request: async (world: World, planId: string) => ({
        method: 'PATCH' as const,
        url: `/api/v1/gap/${await gapOf(world, planId)}/remark`,
        query: { targetCompanyId: world.acmeId },
        payload,
      }),
    },
    {
      name: `POST /incident/{id}/photos deviceCapture #${index + 1}`,
      as: 'companyOwner' as const,
      request: () => ({
        method: 'POST' as const,
        url: `/api/v1/incident/${incidentId}/photos`,
        payload,
      }),
    },
  ]),
  // The device's key for a remark its outbox may send again (decision 0101): not a UUID.
  ...[
    'again-please',
    '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6',
    `${'f'.repeat(8)}-zzzz-4c3d-9e2f-1a2b3c4d5e6f`,
  ].map((key, index) => ({
    name: `PATCH /gap/{id}/remark Idempotency-Key #${index + 1}`,
    as: 'companyOwner' as const,
    request: async (world: World, planId: string) => ({
      method: 'PATCH' as const,
      url: `/api/v1/gap/${await gapOf(world, planId)}/remark`,
      query: { targetCompanyId: world.acmeId },
      headers: { 'idempotency-key': key },
      payload: photoForm([null]),
    }),
  })),
  // Serious incidents (decision 0099): an open incident of Acme Steel Ltd and the client's question.
  ...[
    {},
    { ...INCIDENT, category: 'flood' },
    { ...INCIDENT, severity: 'dire' },
    { ...INCIDENT, occurredAt: inDays(3) },
    { ...INCIDENT, occurredAt: '1999-12-31T00:00:00Z' },
    { ...INCIDENT, occurredAt: '2026-01-10\u0000' },
    { ...INCIDENT, occurredAt: HUGE },
    { ...INCIDENT, location: HUGE },
    { ...INCIDENT, location: '   ' },
    { ...INCIDENT, description: '' },
    { ...INCIDENT, description: 'Fire\u0000' },
    { ...INCIDENT, immediateActions: HUGE },
    { ...INCIDENT, peopleAffected: -1 },
    { ...INCIDENT, peopleAffected: 1e9 },
    { ...INCIDENT, peopleAffected: 1.5 },
    { ...INCIDENT, peopleAffected: 'many' },
  ].map((payload, index) => ({
    name: `POST /target-company/{id}/incidents #${index + 1}`,
    as: 'companyOwner' as const,
    request: (world: World) => ({
      method: 'POST' as const,
      url: `/api/v1/target-company/${world.acmeId}/incidents`,
      payload,
    }),
  })),
  ...[
    {},
    { ...INCIDENT, category: 'flood' },
    { ...INCIDENT, revision: 99 },
    { ...INCIDENT, revision: 'x' },
  ].map((payload, index) => ({
    name: `PUT /incident/{id} #${index + 1}`,
    as: 'companyOwner' as const,
    request: () => ({ method: 'PUT' as const, url: `/api/v1/incident/${incidentId}`, payload }),
  })),
  ...[
    {},
    { rootCause: '' },
    { rootCause: HUGE },
    { rootCause: 'Corrosion\u0000' },
    { rootCause: 7 },
    { rootCause: 'Corrosion', revision: 99 },
  ].map((payload, index) => ({
    name: `PUT /incident/{id}/root-cause #${index + 1}`,
    as: 'companyOwner' as const,
    request: () => ({
      method: 'PUT' as const,
      url: `/api/v1/incident/${incidentId}/root-cause`,
      payload,
    }),
  })),
  ...[{ revision: 99 }, { revision: 'x' }].map((payload, index) => ({
    name: `POST /incident/{id}/close #${index + 1}`,
    as: 'clientOwner' as const,
    request: () => ({
      method: 'POST' as const,
      url: `/api/v1/incident/${incidentId}/close`,
      payload,
    }),
  })),
  ...[{}, { question: '' }, { question: HUGE }, { question: 'Why\u0000?' }].map(
    (payload, index) => ({
      name: `POST /incident/{id}/questions #${index + 1}`,
      as: 'clientOwner' as const,
      request: () => ({
        method: 'POST' as const,
        url: `/api/v1/incident/${incidentId}/questions`,
        payload,
      }),
    }),
  ),
  ...[{}, { answer: HUGE }, { answer: 5 }, { answer: '  ' }].map((payload, index) => ({
    name: `POST /incident-question/{id}/answer #${index + 1}`,
    as: 'companyOwner' as const,
    request: () => ({
      method: 'POST' as const,
      url: `/api/v1/incident-question/${questionId}/answer`,
      payload,
    }),
  })),
  ...[
    (_planId: string) => ({}),
    (_planId: string) => ({ actionPlanId: 'not-a-uuid', gap: validGap() }),
    (planId: string) => ({ actionPlanId: planId, gap: { ...validGap(), gapName: '' } }),
    (planId: string) => ({ actionPlanId: planId, gap: { ...validGap(), dueDate: 'soon' } }),
    (_planId: string) => ({ actionPlanId: GAP.id, gap: validGap() }),
  ].map((payload, index) => ({
    name: `POST /incident/{id}/corrective-actions #${index + 1}`,
    as: 'companyOwner' as const,
    request: (_world: World, planId: string) => ({
      method: 'POST' as const,
      url: `/api/v1/incident/${incidentId}/corrective-actions`,
      payload: payload(planId),
    }),
  })),
  ...(
    [{ category: 'flood' }, { open: 'maybe' }, { severity: 'a\u0000' }, { late: HUGE }] as Record<
      string,
      string
    >[]
  ).flatMap((query, index) => [
    {
      name: `GET /target-company/{id}/incidents #${index + 1}`,
      as: 'clientOwner' as const,
      request: (world: World) => ({
        method: 'GET' as const,
        url: `/api/v1/target-company/${world.acmeId}/incidents`,
        query,
      }),
    },
    {
      name: `GET /client/incidents #${index + 1}`,
      as: 'clientOwner' as const,
      request: () => ({ method: 'GET' as const, url: '/api/v1/client/incidents', query }),
    },
  ]),
  ...[
    {},
    { notifyWithinDays: 0, rootCauseWithinDays: 30 },
    { notifyWithinDays: 3, rootCauseWithinDays: 366 },
    { notifyWithinDays: 1.5, rootCauseWithinDays: 30 },
    { notifyWithinDays: 'three', rootCauseWithinDays: 30 },
    { notifyWithinDays: 1e9, rootCauseWithinDays: 30 },
  ].map((payload, index) => ({
    name: `PUT /client/incident-clocks #${index + 1}`,
    as: 'clientOwner' as const,
    request: () => ({ method: 'PUT' as const, url: '/api/v1/client/incident-clocks', payload }),
  })),
  ...['not-a-uuid', '\u0000', HUGE].map((id) => ({
    name: `GET /target-company/{${id.slice(0, 12)}}/incidents/export/csv`,
    as: 'clientOwner' as const,
    request: () => ({
      method: 'GET' as const,
      url: `/api/v1/target-company/${encodeURIComponent(id)}/incidents/export/csv`,
    }),
  })),
  ...[
    () => {
      const form = new FormData();
      form.append('documents', new Blob(['not an image']), 'notes.txt');
      return form;
    },
    () => {
      const form = new FormData();
      form.append('comments', 'No photo at all');
      return form;
    },
    () => {
      const form = new FormData();
      form.append('other', new Blob(['x']), 'x.png');
      return form;
    },
    () => {
      const form = new FormData();
      form.append('documents', new Blob(['x']), 'a\u0000.png');
      return form;
    },
    () => ({ documents: 'tank.png' }),
  ].map((payload, index) => ({
    name: `POST /incident/{id}/photos #${index + 1}`,
    as: 'companyOwner' as const,
    request: () => ({
      method: 'POST' as const,
      url: `/api/v1/incident/${incidentId}/photos`,
      payload: payload() as unknown as InjectOptions['payload'],
    }),
  })),
  ...['not-a-uuid', '\u0000', GAP.id].map((id) => ({
    name: `GET /incident-photo/{${id.slice(0, 12)}}`,
    as: 'clientOwner' as const,
    request: () => ({
      method: 'GET' as const,
      url: `/api/v1/incident-photo/${encodeURIComponent(id)}`,
    }),
  })),
  ...['not-a-uuid', '\u0000', GAP.id].map((id) => ({
    name: `GET /gap/{${id.slice(0, 12)}}/incidents`,
    as: 'clientOwner' as const,
    request: () => ({
      method: 'GET' as const,
      url: `/api/v1/gap/${encodeURIComponent(id)}/incidents`,
    }),
  })),
  ...['not-a-uuid', '\u0000'].map((id) => ({
    name: `GET /incident/{${id.slice(0, 12)}}`,
    as: 'clientOwner' as const,
    request: () => ({ method: 'GET' as const, url: `/api/v1/incident/${encodeURIComponent(id)}` }),
  })),
  // The grievance log (decision 0104): a grievance of Acme Steel Ltd, not yet acknowledged.
  ...[
    {},
    { ...GRIEVANCE, channel: 'pigeon' },
    { ...GRIEVANCE, channel: HUGE },
    { ...GRIEVANCE, receivedOn: inDays(3).slice(0, 10) },
    { ...GRIEVANCE, receivedOn: '1999-12-31' },
    { ...GRIEVANCE, receivedOn: '2026-02-30' },
    { ...GRIEVANCE, receivedOn: '2026-01-12\u0000' },
    { ...GRIEVANCE, receivedOn: '2026-01-12T00:00:00Z' },
    { ...GRIEVANCE, receivedOn: 20260112 },
    { ...GRIEVANCE, complainantType: 'lender' },
    { ...GRIEVANCE, category: 'noise' },
    { ...GRIEVANCE, description: '' },
    { ...GRIEVANCE, description: HUGE },
    { ...GRIEVANCE, description: 'Gloves\u0000' },
    { ...GRIEVANCE, description: 42 },
    { ...GRIEVANCE, anonymous: 'yes' },
    { ...GRIEVANCE, anonymous: true },
    { ...GRIEVANCE, complainantName: '' },
    { ...GRIEVANCE, complainantName: HUGE },
    { ...GRIEVANCE, complainantName: ['Joseph'] },
    { ...GRIEVANCE, complainantContact: HUGE },
    { ...GRIEVANCE, complainantContact: '+250\u0000' },
  ].map((payload, index) => ({
    name: `POST /target-company/{id}/grievances #${index + 1}`,
    as: 'companyOwner' as const,
    request: (world: World) => ({
      method: 'POST' as const,
      url: `/api/v1/target-company/${world.acmeId}/grievances`,
      payload,
    }),
  })),
  ...[
    {},
    { step: 'escalated', on: '2026-01-13' },
    { step: 'acknowledged' },
    { step: 'acknowledged', on: '2026-01-11' },
    { step: 'acknowledged', on: inDays(3).slice(0, 10) },
    { step: 'acknowledged', on: HUGE },
    { step: 'acknowledged', on: '2026-01-13\u0000' },
    { step: 'acknowledged', on: '2026-01-13', revision: 99 },
    { step: 'acknowledged', on: '2026-01-13', revision: 'x' },
    { step: 'investigated', on: '2026-01-13', text: 'Checked.' },
    { step: 'investigated', on: '2026-01-13' },
    { step: 'resolved', on: '2026-01-13', text: HUGE },
    { step: 'closed', on: '2026-01-13', response: 'happy' },
  ].map((payload, index) => ({
    name: `POST /grievance/{id}/steps #${index + 1}`,
    as: 'companyOwner' as const,
    request: () => ({
      method: 'POST' as const,
      url: `/api/v1/grievance/${grievanceId}/steps`,
      payload,
    }),
  })),
  ...(
    [{ category: 'noise' }, { open: 'maybe' }, { category: 'a\u0000' }, { late: HUGE }] as Record<
      string,
      string
    >[]
  ).flatMap((query, index) => [
    {
      name: `GET /target-company/{id}/grievances #${index + 1}`,
      as: 'clientOwner' as const,
      request: (world: World) => ({
        method: 'GET' as const,
        url: `/api/v1/target-company/${world.acmeId}/grievances`,
        query,
      }),
    },
    {
      name: `GET /client/grievances #${index + 1}`,
      as: 'clientOwner' as const,
      request: () => ({ method: 'GET' as const, url: '/api/v1/client/grievances', query }),
    },
  ]),
  ...[
    {},
    { acknowledgeWithinDays: 0, resolveWithinDays: 30 },
    { acknowledgeWithinDays: 7, resolveWithinDays: 366 },
    { acknowledgeWithinDays: 1.5, resolveWithinDays: 30 },
    { acknowledgeWithinDays: 'seven', resolveWithinDays: 30 },
    { acknowledgeWithinDays: 1e9, resolveWithinDays: 30 },
  ].map((payload, index) => ({
    name: `PUT /target-company/{id}/grievance-targets #${index + 1}`,
    as: 'companyOwner' as const,
    request: (world: World) => ({
      method: 'PUT' as const,
      url: `/api/v1/target-company/${world.acmeId}/grievance-targets`,
      payload,
    }),
  })),
  ...[
    {},
    { userIds: 'all' },
    { userIds: ['not-a-uuid'] },
    { userIds: ['\u0000'] },
    { userIds: [GAP.id] },
    { userIds: Array.from({ length: 51 }, () => GAP.id) },
    { userIds: [7] },
  ].map((payload, index) => ({
    name: `PUT /target-company/{id}/grievance-identity-viewers #${index + 1}`,
    as: 'companyOwner' as const,
    request: (world: World) => ({
      method: 'PUT' as const,
      url: `/api/v1/target-company/${world.acmeId}/grievance-identity-viewers`,
      payload,
    }),
  })),
  ...['not-a-uuid', '\u0000', HUGE].flatMap((id) => [
    {
      name: `GET /target-company/{${id.slice(0, 12)}}/grievances/export/csv`,
      as: 'clientOwner' as const,
      request: () => ({
        method: 'GET' as const,
        url: `/api/v1/target-company/${encodeURIComponent(id)}/grievances/export/csv`,
      }),
    },
    {
      name: `GET /target-company/{${id.slice(0, 12)}}/grievance-targets`,
      as: 'clientOwner' as const,
      request: () => ({
        method: 'GET' as const,
        url: `/api/v1/target-company/${encodeURIComponent(id)}/grievance-targets`,
      }),
    },
  ]),
  ...['not-a-uuid', '\u0000', GAP.id].map((id) => ({
    name: `GET /grievance/{${id.slice(0, 12)}}`,
    as: 'clientOwner' as const,
    request: () => ({ method: 'GET' as const, url: `/api/v1/grievance/${encodeURIComponent(id)}` }),
  })),
  // The portfolio's CSV takes no input: asked by a firm, it is refused.
  {
    name: 'GET /client/grievances/export/csv with the wrong user type',
    request: () => ({ method: 'GET' as const, url: '/api/v1/client/grievances/export/csv' }),
  },
  // A gap due relative to a milestone, and the loan clause it serves.
  ...[
    { dueMilestone: 'Financial close', dueOffsetMonths: -1 },
    { dueMilestone: 'Financial close', dueOffsetMonths: 601 },
    { dueMilestone: 'Financial close', dueOffsetMonths: 'six' },
    { dueMilestone: 'Financial close', dueOffsetMonths: 1.5 },
    { dueMilestone: 'Financial close', dueOffsetDays: 1e9 },
    { dueMilestone: HUGE },
    { dueMilestone: '\u0000' },
    { loanClause: 'x'.repeat(101) },
    { loanClause: HUGE },
    // The ESAP section an item sits under (decision 0091).
    { esapSection: 'x'.repeat(301) },
    { esapSection: 'PR2\u0000 Labour' },
    { esapSection: { title: 'PR2' } },
  ].map((fields, index) => ({
    name: `POST /action-plan/{id}/gaps milestone #${index + 1}`,
    request: (world: World, planId: string) => ({
      method: 'POST' as const,
      url: `/api/v1/action-plan/${planId}/gaps`,
      query: { auditId: world.audits.ap },
      payload: { ...validGap(), ...fields },
    }),
  })),
  ...[
    { name: HUGE, role: 'viewer' },
    { name: 'Sync\u0000bot', role: 'viewer' },
    { name: 'Sync', role: 'owner' },
    { name: 'Sync', role: 'viewer', expiresInDays: 1e9 },
    { name: 'Sync', role: 'viewer', expiresInDays: -1 },
    { name: 'Sync', role: 'viewer', expiresInDays: 1.5 },
    { name: 'Sync', role: 'viewer', expiresInDays: 'never' },
    { name: 'Sync', role: 'viewer', purpose: 'root' },
    {},
  ].map((payload, index) => ({
    name: `POST /organisation/api-tokens #${index + 1}`,
    request: () => ({ method: 'POST' as const, url: '/api/v1/organisation/api-tokens', payload }),
  })),
  ...['abc', '\u0000', HUGE, '2f0c7c38-1f0e-4a3e-8a55-3b9a0f4c1e11'].map((id) => ({
    name: `DELETE /organisation/api-tokens/${id.slice(0, 12)}`,
    request: () => ({
      method: 'DELETE' as const,
      url: `/api/v1/organisation/api-tokens/${encodeURIComponent(id)}`,
    }),
  })),
  ...[
    { url: HUGE, events: ['gap.overdue'] },
    { url: 'https://hooks.example.com/\u0000', events: ['gap.overdue'] },
    { url: 'ftp://hooks.example.com/x', events: ['gap.overdue'] },
    { url: 'https://user:secret@hooks.example.com/x', events: ['gap.overdue'] },
    { url: 'https://127.0.0.1/x', events: ['gap.overdue'] },
    { url: 'https://hooks.example.com/x', events: [] },
    { url: 'https://hooks.example.com/x', events: ['gap.deleted'] },
    { url: 'https://hooks.example.com/x', events: Array(51).fill('gap.overdue') },
    { url: 'https://hooks.example.com/x' },
  ].map((payload, index) => ({
    name: `POST /organisation/webhooks #${index + 1}`,
    request: () => ({ method: 'POST' as const, url: '/api/v1/organisation/webhooks', payload }),
  })),
  ...[
    { issuer: HUGE, clientId: 'verity', clientSecret: 's' },
    { issuer: 'https://idp.example.com/\u0000', clientId: 'verity', clientSecret: 's' },
    { issuer: 'ftp://idp.example.com', clientId: 'verity', clientSecret: 's' },
    { issuer: 'https://user:pw@idp.example.com', clientId: 'verity', clientSecret: 's' },
    { issuer: 'https://127.0.0.1', clientId: 'verity', clientSecret: 's' },
    { issuer: 'https://idp.example.com', clientId: '', clientSecret: 's' },
    { issuer: 'https://idp.example.com', clientId: HUGE, clientSecret: 's' },
    { issuer: 'https://idp.example.com', clientId: 'verity' },
    { issuer: 'https://idp.example.com', clientId: 'verity', clientSecret: 's', required: 'yes' },
    {},
  ].map((payload, index) => ({
    name: `PUT /organisation/sso #${index + 1}`,
    request: () => ({ method: 'PUT' as const, url: '/api/v1/organisation/sso', payload }),
  })),
  ...[HUGE, 'a\u0000@example.com'].map((email, index) => ({
    name: `GET /auth/sso #${index + 1}`,
    request: () => ({ method: 'GET' as const, url: '/api/v1/auth/sso', query: { email } }),
  })),
  ...['abc', '\u0000', GAP.id].flatMap((id) => [
    {
      name: `PATCH /organisation/webhooks/${id.slice(0, 12)}`,
      request: () => ({
        method: 'PATCH' as const,
        url: `/api/v1/organisation/webhooks/${encodeURIComponent(id)}`,
        payload: { enabled: false },
      }),
    },
    {
      name: `GET /organisation/webhooks/${id.slice(0, 12)}/deliveries?page=0`,
      request: () => ({
        method: 'GET' as const,
        url: `/api/v1/organisation/webhooks/${encodeURIComponent(id)}/deliveries`,
        query: { page: '0' },
      }),
    },
    {
      name: `POST /organisation/webhooks/${id.slice(0, 12)}/deliveries/x/resend`,
      request: () => ({
        method: 'POST' as const,
        url: `/api/v1/organisation/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(id)}/resend`,
      }),
    },
  ]),
];

describe.each(databaseKinds)('bad input to the new routes on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let planId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // More imports than a person sends a minute: each must be refused for its input, not the limit.
    app = await buildTestApp(database, { ESAP_IMPORTS_PER_MINUTE: '1000' });
    world = await buildWorld(app);
    planId = await createPlan(world);
    const { rows } = await app.db.query<{ id: string }>(
      `INSERT INTO monitoring_reports (target_company_id, period_start, period_end, due_on)
       VALUES ($1, '2025-01-01', '2025-12-31', '2026-03-01') RETURNING id`,
      [world.acmeId],
    );
    draftReportId = rows[0]!.id;
    const incident = await app.db.query<{ id: string }>(
      `INSERT INTO incidents (target_company_id, category, severity, occurred_at, location, description,
         people_affected, reported_by_name, notify_due_on, root_cause_due_on)
       VALUES ($1, 'fatality', 'critical', '2026-01-10T06:00:00Z', 'Quarry', 'A fall', 1, 'Carlos Company',
         '2026-01-13', '2026-02-09') RETURNING id`,
      [world.acmeId],
    );
    incidentId = incident.rows[0]!.id;
    const question = await app.db.query<{ id: string }>(
      `INSERT INTO incident_questions (incident_id, question, asked_by_name)
       VALUES ($1, 'Who was it?', 'Clara Owner') RETURNING id`,
      [incidentId],
    );
    questionId = question.rows[0]!.id;
    const grievance = await app.db.query<{ id: string }>(
      `INSERT INTO grievances (target_company_id, channel, received_on, complainant_type, category,
         description, anonymous, complainant_name, acknowledge_due_on, resolve_due_on, recorded_by_name)
       VALUES ($1, 'hotline', '2026-01-12', 'worker', 'healthAndSafety', 'No gloves', false, 'Joseph',
         '2026-01-19', '2026-02-11', 'Carlos Company') RETURNING id`,
      [world.acmeId],
    );
    grievanceId = grievance.rows[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it.each(PROBES.map((probe) => [probe.name, probe] as const))(
    '%s is a 4xx that changes nothing',
    async (_name, probe) => {
      const before = await databaseDigest(app);
      // The caller may call the route: a refusal is about the input.
      const response = await world.as[probe.as ?? 'auditorOwner'](
        await probe.request(world, planId),
      );
      // The answer's start is shown beside the verdict when it fails.
      const refused = response.statusCode >= 400 && response.statusCode < 500;
      expect([refused, response.statusCode, response.body.slice(0, 300)]).toEqual([
        true,
        response.statusCode,
        response.body.slice(0, 300),
      ]);
      // A path past the router's length limit is refused (414) before the API's own error answers.
      if (response.statusCode !== 414) {
        const { success, message } = response.json();
        expect(success).toBe(false);
        // In words every language has (decision 0110): a catalogue's, or the schema validator's.
        const written = SCHEMA_MESSAGE.test(message) || recognise(message) !== undefined;
        expect([message, written]).toEqual([message, true]);
      }
      expect(await databaseDigest(app)).toEqual(before);
    },
  );
});
