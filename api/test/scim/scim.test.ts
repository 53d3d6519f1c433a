// SCIM 2.0 provisioning (docs/decisions/0097-scim-provisioning.md): an organisation's directory, with a
// provisioning token, adds, changes and removes its members; a removed member's session gets 401 at
// once; owners, other organisations' members and API tokens stay out of its reach.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { API_TOKEN_MESSAGES } from '@verity/shared-api/src/server';
import { buildTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { injectAs, sessionOfMembership } from '../support/session';
import { buildWorld, type World } from '../routes/action-plans/fixtures';

const SCIM = '/api/v1/scim/v2';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

describe('SCIM provisioning', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let provisioning: string;
  let apiToken: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    app = await buildTestApp(database);
    world = await buildWorld(app);
    const make = async (body: object) => {
      const response = await world.as.clientOwner({
        method: 'POST',
        url: '/api/v1/organisation/api-tokens',
        payload: body,
      });
      expect(response.statusCode).toBe(201);
      return response.json().data.secret as string;
    };
    provisioning = await make({ name: 'Entra ID', role: 'viewer', purpose: 'provisioning' });
    apiToken = await make({ name: 'Portfolio sync', role: 'viewer' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const scim = (options: InjectOptions & { body?: object }, secret = provisioning) =>
    app.inject({
      ...options,
      url: `${SCIM}${String(options.url)}`,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json' },
      ...(options.body ? { payload: JSON.stringify(options.body) } : {}),
    });
  const newUser = (userName: string, role = 'editor') => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName,
    externalId: `entra-${userName}`,
    name: { givenName: 'Deniz', familyName: 'Kaya' },
    emails: [{ value: userName, primary: true, type: 'work' }],
    roles: [{ value: role }],
    active: true,
  });
  const clientPeople = async () =>
    (await world.as.clientOwner({ method: 'GET', url: '/api/v1/client/users' })).json().data
      .users as { _id?: string; id?: string; emailId: string; role: string }[];

  it('adds a member, finds them by userName, changes their role, and keeps them to its organisation', async () => {
    const created = await scim({
      method: 'POST',
      url: '/Users',
      body: newUser('deniz.kaya@northwind.test'),
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['content-type']).toMatch(/application\/scim\+json/);
    const user = created.json();
    expect(user).toMatchObject({
      userName: 'deniz.kaya@northwind.test',
      externalId: 'entra-deniz.kaya@northwind.test',
      name: { formatted: 'Deniz Kaya' },
      active: true,
      roles: [{ value: 'editor', primary: true }],
    });
    expect(
      (await clientPeople()).find((person) => person.emailId === 'deniz.kaya@northwind.test'),
    ).toMatchObject({ role: 'editor' });

    const found = await scim({
      method: 'GET',
      url: '/Users?filter=userName%20eq%20%22DENIZ.KAYA@northwind.test%22',
    });
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id: user.id }] });
    const again = await scim({
      method: 'POST',
      url: '/Users',
      body: newUser('deniz.kaya@northwind.test'),
    });
    expect([again.statusCode, again.json().scimType]).toEqual([409, 'uniqueness']);

    const patched = await scim({
      method: 'PATCH',
      url: `/Users/${user.id}`,
      body: {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'replace', path: 'roles', value: [{ value: 'viewer' }] },
          { op: 'replace', path: 'name.formatted', value: 'Deniz Kaya-Öztürk' },
          { op: 'replace', path: 'title', value: 'E&S analyst' },
        ],
      },
    });
    expect(patched.json()).toMatchObject({
      roles: [{ value: 'viewer' }],
      displayName: 'Deniz Kaya-Öztürk',
    });

    // Another client's member, and the organisation's owner, are out of the directory's reach.
    const { rows } = await app.db.query<{ id: string; email: string }>(
      `SELECT id, email FROM users WHERE email IN ('client2.owner@verity.test', 'client.owner@verity.test') AND user_type = 'client'`,
    );
    const other = rows.find((row) => row.email === 'client2.owner@verity.test')!;
    const owner = rows.find((row) => row.email === 'client.owner@verity.test')!;
    expect((await scim({ method: 'GET', url: `/Users/${other.id}` })).statusCode).toBe(404);
    expect((await scim({ method: 'DELETE', url: `/Users/${other.id}` })).statusCode).toBe(404);
    const ownerChange = await scim({
      method: 'PATCH',
      url: `/Users/${owner.id}`,
      body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: false }] },
    });
    expect(ownerChange.statusCode).toBe(403);
    const everyone = (await scim({ method: 'GET', url: '/Users?count=200' })).json();
    expect(
      everyone.Resources.map((resource: { userName: string }) => resource.userName),
    ).not.toContain('client2.owner@verity.test');
    expect(JSON.stringify(everyone)).not.toContain('API token');
  });

  it("maps groups to roles: a member added to a role's group takes it, one removed becomes a viewer", async () => {
    const member = (
      await scim({
        method: 'POST',
        url: '/Users',
        body: newUser('grouped@northwind.test', 'viewer'),
      })
    ).json();
    const editors = await scim({
      method: 'PATCH',
      url: '/Groups/editor',
      body: {
        schemas: [PATCH_OP],
        Operations: [{ op: 'add', path: 'members', value: [{ value: member.id }] }],
      },
    });
    expect(editors.json().members).toContainEqual({ value: member.id, display: 'Deniz Kaya' });
    expect((await scim({ method: 'GET', url: `/Users/${member.id}` })).json().roles).toEqual([
      { value: 'editor', primary: true },
    ]);
    const found = await scim({
      method: 'GET',
      url: '/Groups?filter=displayName%20eq%20%22Verity%20Editor%22',
    });
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id: 'editor' }] });
    await scim({
      method: 'PATCH',
      url: '/Groups/editor',
      body: {
        schemas: [PATCH_OP],
        Operations: [{ op: 'remove', path: `members[value eq "${member.id}"]` }],
      },
    });
    expect((await scim({ method: 'GET', url: `/Users/${member.id}` })).json().roles).toEqual([
      { value: 'viewer', primary: true },
    ]);
    // No owner in a group; an owner cannot be put in one.
    const { rows } = await app.db.query<{ id: string }>(
      `SELECT id FROM users WHERE email = 'client.owner@verity.test' AND user_type = 'client'`,
    );
    const refused = await scim({
      method: 'PATCH',
      url: '/Groups/viewer',
      body: { schemas: [PATCH_OP], Operations: [{ op: 'add', value: [{ value: rows[0]!.id }] }] },
    });
    expect([refused.statusCode, refused.json().scimType]).toEqual([400, 'invalidValue']);
    expect((await scim({ method: 'GET', url: '/Groups/owner' })).statusCode).toBe(404);
  });

  it("ends a removed member's session at once", async () => {
    const created = (
      await scim({
        method: 'POST',
        url: '/Users',
        body: newUser('leaver@northwind.test', 'viewer'),
      })
    ).json();
    const session = await sessionOfMembership(app, created.id);
    const me = () => injectAs(app, session, { method: 'GET', url: '/api/v1/auth/me' });
    expect((await me()).statusCode).toBe(200);
    const deactivated = await scim({
      method: 'PATCH',
      url: `/Users/${created.id}`,
      body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] },
    });
    expect(deactivated.statusCode).toBe(204);
    expect((await me()).statusCode).toBe(401);
    expect((await scim({ method: 'GET', url: `/Users/${created.id}` })).statusCode).toBe(404);
    expect((await clientPeople()).map((person) => person.emailId)).not.toContain(
      'leaver@northwind.test',
    );

    const second = (
      await scim({ method: 'POST', url: '/Users', body: newUser('second.leaver@northwind.test') })
    ).json();
    const secondSession = await sessionOfMembership(app, second.id);
    expect((await scim({ method: 'DELETE', url: `/Users/${second.id}` })).statusCode).toBe(204);
    expect(
      (await injectAs(app, secondSession, { method: 'GET', url: '/api/v1/auth/me' })).statusCode,
    ).toBe(401);
  });

  it('answers bad input and the wrong token in SCIM words, changing nothing', async () => {
    const before = (await clientPeople()).length;
    for (const [options, status, scimType] of [
      [{ method: 'POST', url: '/Users', body: newUser('not-an-email') }, 400, 'invalidValue'],
      [
        { method: 'POST', url: '/Users', body: newUser('boss@northwind.test', 'owner') },
        400,
        'invalidValue',
      ],
      [
        { method: 'POST', url: '/Users', body: { ...newUser('x@northwind.test'), active: false } },
        400,
        'invalidValue',
      ],
      [{ method: 'GET', url: '/Users?filter=emails%20co%20%22x%22' }, 400, 'invalidFilter'],
      [
        {
          method: 'PATCH',
          url: '/Users/not-a-uuid',
          body: { schemas: [PATCH_OP], Operations: [] },
        },
        404,
        undefined,
      ],
      [
        {
          method: 'PATCH',
          url: `/Users/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
          body: { Operations: [] },
        },
        400,
        'invalidSyntax',
      ],
    ] as const) {
      const response = await scim(options as InjectOptions & { body?: object });
      expect([options.url, response.statusCode, response.json().scimType]).toEqual([
        options.url,
        status,
        scimType,
      ]);
      expect(response.json().schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
    }
    // An API token is not a provisioning token, and the other way round.
    const withApiToken = await scim({ method: 'GET', url: '/Users' }, apiToken);
    expect([withApiToken.statusCode, withApiToken.json().detail]).toEqual([
      401,
      API_TOKEN_MESSAGES.wrongPurpose.api,
    ]);
    const provisioningOnApi = await app.inject({
      method: 'GET',
      url: '/api/v1/portfolio',
      headers: { authorization: `Bearer ${provisioning}` },
    });
    expect([provisioningOnApi.statusCode, provisioningOnApi.json().message]).toEqual([
      401,
      API_TOKEN_MESSAGES.wrongPurpose.provisioning,
    ]);
    expect((await clientPeople()).length).toBe(before);
  });
});
