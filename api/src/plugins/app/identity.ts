import fp from 'fastify-plugin';
import * as oidc from 'openid-client';

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityClient;
  }
}

export interface AccountsAnswer {
  status: number;
  body: unknown;
}

/** An address whose sign-ins identity refuses for now. */
export interface SignInLimitAnswer {
  email: string;
  until: Date;
}

/** Identity answered, but not with what was asked. */
export class IdentityRefusal extends Error {
  override name = 'IdentityRefusal';
  constructor(readonly status: number) {
    super(`identity answered ${status}`);
  }
}

/** Accounts identity signed out everywhere (a password reset), from one look. */
export interface IdentitySignOuts {
  signOuts: { sub: string; signedOutAt: Date }[];
  /** Where the next look starts, in identity's clock. */
  until: Date;
  /** More may follow at once: the answer held as many as one may. */
  full: boolean;
}

/** The identity provider as the API sees it: OIDC for sign-in and the accounts service for the email lookup. */
export interface IdentityClient {
  /** The issuer's OIDC configuration, discovered on first use; a failed discovery is retried on the next call. */
  oidc(): Promise<oidc.Configuration>;
  /**
   * GET {accounts}/user?email= with the API key, naming the end user who asks (identity limits
   * lookups per end user); rejects when the service cannot be reached.
   */
  lookupUser(email: string, endUserId: string): Promise<AccountsAnswer>;
  /**
   * POST {accounts}/sign-in-limits with the API key, naming the end user who asks: which of these
   * addresses the provider refuses to sign in for now, and until when; rejects when it cannot be read,
   * with `status` when the provider answered.
   */
  signInLimits(emails: readonly string[], endUserId: string): Promise<SignInLimitAnswer[]>;
  /** GET {accounts}/sign-outs?since= with the API key; rejects when it cannot be read. */
  signOuts(since: Date): Promise<IdentitySignOuts>;
  /**
   * Whether the provider can be reached now (looked at before sending a browser there, never answered
   * from an earlier look that found it): false when it refuses, cannot be found or answers with an
   * error; a slow answer counts as reachable.
   */
  reachable(): Promise<boolean>;
}

/** The header that names the Verity user behind an accounts lookup. */
export const END_USER_HEADER = 'X-Verity-End-User';

/**
 * Every call to the provider on a connection of its own (`Connection: close`). A kept-alive
 * connection can be closed by the provider just as it is reused (its idle time-out and ours race,
 * and a busy machine's timers run late): the call then fails at once though the provider is up, and
 * a token exchange (a POST) cannot be sent again. Calls to the provider are few (a sign-in, an email
 * lookup), so a connect (and a TLS handshake) each is cheap.
 */
export const identityFetch = (url: string | URL, init: RequestInit = {}): Promise<Response> => {
  const headers = new Headers(init.headers);
  headers.set('connection', 'close');
  return fetch(url, { ...init, headers });
};

const isTime = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(new Date(value).getTime());

/** Identity's answer to GET /sign-outs, read strictly: anything else is a failed look. */
function readSignOuts(body: unknown): IdentitySignOuts {
  const answer = body as { signOuts?: unknown; until?: unknown; full?: unknown } | null;
  const signOuts = answer?.signOuts;
  if (
    !Array.isArray(signOuts) ||
    !isTime(answer?.until) ||
    typeof answer.full !== 'boolean' ||
    !signOuts.every(
      (signOut: { sub?: unknown; signedOutAt?: unknown } | null) =>
        typeof signOut?.sub === 'string' && isTime(signOut.signedOutAt),
    )
  ) {
    throw new Error('identity answered GET /sign-outs with something else');
  }
  return {
    signOuts: (signOuts as { sub: string; signedOutAt: string }[]).map((signOut) => ({
      sub: signOut.sub,
      signedOutAt: new Date(signOut.signedOutAt),
    })),
    until: new Date(answer.until),
    full: answer.full,
  };
}

const DISCOVERY_ATTEMPTS = 3;
const REQUEST_TIMEOUT_MS = 5000;
const REACHABILITY_TIMEOUT_MS = 2000;
/**
 * How long "down" is kept: a burst of sign-ins during an outage asks once, and a recovery shows
 * within it. "Reachable" is never kept past its look: a provider that has just died gets no browser.
 */
export const UNREACHABLE_KEPT_MS = 3000;

