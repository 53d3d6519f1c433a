// An owner sees which of their organisation's people the identity provider refuses to sign in for
// now, and until when: read from the real provider, for their own organisation only.
import type { FastifyInstance } from 'fastify';
import { buildTestApp, TEST_REDIRECT_URI } from '../../support/app';
import {
  anyDatabaseKind,
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../support/databases';
import { startIdentity, type IdentityServer } from '../../support/identity';
import { injectAs, sessionFor } from '../../support/session';
import { signInAtIdentity } from '../../support/sign-in';

const ATTEMPTS_PER_ACCOUNT = 2;
const LOCKED = 'company.editor@verity.test';

let identity: IdentityServer;

beforeAll(async () => {
  identity = await startIdentity({
    redirectUri: TEST_REDIRECT_URI,
    env: { IDENTITY_SIGN_IN_LIMIT_PER_ACCOUNT: String(ATTEMPTS_PER_ACCOUNT) },
  });
});
afterAll(async () => {
  await identity?.stop();
});

describe.each(databaseKinds)('sign-in limits on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp(database, {
      IDENTITY_ISSUER: identity.issuer,
      IDENTITY_CLIENT_SECRET: identity.clientSecret,
      IDENTITY_API_KEY: identity.apiKey,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  /** One sign-in at identity's page with a wrong password: the status its page answers. */
  async function failOnce(email: string): Promise<string> {
    const start = await app.inject({ method: 'GET', url: '/api/v1/auth/target-company/verity' });
    return signInAtIdentity(start.headers.location as string, email, 'not the password').then(
      () => 'signed in',
      (error: Error) => /identity answered (\d+)/.exec(error.message)?.[1] ?? error.message,
    );
  }

  it("lists the company's people held back at sign-in, until when, to its owner", async () => {
    const owner = await sessionFor(app, 'company.owner@verity.test', 'targetCompany');
    const { rows } = await app.db.query<{ id: string; fullname: string; company: string }>(
      `SELECT id, fullname, target_company_id AS company FROM users
       WHERE email = $1 AND user_type = 'targetCompany'`,
      [LOCKED],
    );
    const editor = rows[0]!;
    const limits = () =>
      injectAs(app, owner, {
        method: 'GET',
        url: '/api/v1/target-company/users/sign-in-limits',
        query: { targetCompanyId: editor.company },
      });

    // Run once per database against one provider: the account may already be held back.
    const statuses: string[] = [];
    for (let count = 0; count <= ATTEMPTS_PER_ACCOUNT; count += 1)
      statuses.push(await failOnce(LOCKED));
    expect(statuses.at(-1)).toBe('429');

    const asked = Date.now();
    const answer = await limits();
    expect(answer.statusCode).toBe(200);
    const { data } = answer.json<{ data: { limits: { until: string }[] } }>();
    expect(data.limits).toEqual([
      { userId: editor.id, fullname: editor.fullname, emailId: LOCKED, until: expect.any(String) },
    ]);
    const minutesLeft = (Date.parse(data.limits[0]!.until) - asked) / 60_000;
    expect(minutesLeft).toBeGreaterThan(10);
    expect(minutesLeft).toBeLessThanOrEqual(15.1);

    // Nobody of the client's is held back, and the client's owner sees only the client's.
    const client = await sessionFor(app, 'client.owner@verity.test', 'client');
    const clients = await injectAs(app, client, {
      method: 'GET',
      url: '/api/v1/client/users/sign-in-limits',
    });
    expect(clients.json()).toEqual({ success: true, data: { limits: [] } });
  });
});

describe('sign-in limits without identity', () => {
  it('says the accounts service is unavailable when identity cannot be reached', async () => {
    const database = await createTestDatabase(anyDatabaseKind);
    const cut = await buildTestApp(database, {
      IDENTITY_ISSUER: identity.issuer,
      IDENTITY_ACCOUNTS_URL: 'http://127.0.0.1:9',
      IDENTITY_CLIENT_SECRET: identity.clientSecret,
      IDENTITY_API_KEY: identity.apiKey,
    });
    try {
      const owner = await sessionFor(cut, 'auditor.owner@verity.test', 'auditor');
      const answer = await injectAs(cut, owner, {
        method: 'GET',
        url: '/api/v1/auditor/users/sign-in-limits',
      });
      expect(answer.statusCode).toBe(502);
      expect(answer.json()).toEqual({
        success: false,
        code: 'ACCOUNTS_UNAVAILABLE',
        message: 'The accounts service is unavailable right now. Please try again in a moment.',
      });
    } finally {
      await cut.close();
      await database.dispose();
    }
  });
});
