import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db';

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface IssuedRefreshToken {
  token: string;
  familyId: string;
}

/** Stores a new refresh token (only its hash); a new family unless continuing one. */
export async function issueRefreshToken(
  db: Queryable,
  userId: string,
  ttlSeconds: number,
  familyId?: string,
): Promise<IssuedRefreshToken> {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await db.query<{ family_id: string }>(
    `INSERT INTO refresh_tokens (family_id, user_id, token_hash, expires_at)
     VALUES (COALESCE($1::uuid, gen_random_uuid()), $2, $3, now() + make_interval(secs => $4))
     RETURNING family_id`,
    [familyId ?? null, userId, hashRefreshToken(token), ttlSeconds],
  );
  return { token, familyId: rows[0]!.family_id };
}

export type RotationResult =
  | { outcome: 'rotated'; userId: string; token: string }
  | { outcome: 'reused' }
  | { outcome: 'invalid' };

interface RefreshTokenRow {
  id: string;
  family_id: string;
  user_id: string;
  expired: boolean;
  used_at: Date | null;
  revoked_at: Date | null;
}

/** Spends a refresh token for a new one in its family; a spent or revoked token revokes the whole family. */
export function rotateRefreshToken(
  db: Database,
  token: string,
  ttlSeconds: number,
): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<RefreshTokenRow>(
      `SELECT id, family_id, user_id, expires_at <= now() AS expired, used_at, revoked_at
       FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
      [hashRefreshToken(token)],
    );
    const current = rows[0];
    if (!current) return { outcome: 'invalid' };
    if (current.used_at || current.revoked_at) {
      await revokeFamily(tx, current.family_id);
      return { outcome: 'reused' };
    }
    if (current.expired) return { outcome: 'invalid' };
    await tx.query('UPDATE refresh_tokens SET used_at = now() WHERE id = $1', [current.id]);
    const next = await issueRefreshToken(tx, current.user_id, ttlSeconds, current.family_id);
    return { outcome: 'rotated', userId: current.user_id, token: next.token };
  });
}

async function revokeFamily(db: Queryable, familyId: string): Promise<void> {
  await db.query(
    'UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL',
    [familyId],
  );
}

/** Sign-out: revokes the family of the presented token, whatever its state. */
export async function revokeFamilyOf(db: Queryable, token: string): Promise<void> {
  await db.query(
    `UPDATE refresh_tokens SET revoked_at = now()
     WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1) AND revoked_at IS NULL`,
    [hashRefreshToken(token)],
  );
}
