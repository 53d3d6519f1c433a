// SCIM 2.0 Users (RFC 7643, 7644) over an organisation's members (docs/decisions/0097-scim-provisioning.md):
// a member as the directory sees it, and the writes it makes. Owners and API tokens are outside
// the directory's reach; a member removed (or made inactive) is deleted, which ends their sessions
// on every API process at once (the session notices of decision 0058).
import type { Database, Queryable } from '../db';
import { ApiError } from '../errors';
import { organisationColumn, organisationOf, type Organisation } from '../organisations/users';
import {
  newUserSchema,
  runRules,
  type Role,
  type SessionUser,
} from '@verity/shared-api/src/server';

export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** The roles a directory may give: an owner's powers stay with people chosen in Verity. */
export const SCIM_ROLES = ['admin', 'editor', 'viewer'] as const satisfies readonly Role[];

/** A SCIM error: its status, its scimType where RFC 7644 names one, and the words. */
export class ScimError extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly scimType?: string,
  ) {
    super(status, status === 404 ? 'NOT_FOUND' : 'SCIM_ERROR', message);
  }
}

interface MemberRow {
  id: string;
  email: string;
  fullname: string;
  role: Role;
  external_id: string | null;
  created_at: Date;
}

export interface ScimUser {
  schemas: string[];
  id: string;
  externalId?: string;
  userName: string;
  name: { formatted: string };
  displayName: string;
  emails: { value: string; primary: boolean }[];
  active: boolean;
  roles: { value: string; primary: boolean }[];
  meta: { resourceType: 'User'; created: string; location: string };
}

export function toScimUser(row: MemberRow, base: string): ScimUser {
  return {
    schemas: [SCIM_USER_SCHEMA],
    id: row.id,
    ...(row.external_id ? { externalId: row.external_id } : {}),
    userName: row.email,
    name: { formatted: row.fullname },
    displayName: row.fullname,
    emails: [{ value: row.email, primary: true }],
    active: true,
    roles: [{ value: row.role, primary: true }],
    meta: {
      resourceType: 'User',
      created: row.created_at.toISOString(),
      location: `${base}/Users/${row.id}`,
    },
  };
}

/** The directory's organisation: the provisioning token's. */
function scopeOf(token: SessionUser): Organisation {
  const organisation = organisationOf(token);
  if (!organisation) throw new ScimError(404, 'Resource not found.');
  return organisation;
}

/** The organisation's people ($1, $2), never its owners' rows for writes (checked apart). */
const membersSql = (organisation: Organisation) =>
  `u.${organisationColumn(organisation.userType)} = $1 AND u.user_type = $2 AND u.kind = 'person'`;

const MEMBER_COLUMNS = 'u.id, u.email, u.fullname, u.role, u.external_id, u.created_at';

/** The members, optionally those of one userName (`filter=userName eq "..."`), a page at a time. */
export async function listMembers(
  db: Queryable,
  token: SessionUser,
  options: { userName?: string; startIndex: number; count: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  const organisation = scopeOf(token);
  const params: unknown[] = [organisation.id, organisation.userType];
  let where = membersSql(organisation);
  if (options.userName !== undefined)
    where += ` AND lower(u.email) = lower($${params.push(options.userName)})`;
  const total = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u WHERE ${where}`,
    params,
  );
  const { rows } = await db.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM users u WHERE ${where}
     ORDER BY u.created_at, u.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, options.count, options.startIndex - 1],
  );
  return { rows, total: total.rows[0]!.n };
}

export async function findMember(db: Queryable, token: SessionUser, id: string, lock = false) {
  const organisation = scopeOf(token);
  const { rows } = await db.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM users u WHERE ${membersSql(organisation)} AND u.id = $3
     ${lock ? 'FOR UPDATE' : ''}`,
    [organisation.id, organisation.userType, id],
  );
  if (!rows[0]) throw new ScimError(404, 'Resource not found.');
  return rows[0];
}

/** What a SCIM User says of the member Verity keeps. */
export interface MemberInput {
  email: string;
  fullname: string;
  role: Role;
  externalId: string | null;
}

/** The shared rules of a new user (the users screens' own), in SCIM's words when broken. */
export function checkedMember(
  userType: SessionUser['userType'],
  input: { email?: unknown; fullname?: unknown; role?: unknown; externalId?: unknown },
): MemberInput {
  if (input.role !== undefined && !(SCIM_ROLES as readonly unknown[]).includes(input.role))
    throw new ScimError(
      400,
      'roles: a member is admin, editor or viewer; owners are chosen in Verity.',
      'invalidValue',
    );
  const result = runRules(newUserSchema(userType), {
    emailId: input.email,
    fullname: input.fullname,
    role: input.role ?? 'viewer',
  });
  if (!result.ok) throw new ScimError(400, result.message, 'invalidValue');
  const externalId = typeof input.externalId === 'string' ? input.externalId.slice(0, 200) : null;
  return {
    email: result.value.emailId,
    fullname: result.value.fullname,
    role: result.value.role,
    externalId,
  };
}

