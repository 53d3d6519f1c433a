import { Browser } from './support/browser';
import { linkIn, mailTo, mainOf, openSignIn, postForm, signUp } from './support/account-pages';
import { createIdentityDatabase, defaultDatabaseKind } from './support/databases';
import type { DatabaseKind, IdentityDatabase } from './support/databases';
import { startIdentity, testApiKey } from './support/start-identity';
import type { RunningIdentity } from './support/start-identity';
import demo from '../../tooling/demo-accounts.json';

const PER_ACCOUNT = 5;
const FAILURES_PER_ADDRESS = 8;
const SIGN_UPS_PER_ADDRESS = 3;
const MAIL_REQUESTS_PER_ADDRESS = 3;

/** A caller address of its own (TEST-NET-3), told to identity as its one trusted proxy would. */
let nextAddress = 1;
const newAddress = () => `203.0.113.${nextAddress++}`;

interface LimitedIdentity {
  database: IdentityDatabase;
  first: RunningIdentity;
  /** Another process on the same database (PostgreSQL); on PGlite, whose database belongs to one process, the first. */
  second: RunningIdentity;
}

async function startLimited(kind: DatabaseKind): Promise<LimitedIdentity> {
  const database = await createIdentityDatabase(kind, { template: 'seeded' });
  const env = {
    ...database.env,
    IDENTITY_SEED_DEMO: '1',
    IDENTITY_TRUSTED_PROXIES: '1',
    IDENTITY_SIGN_IN_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT),
    IDENTITY_SIGN_IN_FAILURE_LIMIT_PER_IP: String(FAILURES_PER_ADDRESS),
    IDENTITY_SIGN_UP_LIMIT_PER_IP: String(SIGN_UPS_PER_ADDRESS),
    IDENTITY_MAIL_REQUEST_LIMIT_PER_IP: String(MAIL_REQUESTS_PER_ADDRESS),
  };
  const first = await startIdentity(env, { database: kind });
  const second = kind === 'postgres' ? await startIdentity(env, { mail: first.mail }) : first;
  return { database, first, second };
}

async function stopLimited(limited: LimitedIdentity | undefined): Promise<void> {
  if (limited?.second !== limited?.first) await limited?.second.stop();
  await limited?.first.stop();
  await limited?.database.dispose();
}

async function openedSignIn(identity: RunningIdentity) {
  const browser = new Browser();
  return { browser, page: await openSignIn(browser, identity) };
}

async function attempt(
  identity: RunningIdentity,
  email: string,
  password: string,
  address: string,
) {
  const { browser, page } = await openedSignIn(identity);
  const response = await browser.request(`${page}/sign-in`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Forwarded-For': address,
    },
    body: new URLSearchParams({ email, password }).toString(),
  });
  return {
    status: response.status,
    retryAfter: Number(response.headers.get('retry-after')),
    main: mainOf(await response.text()),
  };
}

/** Guesses at one account all at once, alternating between the processes: exactly the limit are checked. */
async function guessInParallel(server: (attempt: number) => RunningIdentity) {
  const tries = 4 * PER_ACCOUNT;
  const results = await Promise.all(
    Array.from({ length: tries }, (_, count) =>
      attempt(server(count), 'auditor.editor@verity.test', `guess number ${count}`, newAddress()),
    ),
  );
  const statuses = results.map((result) => result.status);
  expect(statuses.filter((status) => status === 401)).toHaveLength(PER_ACCOUNT);
  expect(statuses.filter((status) => status === 429)).toHaveLength(tries - PER_ACCOUNT);
}