export default fp(
  async (fastify) => {
    const { config } = fastify;
    const issuer = new URL(config.identityIssuer);
    let discovered: Promise<oidc.Configuration> | undefined;
    /** The look under way: every sign-in that asks meanwhile shares its answer. */
    let look: Promise<boolean> | undefined;
    let downUntil = 0;

    /** One look at the discovery document. */
    async function lookOnce(): Promise<boolean> {
      const url = new URL('.well-known/openid-configuration', `${config.identityIssuer}/`);
      try {
        const response = await identityFetch(url, {
          signal: AbortSignal.timeout(REACHABILITY_TIMEOUT_MS),
        });
        await response.body?.cancel();
        return response.ok;
      } catch (error) {
        // Refused or unresolvable is down. No answer in time is a busy provider, not a dead one: the
        // browser is still sent there (and the discovery behind it has its own time-outs and retries).
        return (error as Error).name === 'TimeoutError';
      }
    }

    // Down is said only after a second look: a provider that drops one connection (restarting, or
    // shedding load) is not called down for it; refused or an error answer is as quick the second time.
    const checkReachable = async () => (await lookOnce()) || lookOnce();

    async function discover(): Promise<oidc.Configuration> {
      for (let attempt = 1; ; attempt++) {
        try {
          const configuration = await oidc.discovery(
            issuer,
            config.identityClientId,
            undefined,
            oidc.ClientSecretBasic(config.identityClientSecret),
            {
              execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
              timeout: REQUEST_TIMEOUT_MS / 1000,
              [oidc.customFetch]: identityFetch,
            },
          );
          // The token exchange and the user info go out the same way.
          configuration[oidc.customFetch] = identityFetch;
          return configuration;
        } catch (error) {
          if (attempt >= DISCOVERY_ATTEMPTS) throw error;
          fastify.log.warn({ err: error, attempt }, 'identity discovery failed, retrying');
          await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
        }
      }
    }

    const identity: IdentityClient = {
      oidc() {
        discovered ??= discover().catch((error: unknown) => {
          discovered = undefined;
          throw error;
        });
        return discovered;
      },
      reachable() {
        if (Date.now() < downUntil) return Promise.resolve(false);
        look ??= checkReachable().then((answer) => {
          look = undefined;
          if (!answer) downUntil = Date.now() + UNREACHABLE_KEPT_MS;
          return answer;
        });
        return look;
      },
      async lookupUser(email, endUserId) {
        const url = new URL(`${config.identityAccountsUrl}/user`);
        url.searchParams.set('email', email);
        const response = await identityFetch(url, {
          headers: {
            authorization: `Bearer ${config.identityApiKey}`,
            accept: 'application/json',
            [END_USER_HEADER]: endUserId,
          },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const body: unknown = await response.json().catch(() => undefined);
        return { status: response.status, body };
      },
      async signInLimits(emails, endUserId) {
        const response = await identityFetch(`${config.identityAccountsUrl}/sign-in-limits`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${config.identityApiKey}`,
            accept: 'application/json',
            'content-type': 'application/json',
            [END_USER_HEADER]: endUserId,
          },
          body: JSON.stringify({ emails }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        if (!response.ok) {
          await response.body?.cancel();
          throw new IdentityRefusal(response.status);
        }
        const body = (await response.json()) as { limits?: unknown };
        const limits = Array.isArray(body.limits) ? (body.limits as unknown[]) : undefined;
        const valid = limits?.every(
          (limit) =>
            typeof (limit as SignInLimitAnswer).email === 'string' &&
            isTime((limit as { until?: unknown }).until),
        );
        if (!limits || !valid) throw new IdentityRefusal(response.status);
        return (limits as { email: string; until: string }[]).map((limit) => ({
          email: limit.email,
          until: new Date(limit.until),
        }));
      },
      async signOuts(since) {
        const url = new URL(`${config.identityAccountsUrl}/sign-outs`);
        url.searchParams.set('since', since.toISOString());
        const response = await identityFetch(url, {
          headers: { authorization: `Bearer ${config.identityApiKey}`, accept: 'application/json' },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        if (!response.ok) {
          await response.body?.cancel();
          throw new Error(`identity answered ${response.status} to GET /sign-outs`);
        }
        return readSignOuts(await response.json());
      },
    };
    fastify.decorate('identity', identity);
  },
  { name: 'identity', dependencies: ['config'] },
);
