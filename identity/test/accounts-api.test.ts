import { textRuleMessages } from '../../shared-api/src/rules/text-rules';
import { linkIn, mailTo, postForm } from './support/account-pages';
import { startIdentity, testApiKey } from './support/start-identity';
import type { RunningIdentity } from './support/start-identity';

const bearer = { Authorization: `Bearer ${testApiKey}` };

// One server for the endpoints at their usual limits; the lookup limit has one of its own below.
let identity: RunningIdentity;

beforeAll(async () => {
  identity = await startIdentity({ IDENTITY_SEED_DEMO: '1' });
});

afterAll(async () => {
  await identity?.stop();
});

describe('accounts endpoints', () => {
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
    // The person it was made for confirms the address like anyone who signs up.
    const mail = await mailTo(
      identity,
      'owner@newclient.example',
      'Confirm your email address for Verity',
    );
    expect(mail.text).toContain('Hello Olivia Owner,');

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
      message: 'Password must be at least 10 characters.',
    });
    const common = await create({
      email: 'owner2@newclient.example',
      name: 'Common',
      password: '1234567890',
    });
    expect(common.status).toBe(400);
    expect(await common.json()).toEqual({
      success: false,
      message:
        'This password is too common. Choose one that others are unlikely to use, such as a few unrelated words.',
    });
    expect((await lookUp('owner2@newclient.example')).status).toBe(404);

    // A full name is one line: nothing is made for a name with a line break or a tab.
    for (const name of ['Nia\r\nNewline', 'Nia\nNewline', 'Nia\tTab', 'Nia\u2028Newline']) {
      const refused = await create({
        email: 'nia@newclient.example',
        name,
        password: 'long enough pw',
      });
      expect({ name, status: refused.status, body: await refused.json() }).toEqual({
        name,
        status: 400,
        body: { success: false, message: textRuleMessages.personNameOnOneLine },
      });
    }
    expect((await lookUp('nia@newclient.example')).status).toBe(404);

    const anonymous = await create(
      { email: 'x@newclient.example', name: 'X', password: 'long enough pw' },
      {},
    );
    expect(anonymous.status).toBe(401);
    expect((await lookUp('x@newclient.example')).status).toBe(404);
  });
});

describe('GET /sign-outs', () => {
  const signOuts = (since: string, headers: Record<string, string> = bearer) =>
    fetch(`${identity.url}/sign-outs?since=${encodeURIComponent(since)}`, { headers });

  async function resetPassword(email: string) {
    await postForm(`${identity.url}/forgot-password`, { email });
    const link = linkIn(
      await mailTo(identity, email, 'Reset your Verity password'),
      '/reset-password',
    );
    const token = new URL(link).searchParams.get('token') ?? '';
    const password = 'a brand new passphrase';
    const changed = await postForm(`${identity.url}/reset-password`, {
      token,
      password,
      confirmation: password,
    });
    expect(changed.status).toBe(200);
  }

  it('answers the accounts a password reset signed out everywhere, from a time on', async () => {
    const start = new Date(Date.now() - 60_000).toISOString();
    const none = await signOuts(start);
    expect(none.status).toBe(200);
    expect(none.headers.get('cache-control')).toBe('no-store');
    const empty = (await none.json()) as { until: string };
    expect(empty).toEqual({ success: true, signOuts: [], until: expect.any(String), full: false });

    await resetPassword('client.viewer@verity.test');
    const { user } = (await (
      await fetch(`${identity.url}/user?email=client.viewer@verity.test`, { headers: bearer })
    ).json()) as { user: { sub: string } };
    const answer = (await (await signOuts(start)).json()) as {
      signOuts: { sub: string; signedOutAt: string }[];
      until: string;
    };
    expect(answer).toEqual({
      success: true,
      signOuts: [{ sub: user.sub, signedOutAt: expect.any(String) }],
      until: expect.any(String),
      full: false,
    });
    const signedOutAt = answer.signOuts[0]!.signedOutAt;
    expect(Date.parse(signedOutAt)).toBeGreaterThanOrEqual(Date.parse(empty.until));
    expect(Date.parse(answer.until)).toBeGreaterThanOrEqual(Date.parse(signedOutAt));
    // Asked on from its time, it is answered again (the API's looks overlap); past it, not.
    expect(
      ((await (await signOuts(signedOutAt)).json()) as { signOuts: [] }).signOuts,
    ).toHaveLength(1);
    const later = new Date(Date.parse(signedOutAt) + 1).toISOString();
    expect(((await (await signOuts(later)).json()) as { signOuts: [] }).signOuts).toEqual([]);
  });

  it('answers 401 without the API key and 400 without a time', async () => {
    const anonymous = await signOuts(new Date().toISOString(), {});
    expect(anonymous.status).toBe(401);
    for (const since of ['', 'yesterday', '2025-13-45T00:00:00Z', "2025-01-01' OR 1=1"]) {
      const refused = await signOuts(since);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        success: false,
        message: 'The since query parameter must be a time such as 2025-01-31T09:30:00.000Z.',
      });
    }
  });
});

describe('GET /user rate limit', () => {
  let limited: RunningIdentity;

  beforeAll(async () => {
    limited = await startIdentity({ IDENTITY_SEED_DEMO: '1', IDENTITY_USER_LOOKUP_LIMIT: '3' });
  });

  afterAll(async () => {
    await limited?.stop();
  });

  const lookUpFor = (endUser: string | undefined, headers: Record<string, string> = bearer) =>
    fetch(`${limited.url}/user?email=client.owner@verity.test`, {
      headers: { ...headers, ...(endUser === undefined ? {} : { 'X-Verity-End-User': endUser }) },
    });

  it('answers 429 once one end user passes the limit per minute, and other end users still get answers', async () => {
    const statuses: number[] = [];
    for (let call = 0; call < 4; call += 1) {
      const response = await lookUpFor('user-a');
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
    expect((await lookUpFor('user-b')).status).toBe(200);
  });

  it("checks the API key before the limit: a caller without it gets 401 and uses up nobody's limit", async () => {
    for (let call = 0; call < 5; call += 1) {
      const response = await lookUpFor('user-c', { Authorization: 'Bearer wrong-key' });
      expect(response.status).toBe(401);
    }
    for (let call = 0; call < 3; call += 1) expect((await lookUpFor('user-c')).status).toBe(200);
    expect((await lookUpFor('user-c')).status).toBe(429);
    expect((await lookUpFor('user-c', {})).status).toBe(401);
  });

  it('counts calls without an end user against the caller address', async () => {
    const statuses: number[] = [];
    for (let call = 0; call < 4; call += 1) statuses.push((await lookUpFor(undefined)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('refuses an end user id that is not a short visible id', async () => {
    for (const endUser of ['has space', 'x'.repeat(201), 'tab\there']) {
      const response = await lookUpFor(endUser);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        success: false,
        message: 'The X-Verity-End-User header must be an id of 1 to 200 visible characters.',
      });
    }
  });
});
