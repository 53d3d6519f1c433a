// One-time links for e-mail: a random token goes into the link, only its SHA-256 into the database.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.js';

export type TokenPurpose = 'verify-email' | 'reset-password';

export const TOKEN_LIFETIME_SECONDS: Record<TokenPurpose, number> = {
  'verify-email': 24 * 60 * 60,
  'reset-password': 60 * 60,
};

// 32 random bytes in base64url; anything else is not one of ours and never reaches the database.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(
  db: Queryable,
  accountId: string,
  purpose: TokenPurpose,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO account_tokens (token_hash, account_id, purpose, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [hashOf(token), accountId, purpose, TOKEN_LIFETIME_SECONDS[purpose]],
  );
  return token;
}

export type TokenState =
  | { state: 'valid'; accountId: string }
  | { state: 'used'; accountId: string }
  | { state: 'unknown' };

/** What the token is, without using it. Expired tokens are unknown. */
export async function inspectToken(
  db: Queryable,
  token: string,
  purpose: TokenPurpose,
): Promise<TokenState> {
  if (!TOKEN_PATTERN.test(token)) return { state: 'unknown' };
  const [row] = await db.query<{ account_id: string; used: boolean }>(
    `SELECT account_id, used_at IS NOT NULL AS used FROM account_tokens
     WHERE token_hash = $1 AND purpose = $2 AND expires_at > now()`,
    [hashOf(token), purpose],
  );
  if (!row) return { state: 'unknown' };
  return { state: row.used ? 'used' : 'valid', accountId: row.account_id };
}

/**
 * Uses the token once: answers its account, or undefined when it is unknown, expired or used.
 * Every other unused token of that account and purpose is used up with it.
 */
export async function useToken(
  db: Queryable,
  token: string,
  purpose: TokenPurpose,
): Promise<string | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db.query<{ account_id: string }>(
    `UPDATE account_tokens SET used_at = now()
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
     RETURNING account_id`,
    [hashOf(token), purpose],
  );
  if (!row) return undefined;
  await db.query(
    `UPDATE account_tokens SET used_at = now()
     WHERE account_id = $1 AND purpose = $2 AND used_at IS NULL`,
    [row.account_id, purpose],
  );
  return row.account_id;
}

export async function deleteExpiredTokens(db: Queryable): Promise<void> {
  await db.query('DELETE FROM account_tokens WHERE expires_at < now()');
}
