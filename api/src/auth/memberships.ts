import type { Queryable } from '../db';
import type { Role, SessionUser, UserType } from '../schemas/session-user';
import { isUuid } from '../schemas/uuid';

interface MembershipRow {
  id: string;
  fullname: string;
  email: string;
  role: Role;
  user_type: UserType;
  client_id: string | null;
  auditor_id: string | null;
  target_company_id: string | null;
  organisation_name: string;
}

const SELECT_MEMBERSHIP = `
  SELECT u.id, u.fullname, u.email, u.role, u.user_type, u.client_id, u.auditor_id, u.target_company_id,
         COALESCE(c.client_name, a.auditor_name, t.target_company_name) AS organisation_name
  FROM users u
  LEFT JOIN clients c ON c.id = u.client_id
  LEFT JOIN auditors a ON a.id = u.auditor_id
  LEFT JOIN target_companies t ON t.id = u.target_company_id`;

function toSessionUser(row: MembershipRow): SessionUser {
  const user: SessionUser = {
    _id: row.id,
    fullname: row.fullname,
    emailId: row.email,
    role: row.role,
    userType: row.user_type,
    organisationName: row.organisation_name,
  };
  if (row.client_id) user.clientId = row.client_id;
  if (row.auditor_id) user.auditorId = row.auditor_id;
  if (row.target_company_id) user.targetCompanyId = row.target_company_id;
  return user;
}

/** The membership of a live session: user and session checked in one query (every authenticated request). */
export async function findSessionUser(
  db: Queryable,
  userId: string,
  sessionId: string,
): Promise<SessionUser | undefined> {
  if (!isUuid(userId) || !isUuid(sessionId)) return undefined;
  const { rows } = await db.query<MembershipRow>(
    `${SELECT_MEMBERSHIP}
     JOIN sessions s ON s.user_id = u.id AND s.id = $2 AND s.revoked_at IS NULL
     WHERE u.id = $1`,
    [userId, sessionId],
  );
  return rows[0] && toSessionUser(rows[0]);
}

/** A membership by id, whatever its sessions. */
export async function findMembership(
  db: Queryable,
  userId: string,
): Promise<SessionUser | undefined> {
  if (!isUuid(userId)) return undefined;
  const { rows } = await db.query<MembershipRow>(`${SELECT_MEMBERSHIP} WHERE u.id = $1`, [userId]);
  return rows[0] && toSessionUser(rows[0]);
}

export interface SignedInAccount {
  sub: string;
  email: string | undefined;
  name: string | undefined;
}

/**
 * The membership of this user type for a signed-in account: by sub, else by email (case-insensitive)
 * when that membership has no sub yet, which then records the sub. A membership already bound to
 * another sub is not taken over.
 */
export async function claimMembership(
  db: Queryable,
  userType: UserType,
  account: SignedInAccount,
): Promise<SessionUser | undefined> {
  const bySub = await db.query<{ id: string }>(
    'SELECT id FROM users WHERE sub = $1 AND user_type = $2',
    [account.sub, userType],
  );
  let userId = bySub.rows[0]?.id;
  if (!userId && account.email) {
    const claimed = await db.query<{ id: string }>(
      `UPDATE users SET sub = $1
       WHERE lower(email) = lower($2) AND user_type = $3 AND sub IS NULL
       RETURNING id`,
      [account.sub, account.email, userType],
    );
    userId = claimed.rows[0]?.id;
  }
  if (!userId) return undefined;
  if (account.name) {
    await db.query("UPDATE users SET fullname = $1 WHERE id = $2 AND fullname = ''", [
      account.name,
      userId,
    ]);
  }
  return findMembership(db, userId);
}
