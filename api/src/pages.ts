// Reading a growing list one page at a time (docs/api.md "Conventions"): the page asked for, the
// rows of that page and the count of the whole filtered list, and the search text as SQL.
import { LIST_PAGE_SIZE } from '@verity/shared-api/src/server';
import { prepared, type Queryable } from './db';

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
 * `folded`: the columns hold their text already lowercased (migration 0034's users), so they are
 * compared with LIKE against the lowercased pattern, which matches as ILIKE does at a fraction of
 * the cost.
 */
export function searchSql(
  search: string | undefined,
  params: unknown[],
  columns: readonly string[],
  labelled: readonly LabelledColumn[] = [],
  { folded = false }: { folded?: boolean } = {},
): string | undefined {
  const needle = search?.trim();
  if (!needle) return undefined;
  const pattern = `$${params.push(likePattern(needle))}`;
  const terms = columns.map((column) =>
    folded ? `${column} LIKE lower(${pattern})` : `${column} ILIKE ${pattern}`,
  );
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
 * A one-row SELECT (on the page's parameters) read in the page's own statement, so that a screen's
 * figures beside its list cost no round trip of their own (the users' counts per role). `total`:
 * the list's count when the row holds it (then nothing else counts the list).
 */
export interface Alongside<Figures> {
  sql: string;
  total?: (figures: Figures) => number;
}

/**
 * One page of `SELECT select FROM fromWhere ORDER BY orderBy` and the count of every row of
 * `fromWhere`, or of `countFromWhere` when that counts the same rows with less work (fewer joins).
 * `orderBy` must end with a unique column, so that pages neither repeat nor skip rows.
 * `countWithPage`: count in the page's own statement, for a list that reads every row anyway (a
 * search by `ILIKE`): one pass over them instead of two. `alongside`: a row read with the page.
 * `prepare`: the statements are `prepared` (a list whose plan does not follow its owner's size).
 */
export async function readPage<Row, Figures = never>(
  db: Queryable,
  {
    select,
    fromWhere,
    countFromWhere = fromWhere,
    orderBy,
    params,
    countWithPage = false,
    alongside,
    prepare = false,
  }: {
    select: string;
    fromWhere: string;
    countFromWhere?: string;
    orderBy: string;
    params: unknown[];
    countWithPage?: boolean;
    alongside?: Alongside<Figures>;
    prepare?: boolean;
  },
  request: PageRequest,
): Promise<ListPage<Row> & { figures?: Figures }> {
  const { page, pageSize, offset } = pageOf(request);
  const text = prepare ? prepared : (sql: string) => sql;
  const countAll = () =>
    db
      .query<{ n: number }>(text(`SELECT count(*)::int AS n FROM ${countFromWhere}`), params)
      .then(({ rows }) => rows[0]?.n ?? 0);
  const counted = countWithPage && !alongside?.total;
  const columns = [
    select,
    ...(counted ? ['count(*) OVER ()::int AS page_total'] : []),
    // Read once for the statement (an uncorrelated subquery), given on every row.
    ...(alongside ? [`(SELECT row_to_json(f) FROM (${alongside.sql}) f) AS page_figures`] : []),
  ];
  const pageQuery = db.query<Row & { page_total?: number; page_figures?: Figures }>(
    text(`SELECT ${columns.join(', ')} FROM ${fromWhere} ORDER BY ${orderBy}
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`),
    [...params, pageSize, offset],
  );
  // A list counted apart from its page is counted beside it.
  const [{ rows }, countedApart] = await Promise.all([
    pageQuery,
    counted || alongside?.total ? undefined : countAll(),
  ]);
  const first = rows[0];
  if (alongside && first === undefined) {
    // A page past the end (or of an empty list) has no row to carry the figures or the count: one
    // statement reads both (the count names every parameter the figures may not).
    const { rows: read } = await db.query<{ figures: Figures; n: number }>(
      `SELECT (SELECT row_to_json(f) FROM (${alongside.sql}) f) AS figures,
         (SELECT count(*)::int FROM ${countFromWhere}) AS n`,
      params,
    );
    return { rows: [], total: read[0]!.n, page, pageSize, figures: read[0]!.figures };
  }
  const figures = first?.page_figures;
  const total =
    countedApart ??
    (alongside?.total && figures !== undefined
      ? alongside.total(figures)
      : (first?.page_total ?? (offset === 0 ? 0 : await countAll())));
  return {
    rows: rows.map(({ page_total: _total, page_figures: _figures, ...row }) => row as Row),
    total,
    page,
    pageSize,
    ...(figures === undefined ? {} : { figures }),
  };
}

/** A list that belongs to one row (a gap's remarks, its changes), read by key rather than by number. */
export interface KeyedList {
  /** The list's table, aliased `alias` in `json`. */
  table: string;
  alias: string;
  /** The column naming the row the list belongs to. */
  owner: string;
  /** The order of the list, oldest to newest: a time, then a column unique within the owner. */
  key: readonly [string, string];
  /** One row as JSON; may push its own parameters onto `params`. */
  json: (params: unknown[]) => string;
  /** How a page's rows come: oldest first (a discussion) or newest first (a history). */
  oldestFirst: boolean;
}

export interface KeyedPage<Json> {
  items: Json[];
  /** The rows still before the page. */
  earlier: number;
  /** Every row of the list. */
  total: number;
}

/**
 * The `pageSize` rows of `list` just before `before` (one of its rows; absent, the newest), with how
 * many are still earlier and how many there are: one statement, so the three agree. Undefined when
 * `before` is not a row of `ownerId`'s list. Growing with the page, not the list (a key, no offset).
 */
export async function readKeyedPage<Json>(
  db: Queryable,
  list: KeyedList,
  ownerId: string,
  { before, pageSize }: { before?: string; pageSize: number },
): Promise<KeyedPage<Json> | undefined> {
  const { table, alias, owner, key } = list;
  const keyOf = (a: string) => `(${a}.${key[0]}, ${a}.${key[1]})`;
  const params: unknown[] = [ownerId, before ?? null, pageSize];
  const json = list.json(params);
  const direction = list.oldestFirst ? 'ASC' : 'DESC';
  const { rows } = await db.query<{
    found: boolean;
    items: Json[];
    earlier: number;
    total: number;
  }>(
    `WITH cursor AS (SELECT ${key[0]}, ${key[1]} FROM ${table} WHERE id = $2 AND ${owner} = $1),
    page AS (
      SELECT ${alias}.* FROM ${table} ${alias}
      WHERE ${alias}.${owner} = $1
        AND ($2::uuid IS NULL OR ${keyOf(alias)} < (SELECT ${key[0]}, ${key[1]} FROM cursor))
      ORDER BY ${alias}.${key[0]} DESC, ${alias}.${key[1]} DESC
      LIMIT $3
    )
    SELECT
      ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM cursor)) AS found,
      COALESCE((SELECT jsonb_agg(${json} ORDER BY ${alias}.${key[0]} ${direction}, ${alias}.${key[1]} ${direction})
        FROM page ${alias}), '[]'::jsonb) AS items,
      (SELECT count(*)::int FROM ${table} e WHERE e.${owner} = $1
        AND ${keyOf('e')} < (SELECT ${key[0]}, ${key[1]} FROM page ORDER BY ${key[0]}, ${key[1]} LIMIT 1)) AS earlier,
      (SELECT count(*)::int FROM ${table} t WHERE t.${owner} = $1) AS total`,
    params,
  );
  const row = rows[0]!;
  return row.found ? { items: row.items, earlier: row.earlier, total: row.total } : undefined;
}
