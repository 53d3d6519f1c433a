// The identity server started once for the whole jest run (global-setup.ts), with the demo accounts,
// for tests that need a working provider with the default settings. Tests that need other settings,
// or stop and break their provider, start their own with startIdentity().
import type { IdentityServer } from './identity';

export const SHARED_IDENTITY_VARIABLE = 'VERITY_TEST_IDENTITY';

export function sharedIdentity(): Omit<IdentityServer, 'stop' | 'kill'> {
  const value = process.env[SHARED_IDENTITY_VARIABLE];
  if (!value) throw new Error('The shared identity server was not started (api globalSetup)');
  return JSON.parse(value) as Omit<IdentityServer, 'stop' | 'kill'>;
}
