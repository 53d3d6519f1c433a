import type { ResponsePromise } from '@verity/session';

/** The `data` of the API's success envelope `{ success: true, data }`. */
export async function dataOf<T>(response: ResponsePromise): Promise<T> {
  const body = await response.json<{ data?: T }>();
  return (body.data ?? {}) as T;
}

/** Search parameters without the unset ones (ky would send `undefined` as text). */
export function query(params: Record<string, string | number | undefined>): Record<string, string> {
  const defined: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') defined[key] = String(value);
  }
  return defined;
}
