// Statements prepared on each PostgreSQL connection
// (docs/decisions/0059-statements-planned-once.md).
import { createHash } from 'node:crypto';

/** Distinct texts that get a name; any marked past it are parsed and planned each time. */
export const PREPARED_STATEMENTS = 100;
const names = new Map<string, string>();

/**
 * `sql`, marked to be prepared on each PostgreSQL connection under a name of its text: parsed once
 * per connection and, where PostgreSQL's plan cache finds a generic plan no dearer than planning
 * each time, planned once. Only for a statement whose best plan does not depend on how many rows its
 * values pick (a row by its key, the summaries of a scope): a generic plan is made for an average
 * value, and a filter of one company's gaps planned for the average company took the largest one
 * 5 times longer. Statements without parameters are never prepared; PGlite plans each time.
 */
export function prepared(sql: string): string {
  if (!names.has(sql) && names.size < PREPARED_STATEMENTS) {
    names.set(sql, `verity_${createHash('sha256').update(sql).digest('base64url').slice(0, 32)}`);
  }
  return sql;
}

/** The name a marked statement is prepared under. */
export const preparedName = (sql: string) => names.get(sql);
