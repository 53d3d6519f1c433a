// API tokens (docs/decisions/0095-api-tokens.md): made, listed and revoked by an organisation's
// owners; each token is a member of its organisation (a `users` row of kind 'token') with a role,
// and only its secret's SHA-256 is kept.
import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db';
import { conflict } from '../organisations/messages';
import { lockOrganisation, organisationColumn, organisationOf } from '../organisations/users';
import { ApiError, notFound } from '../errors';
import { errorCodes } from '../messages';
import { findApiTokenMember } from './memberships';
import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  apiTokenMemberName,
  looksLikeApiToken,
  type ApiToken,
  type ApiTokenPurpose,
  type ApiTokenRole,
  type SessionUser,
} from '@verity/shared-api/src/server';

/** A new secret: the prefix and 32 random bytes in base64url (43 characters). */
export function newSecret(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export const secretDigest = (secret: string) => createHash('sha256').update(secret).digest();

interface TokenRow {
  id: string;
  name: string;
  role: ApiTokenRole;
  purpose: ApiTokenPurpose;
  secret_hint: string;
  created_at: Date;
  created_by_name: string;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  revoked_by_name: string | null;
}

const TOKEN_COLUMNS = `t.id, t.name, u.role, t.purpose, t.secret_hint, t.created_at, t.created_by_name,
  t.expires_at, t.last_used_at, t.revoked_at, t.revoked_by_name`;

function toApiToken(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    purpose: row.purpose,
    secretHint: row.secret_hint,
    createdAt: row.created_at.toISOString(),
    createdByName: row.created_by_name,
    expiresAt: row.expires_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    revokedByName: row.revoked_by_name,
  };
}

/** The organisation's tokens joined to their memberships ($1: the organisation's id, $2: its user type). */
function organisationTokensSql(owner: SessionUser) {
  const organisation = organisationOf(owner);
  if (!organisation) throw notFound();
  return {
    from: `api_tokens t JOIN users u ON u.id = t.user_id
      AND u.${organisationColumn(organisation.userType)} = $1 AND u.user_type = $2`,
    params: [organisation.id, organisation.userType] as unknown[],
    organisation,
  };
}

/** The organisation's tokens: live ones first (newest first), then revoked or expired ones. */
export async function listApiTokens(db: Queryable, owner: SessionUser): Promise<ApiToken[]> {
  const { from, params } = organisationTokensSql(owner);
  const { rows } = await db.query<TokenRow>(
    `SELECT ${TOKEN_COLUMNS} FROM ${from}
     ORDER BY (t.revoked_at IS NULL AND t.expires_at > now()) DESC, t.created_at DESC, t.id`,
    params,
  );
  return rows.map(toApiToken);
}

/**
 * Makes a token: its membership (no identity account, no e-mail that could ever be claimed) and
 * its row, in one transaction; the organisation's row is locked so two owners cannot pass the
 * limit of live tokens together. Answers the token and its secret, which nothing keeps.
 */
export async function createApiToken(
  db: Database,
  owner: SessionUser,
  input: { name: string; role: ApiTokenRole; purpose: ApiTokenPurpose; expiresInDays: number },
): Promise<{ token: ApiToken; secret: string }> {
  const { from, params, organisation } = organisationTokensSql(owner);
  const secret = newSecret();
  return db.transaction(async (tx) => {
    await lockOrganisation(tx, organisation);
    const live = await tx.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${from}
       WHERE t.revoked_at IS NULL AND t.expires_at > now()`,
      params,
    );
    if (live.rows[0]!.count >= API_TOKEN_LIMITS.live) throw conflict(API_TOKEN_MESSAGES.tooMany);
    const member = await tx.query<{ id: string }>(
      `INSERT INTO users (kind, email, fullname, role, user_type, ${organisationColumn(organisation.userType)})
       VALUES ('token', 'api-token-' || gen_random_uuid() || '@tokens.invalid', $1, $2, $3, $4)
       RETURNING id`,
      [
        apiTokenMemberName(input.name),
        input.purpose === 'provisioning' ? 'admin' : input.role,
        organisation.userType,
        organisation.id,
      ],
    );
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO api_tokens (user_id, name, secret_sha256, secret_hint, created_by, created_by_name, expires_at, purpose)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7), $8)
       RETURNING id`,
      [
        member.rows[0]!.id,
        input.name,
        secretDigest(secret),
        secret.slice(-4),
        owner._id,
        owner.fullname,
        input.expiresInDays,
        input.purpose,
      ],
    );
    const token = await tx.query<TokenRow>(`SELECT ${TOKEN_COLUMNS} FROM ${from} WHERE t.id = $3`, [
      ...params,
      rows[0]!.id,
    ]);
    return { token: toApiToken(token.rows[0]!), secret };
  });
}

/** Revokes one of the organisation's tokens, at once: the next request with it is refused. */
export async function revokeApiToken(
  db: Queryable,
  owner: SessionUser,
  tokenId: string,
): Promise<ApiToken> {
  const { from, params } = organisationTokensSql(owner);
  const { rows } = await db.query<TokenRow>(
    `WITH target AS (SELECT t.id, t.revoked_at FROM ${from} WHERE t.id = $3),
     revoked AS (
       UPDATE api_tokens t SET revoked_at = now(), revoked_by_name = $4
       FROM target WHERE t.id = target.id AND target.revoked_at IS NULL
       RETURNING t.id
     )
     SELECT (SELECT count(*) FROM target)::int AS found, (SELECT count(*) FROM revoked)::int AS revoked`,
    [...params, tokenId, owner.fullname],
  );
  const outcome = rows[0] as unknown as { found: number; revoked: number };
  if (outcome.found === 0) throw notFound();
  if (outcome.revoked === 0) throw conflict(API_TOKEN_MESSAGES.alreadyRevoked);
  const token = await db.query<TokenRow>(`SELECT ${TOKEN_COLUMNS} FROM ${from} WHERE t.id = $3`, [
    ...params,
    tokenId,
  ]);
  return toApiToken(token.rows[0]!);
}

/** A token refused: 401 with its own words, never the session's 403 that asks a browser to refresh. */
export const tokenRefused = (message: string) =>
  new ApiError(401, errorCodes.unauthenticated, message, {
    'WWW-Authenticate': 'Bearer realm="verity", error="invalid_token"',
  });

/**
 * The member an `Authorization: Bearer <secret>` header names, for a token made for `purpose`.
 * Looked up every time, so a revoked token is refused at its next request; its last use is written
 * at most once a minute.
 */
export async function tokenMember(
  db: Queryable,
  authorization: string,
  purpose: ApiTokenPurpose,
): Promise<{ user: SessionUser; token: { id: string; name: string } }> {
  const secret = /^Bearer +(\S+) *$/i.exec(authorization)?.[1];
  if (!secret || !looksLikeApiToken(secret)) throw tokenRefused(API_TOKEN_MESSAGES.unknown);
  const found = await findApiTokenMember(db, secretDigest(secret));
  if (!found) throw tokenRefused(API_TOKEN_MESSAGES.unknown);
  if (found.expired) throw tokenRefused(API_TOKEN_MESSAGES.expired);
  if (found.purpose !== purpose) throw tokenRefused(API_TOKEN_MESSAGES.wrongPurpose[found.purpose]);
  if (!found.usedRecently)
    await db.query('UPDATE api_tokens SET last_used_at = now() WHERE id = $1', [found.tokenId]);
  return { user: found.user, token: { id: found.tokenId, name: found.tokenName } };
}
