import {
  ROLE_LABELS,
  type NewUserInput,
  type SessionUser,
  type UserQuery,
  type UserType,
} from '@verity/shared-api/src/server';
import type { Database, Queryable } from '../db';
import { forbidden, notFound } from '../errors';
import { conflict, organisationMessages } from './messages';
import { createInvitation } from '../invitations/invitations';
import type { Outbox } from '../notifications/deliveries';
import { readPage, searchSql } from '../pages';
import { USER_COLUMNS, toUser, type UserRow } from './rows';

/** The users column that holds the organisation of each user type. */
const ORGANISATION_COLUMN: Record<UserType, string> = {
  client: 'client_id',
  auditor: 'auditor_id',
  targetCompany: 'target_company_id',
};

export interface Organisation {
  userType: UserType;
  id: string;
}

/** The organisation of the signed-in user. */
export function organisationOf(user: SessionUser): Organisation | undefined {
  const id = {
    client: user.clientId,
    auditor: user.auditorId,
    targetCompany: user.targetCompanyId,
  }[user.userType];
  return id ? { userType: user.userType, id } : undefined;
}

/**
 * The signed-in user's organisation as one text (`client:<id>`, `auditor:<id>`,
 * `targetCompany:<id>`), for keying what every user of one organisation sees alike.
 */
export function organisationKey(user: SessionUser): string | undefined {
  const organisation = organisationOf(user);
  return organisation && `${organisation.userType}:${organisation.id}`;
}

/**
 * The organisation's people: the users column naming it, and the user type (placeholders $1, $2).
 * Its API tokens are members too, but not people (docs/decisions/0095-api-tokens.md).
 */
const organisationUsersSql = (organisation: Organisation) =>
  `u.${ORGANISATION_COLUMN[organisation.userType]} = $1 AND u.user_type = $2 AND u.kind = 'person'`;

/** The users column naming a member's organisation. */
export const organisationColumn = (userType: UserType) => ORGANISATION_COLUMN[userType];

/** The table of each kind of organisation. */
export const ORGANISATION_TABLE: Record<UserType, string> = {
  client: 'clients',
  auditor: 'auditors',
  targetCompany: 'target_companies',
};

/**
 * Locks the organisation's row in `tx`, so two writers checking a per-organisation limit (API
 * tokens, webhook endpoints) take turns.
 */
export async function lockOrganisation(tx: Queryable, organisation: Organisation): Promise<void> {
  await tx.query(
    `SELECT 1 FROM ${ORGANISATION_TABLE[organisation.userType]} WHERE id = $1 FOR UPDATE`,
    [organisation.id],
  );
}

/** How many users the organisation has, in all and per role (owners count in the total only). */
export interface UserCounts {
  total: number;
  admins: number;
  editors: number;
  viewers: number;
}

const userCountsSql = (organisation: Organisation) => `SELECT count(*)::int AS total,
    count(*) FILTER (WHERE u.role = 'admin')::int AS admins,
    count(*) FILTER (WHERE u.role = 'editor')::int AS editors,
    count(*) FILTER (WHERE u.role = 'viewer')::int AS viewers
  FROM users u WHERE ${organisationUsersSql(organisation)}`;

/** Every user of the organisation: their id, name and e-mail (the sign-in limits ask about them all). */
export async function membersOf(
  db: Queryable,
  organisation: Organisation,
): Promise<{ id: string; fullname: string; email: string }[]> {
  const { rows } = await db.query<{ id: string; fullname: string; email: string }>(
    `SELECT u.id, u.fullname, u.email FROM users u WHERE ${organisationUsersSql(organisation)}
     ORDER BY u.id`,
    [organisation.id, organisation.userType],
  );
  return rows;
}

/** One page of the organisation's users, newest first; `search` in names, emails and role labels. */
export async function listUsers(db: Queryable, organisation: Organisation, query: UserQuery = {}) {
  const { counts: _counts, ...page } = await readUsers(db, organisation, query, false);
  return page;
}

/** `listUsers` with the counts of all the organisation's users per role, in the page's statement. */
export async function listUsersWithCounts(
  db: Queryable,
  organisation: Organisation,
  query: UserQuery = {},
) {
  const { counts, ...page } = await readUsers(db, organisation, query, true);
  return { ...page, counts: counts! };
}

