import ky, {
  type AfterResponseHook,
  type BeforeErrorHook,
  type BeforeRequestHook,
  type KyInstance,
} from 'ky';
import { languageInUse } from '../language/texts';
import { NetworkError, type ApiHttpError } from './errors';

/** What the tabs of one browser share to refresh one at a time: Web Locks and a BroadcastChannel. */
export interface RefreshCoordination {
  locks?: { request<T>(name: string, callback: () => Promise<T>): Promise<T> };
  channel?: Pick<BroadcastChannel, 'postMessage' | 'addEventListener'>;
}

export interface ApiClientOptions {
  /** The edge of the client; defaults to the global fetch, looked up at call time. */
  fetch?: typeof globalThis.fetch;
  prefixUrl?: string;
  /** Called once per failed refresh, when the session cannot be renewed. */
  onSessionExpired?: () => void;
  timeout?: number | false;
  /** Defaults to the page's `navigator.locks` and a BroadcastChannel, where the browser has them. */
  coordination?: RefreshCoordination;
}

/** Where the browser reaches the API: the shell's own origin, which proxies it (first-party cookies). */
export const API_BASE_PATH = '/api/v1';
export const REFRESH_PATH = 'auth/refresh';
export const DEFAULT_TIMEOUT_MS = 30_000;
const REFRESH_LOCK = 'verity-session-refresh';
const SESSION_CHANNEL = 'verity-session';
const REFRESHED = 'refreshed';

function browserCoordination(): RefreshCoordination {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (typeof BroadcastChannel === 'undefined') return { locks };
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  // Outside a browser (Node) an open channel would keep the process alive.
  (channel as { unref?: () => void }).unref?.();
  return { locks, channel };
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function isRefreshRequest(request: Request): boolean {
  return new URL(request.url).pathname.replace(/\/+$/, '').endsWith(`/${REFRESH_PATH}`);
}

const attachServerBody: BeforeErrorHook = async (error) => {
  const apiError = error as ApiHttpError;
  try {
    const text = await error.response.clone().text();
    apiError.data = text === '' ? undefined : JSON.parse(text);
  } catch {
    // A body that is not JSON carries no message for the user.
  }
  return error;
};

/**
 * Every call names the language the page shows, so the API's refusals come back in it
 * (docs/decisions/0110-answers-in-the-callers-language.md).
 */
const sayLanguage: BeforeRequestHook = (request) => {
  request.headers.set('Accept-Language', languageInUse());
};

export function createApiClient(options: ApiClientOptions = {}): KyInstance {
  const { prefixUrl = API_BASE_PATH, onSessionExpired, timeout = DEFAULT_TIMEOUT_MS } = options;
  const baseFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const fetchOrNetworkError: typeof globalThis.fetch = async (input, init) => {
    try {
      return await baseFetch(input, init);
    } catch (error) {
      throw isAbort(error) ? error : new NetworkError(error);
    }
  };

  // Refresh and the single retry go through a client without the 403 hook, so neither can loop.
  const plain = ky.create({
    prefixUrl,
    fetch: fetchOrNetworkError,
    credentials: 'include',
    retry: 0,
    timeout,
    hooks: { beforeRequest: [sayLanguage], beforeError: [attachServerBody] },
  });

  const { locks, channel } = options.coordination ?? browserCoordination();
  // Counts the refreshes this tab knows of, its own and those other tabs announced.
  let refreshes = 0;
  channel?.addEventListener('message', (event) => {
    if ((event as MessageEvent).data === REFRESHED) refreshes += 1;
  });

  const refreshNow = async (): Promise<boolean> => {
    const seen = refreshes;
    const attempt = async () => {
      // Another tab refreshed while this one waited for the lock: the cookies are new already.
      if (refreshes !== seen) return true;
      const ok = await plain.post(REFRESH_PATH).then(
        () => true,
        () => false,
      );
      if (ok) {
        refreshes += 1;
        channel?.postMessage(REFRESHED);
      }
      return ok;
    };
    const ok = locks ? await locks.request(REFRESH_LOCK, attempt) : await attempt();
    if (!ok) onSessionExpired?.();
    return ok;
  };

  // One refresh in flight per tab; across tabs, one at a time under the lock.
  let refreshing: Promise<boolean> | undefined;
  const refreshOnce = (): Promise<boolean> => {
    refreshing ??= refreshNow().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  };

  const refreshOn403: AfterResponseHook = async (request, _options, response) => {
    if (response.status !== 403 || isRefreshRequest(request)) return undefined;
    if (!(await refreshOnce())) return undefined;
    return plain(request, { throwHttpErrors: false });
  };

  return ky.create({
    prefixUrl,
    fetch: fetchOrNetworkError,
    credentials: 'include',
    retry: 0,
    timeout,
    hooks: {
      beforeRequest: [sayLanguage],
      afterResponse: [refreshOn403],
      beforeError: [attachServerBody],
    },
  });
}

export const apiClient: KyInstance = createApiClient();
