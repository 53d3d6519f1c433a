import pg from 'pg';

/** One value as an SQL literal: COPY cannot take bind parameters, so they are quoted into its text. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('copyOut: a number parameter must be finite');
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    // An array of text as PostgreSQL's array literal ('{"a","b"}'), each element quoted.
    const elements = value.map((item: string) => `"${item.replace(/["\\]/g, (c) => `\\${c}`)}"`);
    return pg.escapeLiteral(`{${elements.join(',')}}`);
  }
  throw new Error(`copyOut: unsupported parameter type ${typeof value}`);
}

/** The SELECT with each `$n` replaced by the literal of params[n - 1]. */
export function inlineParams(select: string, params: readonly unknown[] = []): string {
  return select.replace(/\$(\d+)/g, (_match, index: string) => {
    const position = Number(index);
    if (position < 1 || position > params.length) {
      throw new Error(`copyOut: no parameter for $${index}`);
    }
    return literal(params[position - 1]);
  });
}

export const csvCopy = (select: string, header: boolean) =>
  `COPY (${select}) TO STDOUT WITH (FORMAT csv, HEADER ${header ? 'true' : 'false'})`;
