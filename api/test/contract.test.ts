// Every answer the demo data gives is what the contract in shared-api says it is: the contract's
// answer schemas are exact (statuses, risks, SDG codes, roles ...) and the browser's types come from
// them, but Fastify serialises answers without checking them, so this reads them back and checks.
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance } from 'fastify';
import {
  LIST_MAX_PAGE_SIZE,
  actionPlanSchemas,
  authSchemas,
  dashboardSchemas,
  organisationSchemas,
  type ActionPlanWithGaps,
  type Audit,
  type Gap,
  type CompanyAuditorEntry,
  type TargetCompany,
} from '@verity/shared-api/src/server';
import { isUuid } from '../src/uuid';
import { buildTestApp } from './support/app';
import { anyDatabaseKind, createTestDatabase, type TestDatabase } from './support/databases';
import { injectAs, sessionFor, type TestSession } from './support/session';

FormatRegistry.Set('uuid', isUuid);
FormatRegistry.Set(
  'date-time',
  (value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)),
);

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase(anyDatabaseKind);
  app = await buildTestApp(database);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

/** The answer to a GET, checked against the contract's schema for its status; the problems found, if any. */
async function answerOf(
  session: TestSession,
  url: string,
  response: Record<number, TSchema>,
): Promise<{ body: unknown; problems: string[] }> {
  const answer = await injectAs(app, session, { method: 'GET', url: `/api/v1${url}` });
  const schema = response[answer.statusCode];
  const body: unknown = answer.json();
  if (answer.statusCode !== 200 || !schema)
    return { body, problems: [`${url}: ${answer.statusCode} ${answer.body.slice(0, 200)}`] };
  const problems = [...Value.Errors(schema, body)]
    .slice(0, 5)
    .map((error) => `${url}: ${error.path} ${error.message} (${JSON.stringify(error.value)})`);
  // Nothing the contract does not name either (the schema's serialiser leaves such fields out of
  // an object, but not out of an answer sent as text, as the portfolio's is).
  const named = JSON.stringify(Value.Clean(schema, JSON.parse(JSON.stringify(body))));
  if (named !== JSON.stringify(body)) problems.push(`${url}: fields the contract does not name`);
  return { body, problems };
}

const dataOf = <T>(body: unknown) => (body as { data: T }).data;

describe('the contract', () => {
  it("describes every read of the demo data, for a client's, a firm's and a company's owners", async () => {
    const problems: string[] = [];
    const check = async (session: TestSession, url: string, response: Record<number, TSchema>) => {
      const answer = await answerOf(session, url, response);
      problems.push(...answer.problems);
      return answer.body;
    };
    const client = await sessionFor(app, 'client.owner@verity.test', 'client');
    const auditor = await sessionFor(app, 'auditor.owner@verity.test', 'auditor');
    const company = await sessionFor(app, 'company.owner@verity.test', 'targetCompany');

    await check(client, '/auth/me', authSchemas.me.response);
    await check(client, '/auditor', organisationSchemas.auditors.response);
    await check(client, '/client/users', organisationSchemas.clientUsers.response);
    await check(client, '/dashboard/client', dashboardSchemas.client.response);
    // Every list asked for one page of the most: the whole demo (checked against `total`).
    const whole = `pageSize=${LIST_MAX_PAGE_SIZE}`;
    const all = <T>(key: string, body: unknown): T[] => {
      const data = dataOf<Record<string, unknown> & { total: number }>(body);
      const rows = data[key] as T[];
      if (rows.length !== data.total) problems.push(`${key}: ${rows.length} of ${data.total}`);
      return rows;
    };
    const targetCompanies = all<TargetCompany>(
      'targetCompanies',
      await check(client, `/target-company?${whole}`, organisationSchemas.targetCompanies.response),
    );
    let gapsSeen = 0;
    let remarksSeen = 0;
    for (const { id: targetCompanyId } of targetCompanies) {
      const query = `targetCompanyId=${targetCompanyId}`;
      await check(
        client,
        `/dashboard/target-company?${query}`,
        dashboardSchemas.targetCompany.response,
      );
      const auditors = all<CompanyAuditorEntry>(
        'auditors',
        await check(
          client,
          `/target-company/auditors?${query}&${whole}`,
          organisationSchemas.companyAuditors.response,
        ),
      );
      for (const { auditor: firm } of auditors) {
        const audits = all<Audit>(
          'audits',
          await check(
            client,
            `/target-company/${firm._id}/audits?${query}&${whole}`,
            organisationSchemas.audits.response,
          ),
        );
        for (const audit of audits) {
          await check(
            client,
            `/target-company/audit/${audit.id}`,
            organisationSchemas.audit.response,
          );
          const { actionPlans } = dataOf<{ actionPlans: ActionPlanWithGaps[] }>(
            await check(
              client,
              `/action-plan/${audit.id}/action-plans?${query}`,
              actionPlanSchemas.list.response,
            ),
          );
          for (const plan of actionPlans) {
            const { gaps } = dataOf<{ gaps: Gap[] }>(
              await check(
                client,
                `/action-plan/${plan.id}?${query}`,
                actionPlanSchemas.detail.response,
              ),
            );
            await check(
              client,
              `/action-plan/${plan.id}/gaps?${query}`,
              actionPlanSchemas.planGaps.response,
            );
            gapsSeen += gaps.length;
            remarksSeen += gaps.reduce((sum, gap) => sum + gap.remark.length, 0);
          }
        }
      }
    }

    await check(auditor, '/auditor/users', organisationSchemas.auditorUsers.response);
    await check(
      auditor,
      '/auditor/target-company',
      organisationSchemas.auditorTargetCompanies.response,
    );
    const { user } = dataOf<{ user: { auditorId: string } }>(
      await check(auditor, '/auth/me', authSchemas.me.response),
    );
    await check(
      auditor,
      `/dashboard/auditor?auditorId=${user.auditorId}`,
      dashboardSchemas.auditor.response,
    );
    const own = dataOf<{ user: { targetCompanyId: string } }>(
      await check(company, '/auth/me', authSchemas.me.response),
    );
    await check(
      company,
      `/target-company/users?targetCompanyId=${own.user.targetCompanyId}`,
      organisationSchemas.companyUsers.response,
    );

    expect(problems).toEqual([]);
    // The demo portfolio has gaps of every status and form, and remarks: the checks did reach them.
    expect(gapsSeen).toBeGreaterThan(10);
    expect(remarksSeen).toBeGreaterThan(0);
  }, 120_000);

  it('finds what it checks for: an answer outside the contract is a problem', async () => {
    const client = await sessionFor(app, 'client.owner@verity.test', 'client');
    // The list of companies read against the answer of a single audit.
    const answer = await answerOf(client, '/target-company', organisationSchemas.audit.response);
    expect(answer.problems.length).toBeGreaterThan(0);
    // The user of /auth/me read against a schema that names all but one of its fields.
    const { response } = authSchemas.me;
    const data = response[200].properties.data;
    const user = data.properties.user;
    const { fullname: _fullname, ...named } = user.properties;
    const short = {
      200: {
        ...response[200],
        properties: {
          ...response[200].properties,
          data: { ...data, properties: { user: { ...user, properties: named, required: [] } } },
        },
      },
    };
    expect((await answerOf(client, '/auth/me', short)).problems).toEqual([
      '/auth/me: fields the contract does not name',
    ]);
  });
});
