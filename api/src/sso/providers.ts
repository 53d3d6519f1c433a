// The organisations' identity providers as the API talks to them (docs/decisions/0098-single-sign-on.md):
// each one's OpenID Connect configuration, discovered once per saved settings and kept in memory
// (a cache keyed by the settings' id and time of change, so a change is never served stale).
import * as oidc from 'openid-client';
import { PrivateAddressError } from '../webhooks/addresses';
import type { ConnectionRow } from './connections';
import { PROVIDER_TIMEOUT_MS, providerFetch } from './provider-fetch';

/** How long a look at a provider before a sign-in may take before it counts as busy, not down. */
const REACHABILITY_TIMEOUT_MS = 2000;

/** At most this many providers' configurations are kept; the cache starts afresh past it. */
const MOST_KEPT = 200;

export type ProviderSettings = Pick<
  ConnectionRow,
  'id' | 'issuer' | 'oidc_client_id' | 'oidc_client_secret' | 'updated_at'
>;

/** Why a provider could not be read: an address Verity does not call, or anything else. */
export const isPrivateAddressFailure = (error: unknown): boolean => {
  for (let cause = error; cause instanceof Error; cause = cause.cause)
    if (cause instanceof PrivateAddressError) return true;
  return false;
};

export interface SsoProviders {
  /** The provider's configuration for these settings (discovered on first use, then kept). */
  configuration(settings: ProviderSettings): Promise<oidc.Configuration>;
  /** Reads the issuer's discovery document now: rejects when it cannot be read. */
  check(issuer: string): Promise<void>;
  /**
   * Whether the provider answers now (looked at before sending a browser there, as for the bundled
   * provider): false when it refuses, cannot be reached or answers with an error; a slow answer
   * counts as reachable.
   */
  reachable(issuer: string): Promise<boolean>;
}

export function ssoProviders(privateHosts: ReadonlySet<string>): SsoProviders {
  const fetcher = providerFetch(privateHosts);
  const kept = new Map<string, Promise<oidc.Configuration>>();

  async function discover(
    issuer: string,
    clientId: string,
    clientSecret: string | undefined,
  ): Promise<oidc.Configuration> {
    const url = new URL(issuer);
    const configuration = await oidc.discovery(
      url,
      clientId,
      undefined,
      clientSecret === undefined ? undefined : oidc.ClientSecretBasic(clientSecret),
      {
        // Only an operator's listed host may be reached over http (the configuration's check).
        execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: PROVIDER_TIMEOUT_MS / 1000,
        [oidc.customFetch]: fetcher as never,
      },
    );
    configuration[oidc.customFetch] = fetcher as never;
    return configuration;
  }

  return {
    configuration(settings) {
      const key = `${settings.id}:${settings.updated_at.toISOString()}`;
      let found = kept.get(key);
      if (!found) {
        if (kept.size >= MOST_KEPT) kept.clear();
        found = discover(settings.issuer, settings.oidc_client_id, settings.oidc_client_secret);
        found.catch(() => kept.delete(key));
        kept.set(key, found);
      }
      return found;
    },
    async check(issuer) {
      await discover(issuer, 'verity', undefined);
    },
    async reachable(issuer) {
      try {
        const answer = await fetcher(new URL('.well-known/openid-configuration', `${issuer}/`), {
          signal: AbortSignal.timeout(REACHABILITY_TIMEOUT_MS),
        });
        return answer.ok;
      } catch (error) {
        return (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
      }
    },
  };
}
