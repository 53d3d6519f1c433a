// Signed out is 401 on every protected route the OpenAPI document lists, whatever the request
// carries: the session is checked once for all of them (routes/signed-in.ts), before the body is
// parsed or anything is validated, so a refusal never tells a stranger about input.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { appRoutes, documentedRoutes, normaliseRoute } from '../permissions/app-routes';
import { OUTSIDE_THE_MATRIX } from '../permissions/matrix';
import { buildTestApp } from '../support/app';
import { anyDatabaseKind, createTestDatabase, type TestDatabase } from '../support/databases';

const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase(anyDatabaseKind);
  app = await buildTestApp(database, { SEED_DEMO: '0' });
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const unprotected = new Set(OUTSIDE_THE_MATRIX.map((entry) => normaliseRoute(entry.route)));
const isProtected = (route: string) => !unprotected.has(normaliseRoute(route));
const protectedRoutes = () => documentedRoutes(app).filter(isProtected);

/** Each operation of the OpenAPI document with whether it names the session cookie. */
function documentedSecurity(): { route: string; session: boolean }[] {
  const paths = (
    app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> }
  ).paths;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      route: `${method.toUpperCase()} ${path}`,
      session: (operation.security ?? []).length > 0,
    })),
  );
}

/** The route with every path parameter and query value something no schema accepts. */
function invalidRequest(route: string, body: 'malformed json' | 'wrong types' | 'multipart') {
  const [method, path] = route.split(' ') as [InjectOptions['method'], string];
  const url = `${path.replace(/\{[A-Za-z0-9_]+\}/g, 'not-a-uuid')}?targetCompanyId=x&auditId=y&auditorId=z&email=`;
  const options: InjectOptions = { method, url };
  if (method === 'GET' || method === 'DELETE') return options;
  if (body === 'malformed json')
    return { ...options, headers: { 'content-type': 'application/json' }, payload: '{"status":' };
  if (body === 'multipart')
    return {
      ...options,
      headers: { 'content-type': 'multipart/form-data; boundary=X' },
      payload: '--X\r\nContent-Disposition: form-data; name="comments"\r\n\r\nunterminated',
    };
  return {
    ...options,
    payload: { status: 'nonsense', targetCompanyId: 7, gap: 'not an object', emailId: [] },
  };
}

describe('signed out', () => {
  it('covers the protected routes of the app: the document lists every one the app answers', () => {
    expect(protectedRoutes().length).toBeGreaterThan(25);
    const answered = appRoutes(app).filter(isProtected).map(normaliseRoute).sort();
    expect(protectedRoutes().map(normaliseRoute).sort()).toEqual(answered);
  });

  it('is what the document says: the session cookie on exactly the protected routes', () => {
    const documented = documentedSecurity();
    expect(documented.filter((entry) => entry.session !== isProtected(entry.route))).toEqual([]);
  });

  it.each(['malformed json', 'wrong types', 'multipart'] as const)(
    'is 401 on every protected route before any validation (%s)',
    async (body) => {
      const answers: string[] = [];
      for (const route of protectedRoutes()) {
        const response = await app.inject(invalidRequest(route, body));
        const answer = response.json<{ code?: string; schemas?: string[]; status?: string }>();
        // The directory's routes answer in SCIM's own error shape (docs/decisions/0097-scim-provisioning.md).
        const kind = answer.code ?? (answer.schemas?.includes(SCIM_ERROR) ? 'SCIM' : undefined);
        answers.push(`${route}: ${response.statusCode} ${kind}`);
      }
      expect(answers).toEqual(
        protectedRoutes().map(
          (route) => `${route}: 401 ${route.includes('/scim/v2/') ? 'SCIM' : 'UNAUTHENTICATED'}`,
        ),
      );
    },
  );
});
