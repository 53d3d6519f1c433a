import { startIdentity, testApiKey } from './support/start-identity';
import type { RunningIdentity } from './support/start-identity';

const bearer = { Authorization: `Bearer ${testApiKey}` };

describe('accounts endpoints', () => {
  let identity: RunningIdentity;

  beforeAll(async () => {
    identity = await startIdentity({ IDENTITY_SEED_DEMO: '1' });
  });

  afterAll(async () => {
    await identity?.stop();
  });

  const lookUp = (email: string, headers: Record<string, string> = bearer) =>
    fetch(`${identity.url}/user?email=${encodeURIComponent(email)}`, { headers });

  it('GET /user answers the account for an email, whatever its case', async () => {
    const response = await lookUp('Auditor.Owner@Verity.test');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      user: {
        name: 'Aditi Auditor',
        email: 'auditor.owner@verity.test',
        sub: expect.stringMatching(
          /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        ),
        picture: null,
        email_verified: true,
      },
    });
  });

  it('GET /user answers 404 for an unknown email', async () => {
    const response = await lookUp('nobody@verity.test');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      message: 'Email not found in our records',
    });
  });

  it('GET /user answers 401 without the API key or with a wrong one', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer wrong-key' },
      { Authorization: testApiKey },
    ];
    for (const headers of attempts) {
      const response = await lookUp('auditor.owner@verity.test', headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ success: false, message: 'Unauthorized' });
    }
  });

  it('POST /accounts creates an account once and answers 409 for the same email', async () => {
    const create = (body: Record<string, unknown>, headers: Record<string, string> = bearer) =>
      fetch(`${identity.url}/accounts`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });

    const created = await create({
      email: 'Owner@NewClient.example',
      name: 'Olivia Owner',
      password: 'first owner pw',
    });
    expect(created.status).toBe(201);
    const { user } = (await created.json()) as { user: Record<string, unknown> };
    expect(user).toEqual({
      name: 'Olivia Owner',
      email: 'owner@newclient.example',
      sub: expect.any(String),
      picture: null,
      email_verified: false,
    });
    expect(await (await lookUp('owner@newclient.example')).json()).toEqual({ success: true, user });

    const again = await create({
      email: 'owner@newclient.example',
      name: 'Someone',
      password: 'another password',
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      success: false,
      message: 'An account with this email already exists.',
    });

    const invalid = await create({
      email: 'owner2@newclient.example',
      name: 'Short',
      password: 'short',
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      success: false,
      message: 'Password must be at least 8 characters.',
    });

    const anonymous = await create(
      { email: 'x@newclient.example', name: 'X', password: 'long enough pw' },
      {},
    );
    expect(anonymous.status).toBe(401);
    expect((await lookUp('x@newclient.example')).status).toBe(404);
  });
});

describe('GET /user rate limit', () => {
  let identity: RunningIdentity;

  beforeAll(async () => {
    identity = await startIdentity({ IDENTITY_SEED_DEMO: '1', IDENTITY_USER_LOOKUP_LIMIT: '3' });
  });

  afterAll(async () => {
    await identity?.stop();
  });

  it('answers 429 once a caller passes the limit per minute', async () => {
    const statuses: number[] = [];
    for (let call = 0; call < 4; call += 1) {
      const response = await fetch(`${identity.url}/user?email=client.owner@verity.test`, {
        headers: bearer,
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await response.json()).toEqual({
          success: false,
          message: 'Too many requests. Please try again later.',
        });
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
