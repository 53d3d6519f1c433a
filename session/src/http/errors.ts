import { isHTTPError, type HTTPError } from 'ky';

/** A ky HTTPError carrying the server's JSON body, read once by the client's beforeError hook. */
export type ApiHttpError = HTTPError & { data?: unknown };

/** The request never got a response (offline, DNS, refused connection, CORS). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

export function isApiHttpError(error: unknown): error is ApiHttpError {
  return isHTTPError(error);
}

export function getErrorStatus(error: unknown): number | undefined {
  return isHTTPError(error) ? error.response.status : undefined;
}
