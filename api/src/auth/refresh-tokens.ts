import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db';
import { isUuid } from '../uuid';

/** How long a spent refresh token still returns its successor (RFC 9700 4.14.2): parallel tabs and retries. */
export const REFRESH_GRACE_SECONDS = 30;

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The successor of a token, derived so a repeat within the grace window gets the same one and no plaintext is stored. */
function successorOf(token: string, secret: string): string {
  return createHmac('sha256', secret).update(`refresh:${token}`).digest('base64url');
}

export interface RefreshSettings {
  ttlSeconds: number;
  /** SESSION_SECRET's values: the first derives successors, all are accepted (secret rotation). */
  secrets: readonly string[];
}

export interface StartedSession {
  sessionId: string;
  refreshToken: string;
}

/** A new session for the membership with its first refresh token. */
export async function startSession(
  db: Database,
  userId: string,
  ttlSeconds: number,
  /** Begun with a sign-in through the organisation's own provider (docs/decisions/0098-single-sign-on.md). */
  throughSso = false,
): Promise<StartedSession> {
  const refreshToken = randomBytes(32).toString('base64url');
  const sessionId = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      'INSERT INTO sessions (user_id, through_sso) VALUES ($1, $2) RETURNING id',
      [userId, throughSso],
    );
    const id = rows[0]!.id;
    await insertToken(tx, { familyId: id, userId, token: refreshToken, ttlSeconds });
    return id;
  });
  return { sessionId, refreshToken };
}

async function insertToken(
  db: Queryable,
  token: { familyId: string; userId: string; token: string; ttlSeconds: number; parentId?: string },
): Promise<void> {
  await db.query(
    `INSERT INTO refresh_tokens (family_id, user_id, token_hash, expires_at, parent_id)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5)`,
    [
      token.familyId,
      token.userId,
      hashRefreshToken(token.token),
      token.ttlSeconds,
      token.parentId ?? null,
    ],
  );
}

export type RotationResult =
  | { outcome: 'rotated'; userId: string; sessionId: string; token: string }
  /** A spent or revoked token again: its session (`sessionId`) is ended. */
  | { outcome: 'reused'; sessionId: string }
  | { outcome: 'invalid' };

interface RefreshTokenRow {
  id: string;
  family_id: string;
  user_id: string;
  expired: boolean;
  used_at: Date | null;
  in_grace: boolean;
  revoked: boolean;
}

/**
 * Spends a refresh token for its successor. The same token again within the grace window, while
 * the successor is unused, gets that same successor; any other use of a spent or revoked token ends
 * the session.
 */
export function rotateRefreshToken(
  db: Database,
  token: string,
  settings: RefreshSettings,
): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<RefreshTokenRow>(
      `SELECT rt.id, rt.family_id, rt.user_id, rt.expires_at <= now() AS expired, rt.used_at,
              rt.used_at > now() - make_interval(secs => $2) AS in_grace,
              (rt.revoked_at IS NOT NULL OR s.revoked_at IS NOT NULL) AS revoked
       FROM refresh_tokens rt JOIN sessions s ON s.id = rt.family_id
       WHERE rt.token_hash = $1 FOR UPDATE OF rt`,
      [hashRefreshToken(token), REFRESH_GRACE_SECONDS],
    );
    const current = rows[0];
    if (!current) return { outcome: 'invalid' };
    const rotated = (next: string) => ({
      outcome: 'rotated' as const,
      userId: current.user_id,
      sessionId: current.family_id,
      token: next,
    });
    if (current.revoked) return { outcome: 'reused', sessionId: current.family_id };
    if (current.used_at) {
      const successor =
        current.in_grace && (await unusedSuccessor(tx, current.id, token, settings));
      if (successor) return rotated(successor);
      await revokeSessions(tx, [current.family_id]);
      return { outcome: 'reused', sessionId: current.family_id };
    }
    if (current.expired) return { outcome: 'invalid' };
    await tx.query('UPDATE refresh_tokens SET used_at = now() WHERE id = $1', [current.id]);
    const next = successorOf(token, settings.secrets[0]!);
    await insertToken(tx, {
      familyId: current.family_id,
      userId: current.user_id,
      token: next,
      ttlSeconds: settings.ttlSeconds,
      parentId: current.id,
    });
    return rotated(next);
  });
}

/** The successor's token when it is still unused and alive, recomputed from the spent one. */
async function unusedSuccessor(
  db: Queryable,
  parentId: string,
  token: string,
  settings: RefreshSettings,
): Promise<string | undefined> {
  const { rows } = await db.query<{ token_hash: string }>(
    `SELECT token_hash FROM refresh_tokens
     WHERE parent_id = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()`,
    [parentId],
  );
  const stored = rows[0]?.token_hash;
  if (!stored) return undefined;
  return settings.secrets
    .map((secret) => successorOf(token, secret))
    .find((candidate) => hashRefreshToken(candidate) === stored);
}

/** Ends sessions: every request with their access cookies is refused and their refresh tokens are dead. */
export async function revokeSessions(db: Queryable, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await db.query(
    'UPDATE sessions SET revoked_at = now() WHERE id = ANY($1::uuid[]) AND revoked_at IS NULL',
    [sessionIds],
  );
  await db.query(
    'UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = ANY($1::uuid[]) AND revoked_at IS NULL',
    [sessionIds],
  );
}

/**
 * Sign-out: ends the session of the access cookie and the one of the refresh token, whatever their
 * state. Resolves, once committed, with the ids of the sessions it named.
 */
export function endSession(
  db: Database,
  ids: { sessionId?: string; refreshToken?: string },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const sessionIds = isUuid(ids.sessionId) ? [ids.sessionId] : [];
    if (ids.refreshToken) {
      const { rows } = await tx.query<{ family_id: string }>(
        'SELECT family_id FROM refresh_tokens WHERE token_hash = $1',
        [hashRefreshToken(ids.refreshToken)],
      );
      if (rows[0]) sessionIds.push(rows[0].family_id);
    }
    await revokeSessions(tx, sessionIds);
    return sessionIds;
  });
}

/**
 * Ends the sessions of these accounts (by their identity `sub`, every membership) that began before
 * the account was signed out everywhere at the provider (a password reset). Resolves, once
 * committed, with the ids of the sessions it ended; sessions begun since are kept.
 */
export function endSessionsSignedOutAtIdentity(
  db: Database,
  signOuts: readonly { sub: string; signedOutAt: Date }[],
): Promise<string[]> {
  if (signOuts.length === 0) return Promise.resolve([]);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `SELECT s.id
       FROM unnest($1::text[], $2::timestamptz[]) AS signed_out (sub, at)
       JOIN users u ON u.sub = signed_out.sub
       JOIN sessions s ON s.user_id = u.id
       WHERE s.created_at < signed_out.at AND s.revoked_at IS NULL
       FOR UPDATE OF s`,
      [signOuts.map((signOut) => signOut.sub), signOuts.map((signOut) => signOut.signedOutAt)],
    );
    const sessionIds = rows.map((row) => row.id);
    await revokeSessions(tx, sessionIds);
    return sessionIds;
  });
}
