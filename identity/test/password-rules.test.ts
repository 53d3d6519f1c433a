import { Browser } from './support/browser';
import { mainOf, signUp } from './support/account-pages';
import { startIdentity, testApiKey } from './support/start-identity';
import type { RunningIdentity } from './support/start-identity';

let identity: RunningIdentity;

beforeAll(async () => {
  identity = await startIdentity({ IDENTITY_SIGN_UP_LIMIT_PER_IP: '100' });
});

afterAll(async () => {
  await identity?.stop();
});

const TOO_SHORT = 'Password must be at least 10 characters.';
const TOO_LONG = 'Password must be at most 128 characters.';
const COMMON =
  'This password is too common. Choose one that others are unlikely to use, such as a few unrelated words.';
const PERSONAL = 'This password contains your name or email address. Choose one that does not.';
const GUESSABLE =
  'This password is too easy to guess. Make it longer, for example with a few unrelated words.';

const person = { name: 'Priya Patel', email: 'priya.patel@example.com' };

const refused: [string, string][] = [
  ['12345678', TOO_SHORT],
  ['short1!', TOO_SHORT],
  ['1234567890', COMMON],
  ['password123', COMMON],
  ['qwertyuiop12', COMMON],
  ['iloveyou123', COMMON],
  ['priyapatel1', PERSONAL],
  ['priya.patel@example.com', PERSONAL],
  ['Priya-Patel-2024', PERSONAL],
  ['abcdefghijk', GUESSABLE],
  ['x'.repeat(129), TOO_LONG],
];

const longest =
  'Quiet lanterns drift over amber fields while seven copper kites hum beneath a violet sky, near the old harbour wall at dusk, 1987!'.slice(
    0,
    128,
  );
const accepted = [
  'correct horse battery',
  'Tr0ub4dor&3x',
  'a7Kq-3vLp-Xz',
  // The name inside a password that is strong without it.
  'priya patel lanterns drift quietly',
  longest,
];

describe('sign-up page', () => {
  it.each(refused)('refuses %p and says why', async (password, reason) => {
    const { response, body } = await signUp(new Browser(), identity, { ...person, password });
    expect(response.status).toBe(400);
    expect(mainOf(body)).toContain(
      `<div id="form-error" class="alert" role="alert">${reason}</div>`,
    );
    expect(body).toContain(
      'id="password" name="password" type="password" autocomplete="new-password" required minlength="10" aria-invalid="true"',
    );
  });

  it.each(accepted)('accepts %p', async (password) => {
    const { response } = await signUp(new Browser(), identity, {
      name: person.name,
      email: `priya.${accepted.indexOf(password)}@example.com`,
      password,
    });
    expect(response.status).toBe(200);
  });
});

describe('POST /accounts', () => {
  it.each(refused)('refuses %p with the same reason', async (password, reason) => {
    const response = await fetch(`${identity.url}/accounts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${testApiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...person, password }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, message: reason });
  });
});
