import { prepared, type Database, type Queryable } from '../db';
import {
  nameOnOneLine,
  type DateStyle,
  type Language,
  type Role,
  type SessionUser,
  type UserType,
} from '@verity/shared-api/src/server';
import { isUuid } from '../uuid';

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
  date_style: DateStyle;
  language: Language | null;
}

const MEMBERSHIP_COLUMNS = `u.id, u.fullname, u.email, u.role, u.user_type, u.client_id, u.auditor_id, u.target_company_id, u.date_style, u.language,
         COALESCE(c.client_name, a.auditor_name, t.target_company_name) AS organisation_name`;

const MEMBERSHIP_ORGANISATIONS = `
  LEFT JOIN clients c ON c.id = u.client_id
  LEFT JOIN auditors a ON a.id = u.auditor_id
  LEFT JOIN target_companies t ON t.id = u.target_company_id`;

const SELECT_MEMBERSHIP = `
  SELECT ${MEMBERSHIP_COLUMNS}
  FROM users u${MEMBERSHIP_ORGANISATIONS}`;

function toSessionUser(row: MembershipRow): SessionUser {
  const user: SessionUser = {
    _id: row.id,
    fullname: row.fullname,
    emailId: row.email,
    role: row.role,
    userType: row.user_type,
    organisationName: row.organisation_name,
    dateStyle: row.date_style,
    language: row.language,
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
    prepared(`${SELECT_MEMBERSHIP}
     JOIN sessions s ON s.user_id = u.id AND s.id = $2 AND s.revoked_at IS NULL
     WHERE u.id = $1`),
    [userId, sessionId],
  );
  return rows[0] && toSessionUser(rows[0]);
}

/** The membership of an API token, found by its secret's SHA-256, with its token's state. */
export async function findApiTokenMember(
  db: Queryable,
  secretSha256: Buffer,
): Promise<
  | {
      user: SessionUser;
      tokenId: string;
      tokenName: string;
      purpose: 'api' | 'provisioning';
      expired: boolean;
      usedRecently: boolean;
    }
  | undefined
> {
  const { rows } = await db.query<
    MembershipRow & {
      token_id: string;
      token_name: string;
      purpose: 'api' | 'provisioning';
      expired: boolean;
      used_recently: boolean;
    }
  >(
    prepared(`SELECT ${MEMBERSHIP_COLUMNS}, k.id AS token_id, k.name AS token_name, k.purpose,
       k.expires_at <= now() AS expired,
       COALESCE(k.last_used_at > now() - interval '1 minute', false) AS used_recently
     FROM api_tokens k JOIN users u ON u.id = k.user_id${MEMBERSHIP_ORGANISATIONS}
     WHERE k.secret_sha256 = $1 AND k.revoked_at IS NULL`),
    [secretSha256],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    user: toSessionUser(row),
    tokenId: row.token_id,
    tokenName: row.token_name,
    purpose: row.purpose,
    expired: row.expired,
    usedRecently: row.used_recently,
  };
}

/** The sessions among these that are still live, each with its membership as it is now (one statement). */
export async function findLiveSessions(
  db: Queryable,
  sessionIds: readonly string[],
): Promise<Map<string, SessionUser>> {
  const ids = sessionIds.filter(isUuid);
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<MembershipRow & { session_id: string }>(
    `SELECT s.id AS session_id, ${MEMBERSHIP_COLUMNS}
     FROM sessions s JOIN users u ON u.id = s.user_id${MEMBERSHIP_ORGANISATIONS}
     WHERE s.id = ANY($1::uuid[]) AND s.revoked_at IS NULL`,
    [ids],
  );
  return new Map(rows.map((row) => [row.session_id, toSessionUser(row)]));
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
  /** The ID token's email_verified: only then may an e-mail claim a membership. */
  emailVerified: boolean;
  name: string | undefined;
}

/** A membership the account may sign in to, as the organisation choice shows it. */
export interface MembershipChoice {
  membershipId: string;
  organisationName: string;
  role: Role;
}

const SAME_ORGANISATION = `COALESCE(o.client_id, o.auditor_id, o.target_company_id)
  = COALESCE(u.client_id, u.auditor_id, u.target_company_id)`;

/**
 * The memberships of this user type the account may sign in to: those bound to its sub and, when
 * identity vouches for its e-mail, the unclaimed ones of that e-mail, bound now. An unverified
 * e-mail claims nothing (anyone can sign up with any address); its invitation link does. A
 * membership bound to another account is never taken over.
 */
export function membershipsForSignIn(
  db: Database,
  userType: UserType,
  account: SignedInAccount,
): Promise<MembershipChoice[]> {
  return db.transaction(async (tx) => {
    if (account.email && account.emailVerified) {
      await tx.query(
        `UPDATE users u SET sub = $1
         WHERE lower(u.email) = lower($2) AND u.user_type = $3 AND u.sub IS NULL AND u.kind = 'person'
           AND NOT EXISTS (SELECT 1 FROM users o WHERE o.sub = $1 AND o.user_type = u.user_type
                           AND ${SAME_ORGANISATION})`,
        [account.sub, account.email, userType],
      );
    }
    // The provider's name, on one line (accounts made before its rule may hold a line break).
    const name = account.name && nameOnOneLine(account.name);
    if (name) {
      await tx.query(
        "UPDATE users SET fullname = $1 WHERE sub = $2 AND user_type = $3 AND fullname = ''",
        [name, account.sub, userType],
      );
    }
    return choicesOf(tx, userType, account.sub);
  });
}

/**
 * The account's memberships of this user type (optionally only these ids), by organisation name:
 * those its organisation lets sign in with Verity's own provider (not those that must sign in
 * through the organisation's own, docs/decisions/0098-single-sign-on.md).
 */
export async function choicesOf(
  db: Queryable,
  userType: UserType,
  sub: string,
  onlyIds?: readonly string[],
): Promise<MembershipChoice[]> {
  const params: unknown[] = [sub, userType];
  const only = onlyIds ? ` AND u.id = ANY($${params.push(onlyIds.filter(isUuid))}::uuid[])` : '';
  const { rows } = await db.query<MembershipRow>(
    `${SELECT_MEMBERSHIP} WHERE u.sub = $1 AND u.user_type = $2${only} AND NOT sso_required_for(u)
     ORDER BY organisation_name, u.id`,
    params,
  );
  return rows.map((row) => ({
    membershipId: row.id,
    organisationName: row.organisation_name,
    role: row.role,
  }));
}

/**
 * Whether the account holds a membership of this user type (bound to it, or by the address its
 * provider vouches for) that must sign in through its organisation's own provider, or whether this
 * one membership must: what the login screen then says.
 */
export async function mustSignInThroughSso(
  db: Queryable,
  account:
    | { userType: UserType; sub: string; email: string | undefined; emailVerified: boolean }
    | {
        membershipId: string;
      },
): Promise<boolean> {
  const { rows } =
    'membershipId' in account
      ? await db.query('SELECT 1 FROM users u WHERE u.id = $1 AND sso_required_for(u)', [
          account.membershipId,
        ])
      : await db.query(
          `SELECT 1 FROM users u
           WHERE u.user_type = $2 AND sso_required_for(u)
             AND (u.sub = $1 OR ($4 AND u.sub IS NULL AND lower(u.email) = lower($3)))
           LIMIT 1`,
          [account.sub, account.userType, account.email ?? '', account.emailVerified],
        );
  return rows.length > 0;
}
