// One-time invitations to memberships nobody has claimed yet
// (docs/decisions/0029-trust-memberships-and-sessions.md): queued as an e-mail job with the
// membership, made when that job runs (so the link is never stored in clear), spent at the sign-in
// callback.
import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db';
import type { Language, Role, UserType } from '@verity/shared-api/src/server';

export const INVITATION_TTL_DAYS = 14;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** What the invitation e-mail says, with the token it links to. */
export interface Invitation {
  token: string;
  email: string;
  fullname: string;
  role: Role;
  userType: UserType;
  organisationName: string;
  /** Who invited: the member who added them, or the product itself (a deployment's first owner). */
  inviterName: string;
  expiresAt: Date;
  /** The language the membership's user chose (the e-mail is written in it), null for English. */
  language?: Language | null;
}

interface InvitationRow {
  email: string;
  fullname: string;
  role: Role;
  user_type: UserType;
  organisation_name: string;
  inviter_name: string | null;
  expires_at: Date;
  language: Language | null;
}

/**
 * A new invitation to the membership; older unspent ones stay valid until used or expired. An inviter
 * removed since (the e-mail job runs later) is left out: the e-mail then says Verity invited.
 */
export async function createInvitation(
  db: Queryable,
  membershipId: string,
  invitedBy: string | null,
): Promise<Invitation> {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await db.query<InvitationRow>(
    `WITH created AS (
       INSERT INTO invitations (user_id, token_hash, invited_by, expires_at)
       VALUES ($1, $2, (SELECT id FROM users WHERE id = $3::uuid), now() + make_interval(days => $4))
       RETURNING user_id, invited_by, expires_at)
     SELECT u.email, u.fullname, u.role, u.user_type, created.expires_at, u.language,
            COALESCE(c.client_name, a.auditor_name, t.target_company_name) AS organisation_name,
            COALESCE(NULLIF(inviter.fullname, ''), inviter.email) AS inviter_name
     FROM created JOIN users u ON u.id = created.user_id
     LEFT JOIN clients c ON c.id = u.client_id
     LEFT JOIN auditors a ON a.id = u.auditor_id
     LEFT JOIN target_companies t ON t.id = u.target_company_id
     LEFT JOIN users inviter ON inviter.id = created.invited_by`,
    [membershipId, hashToken(token), invitedBy, INVITATION_TTL_DAYS],
  );
  const row = rows[0]!;
  return {
    token,
    email: row.email,
    fullname: row.fullname,
    role: row.role,
    userType: row.user_type,
    organisationName: row.organisation_name,
    inviterName: row.inviter_name ?? 'Verity',
    expiresAt: new Date(row.expires_at),
    language: row.language,
  };
}

/** The user type an unspent, unexpired invitation is for; undefined for anything else. */
export async function openInvitation(
  db: Queryable,
  token: string,
): Promise<{ userType: UserType } | undefined> {
  const { rows } = await db.query<{ user_type: UserType }>(
    `SELECT u.user_type FROM invitations i JOIN users u ON u.id = i.user_id
     WHERE i.token_hash = $1 AND i.accepted_at IS NULL AND i.expires_at > now()`,
    [hashToken(token)],
  );
  return rows[0] && { userType: rows[0].user_type };
}

export type Acceptance =
  | { outcome: 'accepted'; membershipId: string }
  /** Signed in with an account whose e-mail is not the invitation's: nothing changes. */
  | { outcome: 'mismatch' }
  /** For another user type than the sign-in's: left for a sign-in of that type. */
  | { outcome: 'other-user-type' }
  /** Unknown, spent, expired, or its membership already belongs to another account. */
  | { outcome: 'invalid' };

interface AcceptRow {
  user_id: string;
  usable: boolean;
  email: string;
  user_type: UserType;
  sub: string | null;
  organisation_id: string;
  /** Another membership of the account in the same organisation (its e-mail changed since). */
  clash: boolean;
}

/**
 * Binds the invitation's membership to the account that signed in when its e-mail is the
 * invitation's (verified or not: the link proves the inbox), and spends every invitation to it.
 */
export function acceptInvitation(
  db: Database,
  token: string,
  userType: UserType,
  account: { sub: string; email: string | undefined },
): Promise<Acceptance> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<AcceptRow>(
      `SELECT i.user_id, i.accepted_at IS NULL AND i.expires_at > now() AS usable,
              u.email, u.user_type, u.sub,
              COALESCE(u.client_id, u.auditor_id, u.target_company_id) AS organisation_id,
              EXISTS (SELECT 1 FROM users o WHERE o.sub = $2 AND o.user_type = u.user_type AND o.id <> u.id
                      AND COALESCE(o.client_id, o.auditor_id, o.target_company_id)
                          = COALESCE(u.client_id, u.auditor_id, u.target_company_id)) AS clash
       FROM invitations i JOIN users u ON u.id = i.user_id
       WHERE i.token_hash = $1
       FOR UPDATE OF i, u`,
      [hashToken(token), account.sub],
    );
    const found = rows[0];
    if (!found?.usable) return { outcome: 'invalid' };
    if (found.user_type !== userType) return { outcome: 'other-user-type' };
    if (!account.email || account.email.toLowerCase() !== found.email.toLowerCase())
      return { outcome: 'mismatch' };
    if ((found.sub !== null && found.sub !== account.sub) || found.clash)
      return { outcome: 'invalid' };
    if (found.sub === null)
      await tx.query('UPDATE users SET sub = $1 WHERE id = $2', [account.sub, found.user_id]);
    await tx.query(
      'UPDATE invitations SET accepted_at = now() WHERE user_id = $1 AND accepted_at IS NULL',
      [found.user_id],
    );
    return { outcome: 'accepted', membershipId: found.user_id };
  });
}