// Every limit on the run's database (defaultDatabaseKind). On PostgreSQL attempts alternate between
// two identity processes on one database, so the limits are shown to hold across processes.
describe.each([defaultDatabaseKind])('attempt limits on %s', (kind) => {
  let limited: LimitedIdentity;
  let first: RunningIdentity;
  let second: RunningIdentity;

  beforeAll(async () => {
    limited = await startLimited(kind);
    ({ first, second } = limited);
  });

  afterAll(async () => {
    await stopLimited(limited);
  });

  const server = (attempt: number) => (attempt % 2 === 0 ? first : second);

  it('refuses an account after its limit of attempts, from any address and either process, even with the right password', async () => {
    const statuses: number[] = [];
    for (let count = 0; count < PER_ACCOUNT; count += 1) {
      const result = await attempt(
        server(count),
        'client.editor@verity.test',
        'wrong password',
        newAddress(),
      );
      statuses.push(result.status);
    }
    expect(statuses).toEqual(Array(PER_ACCOUNT).fill(401));

    const refused = await attempt(second, 'client.editor@verity.test', demo.password, newAddress());
    expect(refused.status).toBe(429);
    expect(refused.main).toContain(
      '<div id="form-error" class="alert" role="alert">Too many attempts. Try again in 15 minutes.</div>',
    );
    expect(refused.main).toContain('value="client.editor@verity.test"');
    expect(refused.retryAfter).toBeGreaterThan(14 * 60);
    expect(refused.retryAfter).toBeLessThanOrEqual(15 * 60);
    // Other accounts are not affected.
    expect(
      (await attempt(first, 'client.viewer@verity.test', demo.password, newAddress())).status,
    ).toBe(303);
  });

  it('answers an unknown address exactly as a known one, before and after the limit', async () => {
    const known: { status: number; main: string }[] = [];
    const unknown: { status: number; main: string }[] = [];
    for (let count = 0; count <= PER_ACCOUNT; count += 1) {
      known.push(
        await attempt(server(count), 'auditor.admin@verity.test', 'wrong password', newAddress()),
      );
      unknown.push(
        await attempt(server(count), 'ghost@verity.test', 'wrong password', newAddress()),
      );
    }
    expect(known.map((result) => result.status)).toEqual([...Array(PER_ACCOUNT).fill(401), 429]);
    expect(unknown.map((result) => result.status)).toEqual(known.map((result) => result.status));
    known.forEach((result, index) =>
      expect(result.main.replaceAll('auditor.admin@verity.test', 'EMAIL')).toBe(
        unknown[index]?.main.replaceAll('ghost@verity.test', 'EMAIL'),
      ),
    );
  });

  it('counts parallel guesses exactly: no more than the limit are ever checked', async () => {
    await guessInParallel(server);
  });

  it('refuses an address after its limit of failed sign-ins across accounts; successful ones do not count', async () => {
    const address = newAddress();
    for (let count = 0; count < 3; count += 1)
      expect(
        (await attempt(server(count), 'company.owner@verity.test', demo.password, address)).status,
      ).toBe(303);
    for (let count = 0; count < FAILURES_PER_ADDRESS; count += 1) {
      const result = await attempt(
        server(count),
        `sprayed${count}@verity.test`,
        'wrong password',
        address,
      );
      expect(result.status).toBe(401);
    }
    const refused = await attempt(first, 'company.owner@verity.test', demo.password, address);
    expect(refused.status).toBe(429);
    expect(refused.main).toContain(
      'Too many failed sign-ins from your network. Try again in 60 minutes.',
    );
    expect(refused.retryAfter).toBeGreaterThan(59 * 60);
    expect(
      (await attempt(second, 'company.owner@verity.test', demo.password, newAddress())).status,
    ).toBe(303);
  });

  it('refuses only the account one person keeps failing on: everyone else at that address still signs in', async () => {
    const office = newAddress();
    const statuses: number[] = [];
    let last = { status: 0, retryAfter: 0, main: '' };
    for (let count = 0; count < PER_ACCOUNT + 2 * FAILURES_PER_ADDRESS; count += 1) {
      last = await attempt(server(count), 'auditor.viewer@verity.test', 'wrong password', office);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([
      ...Array(PER_ACCOUNT).fill(401),
      ...Array(2 * FAILURES_PER_ADDRESS).fill(429),
    ]);
    // The one refused is told when to try again, on the page and in Retry-After.
    expect(last.main).toContain('Too many attempts. Try again in 15 minutes.');
    expect(last.retryAfter).toBeGreaterThan(14 * 60);
    // The rest of the office signs in.
    for (const email of ['company.viewer@verity.test', 'client.viewer@verity.test'])
      expect((await attempt(first, email, demo.password, office)).status).toBe(303);
  });

  it('does not hold a typo put right against the address', async () => {
    const office = newAddress();
    const password = 'the office passphrase';
    for (let count = 0; count <= FAILURES_PER_ADDRESS; count += 1) {
      const email = `typist${count}@example.com`;
      const created = await fetch(`${first.url}/accounts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${testApiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, name: `Tess Typist ${count}`, password }),
      });
      expect(created.status).toBe(201);
      expect((await attempt(server(count), email, 'the ofice passphrase', office)).status).toBe(
        401,
      );
      expect((await attempt(server(count + 1), email, password, office)).status).toBe(303);
    }
    expect((await attempt(first, 'new.person@verity.test', 'wrong password', office)).status).toBe(
      401,
    );
  });

  it('tells the API, by email, whose sign-ins are refused for now and until when', async () => {
    const locked = 'held.back@verity.test';
    for (let count = 0; count < PER_ACCOUNT; count += 1)
      await attempt(server(count), locked, 'wrong password', newAddress());
    // Refused because of the address it came from, though the account itself is fine.
    const sprayed = newAddress();
    for (let count = 0; count < FAILURES_PER_ADDRESS; count += 1)
      await attempt(server(count), `stuffed${count}@verity.test`, 'wrong password', sprayed);
    const caught = 'client.owner@verity.test';
    expect((await attempt(first, caught, demo.password, sprayed)).status).toBe(429);

    const asked = Date.now();
    const answer = await fetch(`${second.url}/sign-in-limits`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${testApiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        emails: [locked, 'Client.Owner@Verity.test', 'company.editor@verity.test'],
      }),
    });
    expect(answer.status).toBe(200);
    const { limits } = (await answer.json()) as { limits: { email: string; until: string }[] };
    expect(limits.map((limit) => limit.email)).toEqual([locked, 'Client.Owner@Verity.test']);
    const minutesFrom = (until: string) => (Date.parse(until) - asked) / 60_000;
    expect(minutesFrom(limits[0]!.until)).toBeGreaterThan(14);
    expect(minutesFrom(limits[0]!.until)).toBeLessThanOrEqual(15.1);
    expect(minutesFrom(limits[1]!.until)).toBeGreaterThan(59);
    expect(minutesFrom(limits[1]!.until)).toBeLessThanOrEqual(60.1);

    const refusals = [
      await fetch(`${first.url}/sign-in-limits`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ emails: [locked] }),
      }),
      await fetch(`${first.url}/sign-in-limits`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${testApiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ emails: locked }),
      }),
    ];
    expect(refusals.map((refusal) => refusal.status)).toEqual([401, 400]);
  });

  it('treats an IPv6 /64 as one address', async () => {
    for (let count = 0; count < FAILURES_PER_ADDRESS; count += 1) {
      const result = await attempt(
        server(count),
        `six${count}@verity.test`,
        'wrong password',
        `2001:db8:1:2::${count + 1}`,
      );
      expect(result.status).toBe(401);
    }
    expect(
      (await attempt(first, 'six.last@verity.test', 'wrong password', '2001:db8:1:2:ffff::9'))
        .status,
    ).toBe(429);
    expect(
      (await attempt(first, 'six.last@verity.test', 'wrong password', '2001:db8:1:3::1')).status,
    ).toBe(401);
  });

  it("lifts an account's limit once its password is reset", async () => {
    const created = await fetch(`${first.url}/accounts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${testApiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: 'locked@example.com',
        name: 'Lou Locked',
        password: 'the original secret phrase',
      }),
    });
    expect(created.status).toBe(201);
    for (let count = 0; count <= PER_ACCOUNT; count += 1)
      await attempt(server(count), 'locked@example.com', 'wrong password', newAddress());
    expect(
      (await attempt(first, 'locked@example.com', 'the original secret phrase', newAddress()))
        .status,
    ).toBe(429);

    await postForm(
      `${second.url}/forgot-password`,
      { email: 'locked@example.com' },
      { 'X-Forwarded-For': newAddress() },
    );
    const link = linkIn(
      await mailTo(first, 'locked@example.com', 'Reset your Verity password'),
      '/reset-password',
    );
    const token = new URL(link).searchParams.get('token') ?? '';
    const changed = await postForm(`${first.url}/reset-password`, {
      token,
      password: 'a brand new passphrase',
      confirmation: 'a brand new passphrase',
    });
    expect(changed.status).toBe(200);
    expect(
      (await attempt(second, 'locked@example.com', 'a brand new passphrase', newAddress())).status,
    ).toBe(303);
  });

  it('refuses sign-ups from one address past its limit, and says when to try again', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    let last = '';
    for (let count = 0; count <= SIGN_UPS_PER_ADDRESS; count += 1) {
      const { response, body } = await signUp(
        new Browser(),
        server(count),
        { name: 'Sam Signup', email: `sam${count}@example.com`, password: 'correct horse battery' },
        { 'X-Forwarded-For': address },
      );
      statuses.push(response.status);
      last = mainOf(body);
    }
    expect(statuses).toEqual([...Array(SIGN_UPS_PER_ADDRESS).fill(200), 429]);
    expect(last).toContain('role="alert">Too many attempts. Try again in 60 minutes.</div>');
    expect(last).toContain('value="sam3@example.com"');
    const lookUp = await fetch(`${first.url}/user?email=sam3@example.com`, {
      headers: { Authorization: `Bearer ${testApiKey}` },
    });
    expect(lookUp.status).toBe(404);
  });

  it('refuses reset and confirmation requests from one address past its limit', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    let last = '';
    for (let count = 0; count <= MAIL_REQUESTS_PER_ADDRESS; count += 1) {
      const path = count % 2 === 0 ? '/forgot-password' : '/resend-verification';
      const response = await postForm(
        `${server(count).url}${path}`,
        { email: `asker${count}@example.com` },
        { 'X-Forwarded-For': address },
      );
      statuses.push(response.status);
      last = mainOf(await response.text());
    }
    expect(statuses).toEqual([...Array(MAIL_REQUESTS_PER_ADDRESS).fill(200), 429]);
    expect(last).toContain('role="alert">Too many attempts. Try again in 60 minutes.</div>');
  });
});

