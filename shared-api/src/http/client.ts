import ky, { type AfterResponseHook, type BeforeErrorHook, type KyInstance } from 'ky';
import { API_BASE_PATH } from '../domain/user';
import { NetworkError, type ApiHttpError } from './errors';

export interface ApiClientOptions {
  /** The edge of the client; defaults to the global fetch, looked up at call time. */
  fetch?: typeof globalThis.fetch;
  prefixUrl?: string;
  /** Called once per failed refresh, when the session cannot be renewed. */
  onSessionExpired?: () => void;
  timeout?: number | false;
}

export const REFRESH_PATH = 'auth/refresh';
export const DEFAULT_TIMEOUT_MS = 30_000;

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
    hooks: { beforeError: [attachServerBody] },
  });

  let refreshing: Promise<boolean> | undefined;
  const refreshOnce = (): Promise<boolean> => {
    refreshing ??= plain
      .post(REFRESH_PATH)
      .then(
        () => true,
        () => {
          onSessionExpired?.();
          return false;
        },
      )
      .finally(() => {
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
    hooks: { afterResponse: [refreshOn403], beforeError: [attachServerBody] },
  });
}

export const apiClient: KyInstance = createApiClient();
