/**
 * PostgreSQL error codes that say the database cannot serve now rather than that the request is wrong:
 * class 08 (connection exception), shutdowns and start-up (57P01-57P03), a statement cancelled by its
 * time-out (57014), too many connections (53300).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// What `pg` and its pool say when a connection is lost, cannot be made in time, or the pool is closing.
const PG_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Query read timeout$/,
  /^Cannot use a pool after calling end on the pool$/,
];

// Read by shape, not `instanceof`: errors from Node's own modules may come from another realm.
function unavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  // PGlite's worker thread is gone (pglite-database's DatabaseClosedError).
  if (name === 'DatabaseClosedError') return true;
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return true;
    if (UNAVAILABLE_SQLSTATES.has(code) || NETWORK_CODES.has(code)) return true;
  }
  return (
    typeof message === 'string' && PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))
  );
}

/** True when `error` (or an error it wraps) says the database is unreachable, restarting or overloaded. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (unavailable(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
