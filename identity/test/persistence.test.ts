import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Browser } from './support/browser';
import {
  beginAuthorization,
  exchangeCode,
  followToCallback,
  signIn,
  verifiedIdToken,
} from './support/oidc-flow';
import type { TokenResponse } from './support/oidc-flow';
import { copyPgliteTemplate, startIdentity, testApiKey } from './support/start-identity';
import type { RunningIdentity } from './support/start-identity';
import demo from '../../tooling/demo-accounts.json';

let dataDir: string;
let identity: RunningIdentity | undefined;

// The embedded database's folder is what persists: PGlite, from a copy of the template (migrated, with
// its signing keys, no accounts), as a first start leaves it (data-dir-modes.test.ts makes one). The
// tests share the folder and take turns restarting identity on it.
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'verity-identity-persist-'));
  await copyPgliteTemplate(dataDir, false);
});

afterAll(async () => {
  await identity?.stop();
  identity = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

async function restart(env: Record<string, string> = {}): Promise<RunningIdentity> {
  const port = identity && new URL(identity.url).port;
  await identity?.stop();
  identity = await startIdentity({
    ...env,
    DATA_DIR: dataDir,
    ...(port ? { IDENTITY_PORT: port } : {}),
  });
  return identity;
}

async function lookUp(running: RunningIdentity, email: string) {
  const response = await fetch(`${running.url}/user?email=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${testApiKey}` },
  });
  return {
    status: response.status,
    body: (await response.json()) as { user?: { sub: string; name: string } },
  };
}

it('seeds every demo account once, and a second seed changes nothing', async () => {
  const first = await restart({ IDENTITY_SEED_DEMO: '1' });
  const before = await Promise.all(demo.accounts.map((account) => lookUp(first, account.email)));
  expect(before.map((result) => result.status)).toEqual(demo.accounts.map(() => 200));
  expect(before.map((result) => result.body.user?.name)).toEqual(
    demo.accounts.map((account) => account.name),
  );

  const second = await restart({ IDENTITY_SEED_DEMO: '1' });
  const after = await Promise.all(demo.accounts.map((account) => lookUp(second, account.email)));
  expect(after.map((result) => result.body.user?.sub)).toEqual(
    before.map((result) => result.body.user?.sub),
  );

  const { code } = await signIn(new Browser(), second.url, 'new.person@verity.test', demo.password);
  expect(code).not.toBe('');
});

it('keeps accounts, signing keys and browser sessions across a restart', async () => {
  // The server the test before left running, or a first start when this test runs alone.
  const first = identity ?? (await restart());
  const created = await fetch(`${first.url}/accounts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${testApiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: 'kept@verity.test',
      name: 'Kept Person',
      password: 'a kept and durable secret',
    }),
  });
  expect(created.status).toBe(201);
  const browser = new Browser();
  const before = await signIn(browser, first.url, 'kept@verity.test', 'a kept and durable secret');
  const beforeTokens = (await (
    await exchangeCode(first.url, before.code, before.pending.verifier)
  ).json()) as TokenResponse;
  const beforeToken = await verifiedIdToken(first.url, beforeTokens.id_token);

  const second = await restart();
  expect(second.url).toBe(first.url);
  expect((await lookUp(second, 'kept@verity.test')).body.user?.sub).toBe(beforeToken.claims.sub);

  const pending = await beginAuthorization(browser, second.url, {});
  const callback = await followToCallback(browser, second.url, pending.response);
  const afterTokens = (await (
    await exchangeCode(second.url, callback.searchParams.get('code') ?? '', pending.verifier)
  ).json()) as TokenResponse;
  const afterToken = await verifiedIdToken(second.url, afterTokens.id_token);
  expect(afterToken.header.kid).toBe(beforeToken.header.kid);
  expect(afterToken.claims.sub).toBe(beforeToken.claims.sub);
});
