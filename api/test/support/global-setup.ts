// Once per jest run of the API's tests: the services are compiled when their sources changed (the
// process tests run `node dist/...`, and the tests in this process its worker threads), and one
// identity server is started for every test that only needs a working provider (see
// shared-identity.ts).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { BUILT_WORKERS_VARIABLE } from '../../src/worker-script';
import { buildServices } from '../../../tooling/scripts/build-services.mjs';
import { TEST_REDIRECT_URI } from './app';
import { startIdentity, type IdentityServer } from './identity';
import { SHARED_IDENTITY_VARIABLE } from './shared-identity';
import { TEST_RUN_VARIABLE } from './test-run';

declare global {
  var verityTestIdentity: IdentityServer | undefined;
}

export default async function globalSetup(): Promise<void> {
  process.env[TEST_RUN_VARIABLE] = randomBytes(4).toString('hex');
  await buildServices();
  process.env[BUILT_WORKERS_VARIABLE] = path.resolve(__dirname, '../../dist');
  // The permission matrix looks accounts up by the hundred within a minute.
  const identity = await startIdentity({
    redirectUri: TEST_REDIRECT_URI,
    env: { IDENTITY_USER_LOOKUP_LIMIT: '100000' },
  });
  globalThis.verityTestIdentity = identity;
  // The test workers are started after this and inherit the environment.
  process.env[SHARED_IDENTITY_VARIABLE] = JSON.stringify({
    issuer: identity.issuer,
    clientSecret: identity.clientSecret,
    apiKey: identity.apiKey,
  });
}
