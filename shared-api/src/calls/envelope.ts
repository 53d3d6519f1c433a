import type { ResponsePromise } from '@verity/session';
import { LIST_PAGE_SIZE } from '../domain/limits';

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

/** What a page of a list answers beside its rows, `total` the rows' length when the answer omits it. */
export function pageInfoOf(
  rows: readonly unknown[],
  data: { total?: number; page?: number; pageSize?: number },
): { total: number; page: number; pageSize: number } {
  return {
    total: data.total ?? rows.length,
    page: data.page ?? 1,
    pageSize: data.pageSize ?? LIST_PAGE_SIZE,
  };
}