export async function createMember(
  db: Queryable,
  token: SessionUser,
  input: MemberInput,
): Promise<MemberRow> {
  const organisation = scopeOf(token);
  const { rows } = await db.query<MemberRow>(
    `INSERT INTO users AS u (email, fullname, role, user_type, ${organisationColumn(organisation.userType)}, external_id)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT DO NOTHING
     RETURNING ${MEMBER_COLUMNS}`,
    [
      input.email,
      input.fullname,
      input.role,
      organisation.userType,
      organisation.id,
      input.externalId,
    ],
  );
  if (!rows[0]) throw new ScimError(409, `${input.email} is already a member.`, 'uniqueness');
  return rows[0];
}

/** Changes a member the directory may manage (never an owner); answers it as it is now. */
export async function updateMember(
  db: Database,
  token: SessionUser,
  id: string,
  change: (current: MemberRow) => { input: MemberInput; active: boolean },
): Promise<MemberRow | null> {
  return db.transaction(async (tx) => {
    const current = await findMember(tx, token, id, true);
    if (current.role === 'owner')
      throw new ScimError(403, 'Owners are managed in Verity, not by the directory.');
    const { input, active } = change(current);
    if (!active) {
      await tx.query('DELETE FROM users WHERE id = $1', [id]);
      return null;
    }
    const organisation = scopeOf(token);
    const clash = await tx.query(
      `SELECT 1 FROM users u WHERE ${membersSql(organisation)} AND lower(u.email) = lower($3) AND u.id <> $4`,
      [organisation.id, organisation.userType, input.email, id],
    );
    if (clash.rows.length > 0)
      throw new ScimError(409, `${input.email} is already a member.`, 'uniqueness');
    const { rows } = await tx.query<MemberRow>(
      `UPDATE users u SET email = $2, fullname = $3, role = $4, external_id = COALESCE($5, external_id)
       WHERE u.id = $1 RETURNING ${MEMBER_COLUMNS}`,
      [id, input.email, input.fullname, input.role, input.externalId],
    );
    return rows[0]!;
  });
}

export async function removeMember(db: Database, token: SessionUser, id: string): Promise<void> {
  await updateMember(db, token, id, (current) => ({
    input: {
      email: current.email,
      fullname: current.fullname,
      role: current.role,
      externalId: null,
    },
    active: false,
  }));
}

export const SCIM_GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

/** The groups a directory sees: one per role it may give, named as the users screens name roles. */
export const SCIM_GROUPS = [
  { id: 'admin', displayName: 'Verity Admin' },
  { id: 'editor', displayName: 'Verity Editor' },
  { id: 'viewer', displayName: 'Verity Viewer' },
] as const;

export async function groupOf(db: Queryable, token: SessionUser, id: string, base: string) {
  const group = SCIM_GROUPS.find((candidate) => candidate.id === id);
  if (!group) throw new ScimError(404, 'Resource not found.');
  const organisation = scopeOf(token);
  const { rows } = await db.query<{ id: string; fullname: string }>(
    `SELECT u.id, u.fullname FROM users u WHERE ${membersSql(organisation)} AND u.role = $3
     ORDER BY u.created_at, u.id`,
    [organisation.id, organisation.userType, group.id],
  );
  return {
    schemas: [SCIM_GROUP_SCHEMA],
    id: group.id,
    displayName: group.displayName,
    members: rows.map((row) => ({ value: row.id, display: row.fullname })),
    meta: { resourceType: 'Group', location: `${base}/Groups/${group.id}` },
  };
}

/**
 * Members added to a group take its role; a member removed from a group they are in becomes a
 * viewer (the least a member is). Owners are never changed.
 */
export async function changeGroupMembers(
  db: Database,
  token: SessionUser,
  groupId: string,
  added: readonly string[],
  removed: readonly string[],
): Promise<void> {
  const group = SCIM_GROUPS.find((candidate) => candidate.id === groupId);
  if (!group) throw new ScimError(404, 'Resource not found.');
  const organisation = scopeOf(token);
  await db.transaction(async (tx) => {
    for (const [ids, role, only] of [
      [added, group.id, null],
      [removed, 'viewer', group.id],
    ] as const) {
      const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
      if (valid.length !== ids.length)
        throw new ScimError(400, 'A member is named by their id.', 'invalidValue');
      if (valid.length === 0) continue;
      const { rows } = await tx.query<{ id: string }>(
        `SELECT u.id FROM users u WHERE ${membersSql(organisation)} AND u.id = ANY($3::uuid[])
           AND u.role <> 'owner'`,
        [organisation.id, organisation.userType, valid],
      );
      if (rows.length !== new Set(valid).size)
        throw new ScimError(
          400,
          'Each member must be one of the organisation’s, and not an owner.',
          'invalidValue',
        );
      await tx.query(
        `UPDATE users SET role = $2 WHERE id = ANY($1::uuid[]) AND ($3::text IS NULL OR role = $3)`,
        [valid, role, only],
      );
    }
  });
}