// The embedded database takes its one connection's transactions in turn: parallel guesses are counted
// exactly there too (docs/security.md).
if (defaultDatabaseKind !== 'pglite') {
  describe('attempt limits on pglite', () => {
    let limited: LimitedIdentity;

    beforeAll(async () => {
      limited = await startLimited('pglite');
    });

    afterAll(async () => {
      await stopLimited(limited);
    });

    it('counts parallel guesses exactly: no more than the limit are ever checked', async () => {
      await guessInParallel(() => limited.first);
    });
  });
}

describe('caller addresses without a trusted proxy', () => {
  let identity: RunningIdentity;

  beforeAll(async () => {
    identity = await startIdentity({ IDENTITY_SIGN_IN_FAILURE_LIMIT_PER_IP: '3' });
  });

  afterAll(async () => {
    await identity?.stop();
  });

  it('ignores X-Forwarded-For, so a client cannot pose as many addresses', async () => {
    const statuses: number[] = [];
    for (let count = 0; count < 4; count += 1) {
      const browser = new Browser();
      const page = await openSignIn(browser, identity);
      const response = await browser.request(`${page}/sign-in`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Forwarded-For': `198.51.100.${count + 1}`,
        },
        body: new URLSearchParams({
          email: `forged${count}@verity.test`,
          password: 'wrong password',
        }).toString(),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
