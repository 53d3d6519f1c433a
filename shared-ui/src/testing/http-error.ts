import { HTTPError, type ApiHttpError } from '@verity/session';

/** An HTTP error as the API client rejects with: the status and the server's JSON body kept as `data`. */
export function httpError(status: number, message?: string): ApiHttpError {
  const body = { success: false, ...(message ? { message } : {}) };
  const request = new Request('http://verity.test/api/v1/test');
  const response = Response.json(body, { status });
  // ky's options type is internal; the error reads only `method` from it.
  const error = new HTTPError(response, request, { method: 'GET' } as never) as ApiHttpError;
  error.data = body;
  return error;
}
