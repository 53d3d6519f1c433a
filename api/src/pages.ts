// Reading a growing list one page at a time (docs/api.md "Conventions"): the page asked for, the
// rows of that page and the count of the whole filtered list, and the search text as SQL.
import { LIST_PAGE_SIZE } from '@verity/shared-api/src/server';
import type { Queryable } from './db';

export interface PageRequest {
  page?: number;
  pageSize?: number;
}

/** The page asked for, with the list's default size. */
export function pageOf(query: PageRequest) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? LIST_PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** `%text%` for ILIKE, with the pattern's own characters taken as they are. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A column whose stored values the screen shows by their labels (a role, a company type). */
export interface LabelledColumn {
  column: string;
  labels: Readonly<Record<string, string>>;
}

/**
 * The condition "one of `columns` contains `search` (any case), or a labelled column holds a value
 * whose label does", with its parameters pushed onto `params`; undefined for an empty search.
 */
export function searchSql(
  search: string | undefined,
  params: unknown[],
  columns: readonly string[],
  labelled: readonly LabelledColumn[] = [],
): string | undefined {
  const needle = search?.trim();
  if (!needle) return undefined;
  const pattern = `$${params.push(likePattern(needle))}`;
  const terms = columns.map((column) => `${column} ILIKE ${pattern}`);
  const lower = needle.toLowerCase();
  for (const { column, labels } of labelled) {
    const values = Object.entries(labels)
      .filter(([value, label]) => label.toLowerCase().includes(lower) || value === needle)
      .map(([value]) => value);
    if (values.length > 0) terms.push(`${column} = ANY($${params.push(values)}::text[])`);
  }
  return `(${terms.join(' OR ')})`;
}

export interface ListPage<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of `SELECT select FROM fromWhere ORDER BY orderBy` and the count of every row of
 * `fromWhere` (unless the caller already knows it: `knownTotal`), or of `countFromWhere` when that
 * counts the same rows with less work (fewer joins). `orderBy` must end with a unique column, so
 * that pages neither repeat nor skip rows.
 */
export async function readPage<Row>(
  db: Queryable,
  {
    select,
    fromWhere,
    countFromWhere = fromWhere,
    orderBy,
    params,
  }: {
    select: string;
    fromWhere: string;
    countFromWhere?: string;
    orderBy: string;
    params: unknown[];
  },
  request: PageRequest,
  knownTotal?: number,
): Promise<ListPage<Row>> {
  const { page, pageSize, offset } = pageOf(request);
  const [listed, total] = await Promise.all([
    db.query<Row>(
      `SELECT ${select} FROM ${fromWhere} ORDER BY ${orderBy}
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, offset],
    ),
    knownTotal ??
      db
        .query<{ n: number }>(`SELECT count(*)::int AS n FROM ${countFromWhere}`, params)
        .then(({ rows }) => rows[0]?.n ?? 0),
  ]);
  return { rows: listed.rows, total, page, pageSize };
}