async function readUsers(
  db: Queryable,
  organisation: Organisation,
  query: UserQuery,
  withCounts: boolean,
) {
  const params: unknown[] = [organisation.id, organisation.userType];
  const where = [organisationUsersSql(organisation)];
  const search = searchSql(
    query.search,
    params,
    ['u.fullname_folded', 'u.email_folded'],
    [{ column: 'u.role', labels: ROLE_LABELS }],
    { folded: true },
  );
  if (search) where.push(search);
  const { rows, figures, ...page } = await readPage<UserRow, UserCounts>(
    db,
    {
      select: USER_COLUMNS,
      fromWhere: `users u WHERE ${where.join(' AND ')}`,
      orderBy: 'u.created_at DESC, u.id DESC',
      params,
      prepare: true,
      countWithPage: search !== undefined,
      // Without a search the list is all the users, so its count is the counts' total.
      ...(withCounts && {
        alongside: {
          sql: userCountsSql(organisation),
          ...(search === undefined && { total: (counts: UserCounts) => counts.total }),
        },
      }),
    },
    query,
  );
  return { users: rows.map(toUser), ...page, counts: figures };
}

/**
 * A new membership in the organisation with its invitation's e-mail job, in one transaction (so an
 * acknowledged membership is e-mailed, even across a crash); 409 when the email already has one in
 * this organisation.
 */
export function createUser(
  db: Database,
  organisation: Organisation,
  input: NewUserInput,
  invitedBy: string,
  outbox: Outbox,
) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<UserRow>(
      `INSERT INTO users AS u (email, fullname, role, user_type, ${ORGANISATION_COLUMN[organisation.userType]})
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING
       RETURNING ${USER_COLUMNS}`,
      [input.emailId, input.fullname, input.role, organisation.userType, organisation.id],
    );
    if (!rows[0]) throw conflict(organisationMessages.userExists);
    await outbox.queueEmails(tx, [{ type: 'invitation', userId: rows[0].id, invitedBy }]);
    return { user: toUser(rows[0]) };
  });
}

/** A new invitation for a user of the organisation who has not joined yet: 404 for others, 409 once joined. */
export function reinviteUser(
  db: Database,
  organisation: Organisation,
  userId: string,
  invitedBy: string,
) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; joined: boolean }>(
      `SELECT u.id, u.sub IS NOT NULL AS joined FROM users u
       WHERE u.id = $1 AND u.${ORGANISATION_COLUMN[organisation.userType]} = $2 AND u.user_type = $3
         AND u.kind = 'person'`,
      [userId, organisation.id, organisation.userType],
    );
    const member = rows[0];
    if (!member) throw notFound();
    if (member.joined) throw conflict(organisationMessages.alreadyJoined);
    return createInvitation(tx, member.id, invitedBy);
  });
}

/**
 * Removes a user of the caller's organisation: 404 for anyone else's, 403 for oneself. Only an owner
 * removes an owner, and never the last one: the organisation's owner rows are locked first, so two
 * owners removing each other at the same moment cannot leave it without one.
 */
export function deleteUser(
  db: Database,
  caller: SessionUser,
  organisation: Organisation,
  userId: string,
) {
  const column = ORGANISATION_COLUMN[organisation.userType];
  return db.transaction(async (tx) => {
    const owners = await tx.query<{ id: string }>(
      `SELECT u.id FROM users u
       WHERE u.${column} = $1 AND u.user_type = $2 AND u.role = 'owner'
       ORDER BY u.id FOR UPDATE`,
      [organisation.id, organisation.userType],
    );
    const { rows } = await tx.query<{ id: string; role: string }>(
      `SELECT u.id, u.role FROM users u
       WHERE u.id = $1 AND u.${column} = $2 AND u.user_type = $3 AND u.kind = 'person' FOR UPDATE`,
      [userId, organisation.id, organisation.userType],
    );
    const target = rows[0];
    if (!target) throw notFound();
    if (target.id === caller._id) throw forbidden();
    // The caller must still be one of the locked owners (another owner may have removed them
    // meanwhile); then they remain after this, so the organisation keeps an owner.
    if (target.role === 'owner' && !owners.rows.some((row) => row.id === caller._id))
      throw forbidden();
    await tx.query('DELETE FROM users WHERE id = $1', [userId]);
  });
}
