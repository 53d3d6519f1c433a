import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../support/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/databases';
import { injectAs, sessionFor, type TestSession } from '../../support/session';
import { createDashboardFixture, fixtureEmails, type Fixture } from './dashboard-fixture';

const pie = (entries: [string, number][]) => entries.map(([name, value]) => ({ name, value }));

describe.each(databaseKinds)('dashboards on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let f: Fixture;
  const sessions: Record<string, TestSession> = {};
  const get = (who: string, url: string) =>
    injectAs(app, sessions[who]!, { method: 'GET', url: `/api/v1${url}` });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database);
    f = await createDashboardFixture(app.db);
    for (const [who, email] of Object.entries(fixtureEmails)) {
      const userType = who === 'client' ? 'client' : who === 'alpha' ? 'targetCompany' : 'auditor';
      sessions[who] = await sessionFor(app, email, userType);
    }
    sessions.demoClient = await sessionFor(app, 'client.owner@verity.test', 'client');
    sessions.demoAuditor = await sessionFor(app, 'auditor.owner@verity.test', 'auditor');
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  describe('target company dashboard', () => {
    it('counts every plan and gap of the company for its client and for the company itself', async () => {
      const expected = {
        actionPlans: {
          statusOverview: { total: 5, closed: 1, provClosed: 1, open: 3 },
          categoryBreakdown: pie([
            ['Environment', 1],
            ['Social', 1],
            ['Governance', 2],
            ['Prosperity', 1],
          ]),
          timelineAnalysis: pie([
            ['Completed', 1],
            ['Overdue', 1],
            ['On Track', 1],
            ['No Timeline', 2],
          ]),
        },
        gaps: {
          riskSeverityDistribution: pie([
            ['Low', 2],
            ['Moderate', 3],
            ['High', 2],
          ]),
        },
      };
      for (const who of ['client', 'alpha']) {
        const response = await get(who, `/dashboard/target-company?targetCompanyId=${f.alpha}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ success: true, data: expected });
      }
    });

    it("shows an auditor only their own firm's plans, and leaves empty categories out", async () => {
      const response = await get(
        'auditorY',
        `/dashboard/target-company?targetCompanyId=${f.alpha}`,
      );
      expect(response.json().data).toEqual({
        actionPlans: {
          statusOverview: { total: 1, closed: 0, provClosed: 0, open: 1 },
          categoryBreakdown: pie([['Governance', 1]]),
          timelineAnalysis: pie([
            ['Completed', 0],
            ['Overdue', 0],
            ['On Track', 0],
            ['No Timeline', 1],
          ]),
        },
        gaps: {
          riskSeverityDistribution: pie([
            ['Low', 1],
            ['Moderate', 0],
            ['High', 0],
          ]),
        },
      });
      const x = await get('auditorX', `/dashboard/target-company?targetCompanyId=${f.alpha}`);
      expect(x.json().data.actionPlans.statusOverview).toEqual({
        total: 4,
        closed: 1,
        provClosed: 1,
        open: 2,
      });
    });

    it('answers zeros for a company without plans', async () => {
      const response = await get('client', `/dashboard/target-company?targetCompanyId=${f.beta}`);
      expect(response.json().data.actionPlans.statusOverview).toEqual({
        total: 0,
        closed: 0,
        provClosed: 0,
        open: 0,
      });
      expect(response.json().data.actionPlans.categoryBreakdown).toEqual([]);
    });

    it('is 404 for a company outside the caller’s tenancy', async () => {
      const url = `/dashboard/target-company?targetCompanyId=${f.alpha}`;
      for (const who of ['demoClient', 'demoAuditor', 'auditorZ']) {
        const response = await get(who, url);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
      const otherCompany = await get(
        'alpha',
        `/dashboard/target-company?targetCompanyId=${f.beta}`,
      );
      expect(otherCompany.statusCode).toBe(404);
    });

    it('is 400 for a company id that is not a uuid, and 401 without a session', async () => {
      const response = await get('client', '/dashboard/target-company?targetCompanyId=acme');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'MALFORMED_ID' });
      const anonymous = await app.inject({
        method: 'GET',
        url: `/api/v1/dashboard/target-company?targetCompanyId=${f.alpha}`,
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('auditor dashboard', () => {
    it("counts the firm's assigned companies and their gaps", async () => {
      const response = await get('auditorX', `/dashboard/auditor?auditorId=${f.firmX}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        data: {
          projectsOverview: { totalProjects: 3, completed: 1, inProgress: 1, overdue: 1 },
          targetCompanyActionPlanStats: [
            {
              targetCompanyId: f.alpha,
              targetCompanyName: 'Fixture Alpha',
              open: 1,
              closed: 2,
              provClosed: 2,
              overdue: 1,
            },
            {
              targetCompanyId: f.beta,
              targetCompanyName: 'Fixture Beta',
              open: 0,
              closed: 0,
              provClosed: 0,
              overdue: 0,
            },
            {
              targetCompanyId: f.gamma,
              targetCompanyName: 'Fixture Gamma',
              open: 0,
              closed: 1,
              provClosed: 0,
              overdue: 0,
            },
          ],
        },
      });
    });

    it('answers an empty portfolio for a firm assigned nowhere', async () => {
      const response = await get('auditorZ', `/dashboard/auditor?auditorId=${f.firmZ}`);
      expect(response.json().data).toEqual({
        projectsOverview: { totalProjects: 0, completed: 0, inProgress: 0, overdue: 0 },
        targetCompanyActionPlanStats: [],
      });
    });

    it("is 404 for another firm's id, 403 for other user types, 400 for a non-uuid", async () => {
      expect((await get('auditorX', `/dashboard/auditor?auditorId=${f.firmY}`)).statusCode).toBe(
        404,
      );
      const asClient = await get('client', `/dashboard/auditor?auditorId=${f.firmX}`);
      expect(asClient.statusCode).toBe(403);
      expect(asClient.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect((await get('alpha', `/dashboard/auditor?auditorId=${f.firmX}`)).statusCode).toBe(403);
      expect((await get('auditorX', '/dashboard/auditor?auditorId=x')).statusCode).toBe(400);
    });
  });

  describe('client dashboard', () => {
    it("sums the client's whole portfolio", async () => {
      const response = await get('client', '/dashboard/client');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        data: {
          actionPlans: {
            statusOverview: { total: 6, closed: 2, provClosed: 1, open: 3 },
            categoryBreakdown: pie([
              ['Environment', 2],
              ['Social', 1],
              ['Governance', 2],
              ['Prosperity', 1],
            ]),
            timelineAnalysis: pie([
              ['Completed', 2],
              ['Overdue', 1],
              ['On Track', 1],
              ['No Timeline', 2],
            ]),
          },
          gaps: {
            riskSeverityDistribution: pie([
              ['Low', 3],
              ['Moderate', 3],
              ['High', 2],
            ]),
          },
          targetCompanyActionPlanStats: [
            {
              targetCompanyId: f.alpha,
              targetCompanyName: 'Fixture Alpha',
              open: 2,
              closed: 2,
              provClosed: 2,
              overdue: 1,
            },
            {
              targetCompanyId: f.beta,
              targetCompanyName: 'Fixture Beta',
              open: 0,
              closed: 0,
              provClosed: 0,
              overdue: 0,
            },
            {
              targetCompanyId: f.gamma,
              targetCompanyName: 'Fixture Gamma',
              open: 0,
              closed: 1,
              provClosed: 0,
              overdue: 0,
            },
          ],
        },
      });
    });

    it('is 403 for auditor and target-company users', async () => {
      expect((await get('auditorX', '/dashboard/client')).statusCode).toBe(403);
      expect((await get('alpha', '/dashboard/client')).statusCode).toBe(403);
    });
  });
});
