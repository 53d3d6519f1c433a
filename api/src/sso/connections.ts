// An organisation's own identity provider (docs/decisions/0098-single-sign-on.md): its settings as the
// owners manage them, the owner's test sign-in that sets the domain it answers for, and the members
// a sign-in through it may start a session of. Every owner statement is scoped to the owner's
// organisation; the one rule of who must sign in through it is the SQL function sso_required_for.
import {
  PUBLIC_MAIL_DOMAINS,
  SSO_MESSAGES,
  type SessionUser,
  type SsoConnection,
  type SsoTestOutcome,
  type UserType,
} from '@verity/shared-api/src/server';
import type { Database, Queryable } from '../db';
import { ApiError, invalid, notFound } from '../errors';
import { errorCodes } from '../messages';
import { conflict } from '../organisations/messages';
import {
  lockOrganisation,
  organisationColumn,
  organisationOf,
  type Organisation,
} from '../organisations/users';

export interface ConnectionRow {
  id: string;
  user_type: UserType;
  organisation_id: string;
  issuer: string;
  oidc_client_id: string;
  oidc_client_secret: string;
  domain: string | null;
  tested_at: Date | null;
  tested_by_name: string | null;
  required: boolean;
  updated_at: Date;
  updated_by_name: string;
}

const CONNECTION_COLUMNS = `k.id, k.user_type,
  COALESCE(k.client_id, k.auditor_id, k.target_company_id) AS organisation_id, k.issuer,
  k.oidc_client_id, k.oidc_client_secret, k.domain, k.tested_at, k.tested_by_name, k.required,
  k.updated_at, k.updated_by_name`;

/** The settings as the owners see them: never the client secret. */
export const toConnection = (row: ConnectionRow, redirectUri: string): SsoConnection => ({
  issuer: row.issuer,
  clientId: row.oidc_client_id,
  redirectUri,
  domain: row.domain,
  testedAt: row.tested_at?.toISOString() ?? null,
  testedByName: row.tested_by_name,
  required: row.required,
  updatedAt: row.updated_at.toISOString(),
  updatedByName: row.updated_by_name,
});

function organisationOfOwner(owner: SessionUser): Organisation {
  const organisation = organisationOf(owner);
  if (!organisation) throw notFound();
  return organisation;
}

/** The owner's organisation's provider, if it has one. */
export async function connectionOf(
  db: Queryable,
  owner: SessionUser,
  lock = false,
): Promise<ConnectionRow | undefined> {
  const organisation = organisationOfOwner(owner);
  const { rows } = await db.query<ConnectionRow>(
    `SELECT ${CONNECTION_COLUMNS} FROM sso_connections k
     WHERE k.${organisationColumn(organisation.userType)} = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [organisation.id],
  );
  return rows[0];
}

export async function connectionById(
  db: Queryable,
  id: string,
): Promise<ConnectionRow | undefined> {
  const { rows } = await db.query<ConnectionRow>(
    `SELECT ${CONNECTION_COLUMNS} FROM sso_connections k WHERE k.id = $1`,
    [id],
  );
  return rows[0];
}

/** The provider an address signs in through: the one required for its domain, if any. */
export async function connectionForEmail(
  db: Queryable,
  email: string,
): Promise<ConnectionRow | undefined> {
  const { rows } = await db.query<ConnectionRow>(
    `SELECT ${CONNECTION_COLUMNS} FROM sso_connections k
     WHERE k.required AND k.domain = email_domain($1)`,
    [email],
  );
  return rows[0];
}

/** Forgets which provider accounts the organisation's members signed in with (a new provider). */
async function forgetSubjects(tx: Queryable, organisation: Organisation): Promise<void> {
  await tx.query(
    `UPDATE users SET sso_subject = NULL
     WHERE ${organisationColumn(organisation.userType)} = $1 AND sso_subject IS NOT NULL`,
    [organisation.id],
  );
}

/**
 * Ends the sessions of members who must now sign in through the provider and did not: when it
 * becomes required. Answers the sessions ended, for the session cache.
 */
async function endSessionsNotThroughSso(
  tx: Queryable,
  organisation: Organisation,
): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE sessions s SET revoked_at = now()
     FROM users u
     WHERE s.user_id = u.id AND s.revoked_at IS NULL AND NOT s.through_sso
       AND u.${organisationColumn(organisation.userType)} = $1 AND sso_required_for(u)
     RETURNING s.id`,
    [organisation.id],
  );
  return rows.map((row) => row.id);
}

export interface ConnectionInput {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  required: boolean | undefined;
}

/**
 * Saves the settings. New ones (another issuer, client or secret) must be tested again before they
 * are required: they take effect only then. Answers the settings and the sessions it ended.
 */
export async function saveConnection(
  db: Database,
  owner: SessionUser,
  input: ConnectionInput,
): Promise<{ row: ConnectionRow; endedSessions: string[] }> {
  const organisation = organisationOfOwner(owner);
  return db.transaction(async (tx) => {
    await lockOrganisation(tx, organisation);
    const current = await connectionOf(tx, owner, true);
    const issuerChanged = !current || current.issuer !== input.issuer;
    // A secret is never sent to a provider the owner did not give it for.
    if (issuerChanged && input.clientSecret === undefined)
      throw invalid(SSO_MESSAGES.clientSecretRequired);
    const changed =
      issuerChanged ||
      current.oidc_client_id !== input.clientId ||
      (input.clientSecret !== undefined && input.clientSecret !== current.oidc_client_secret);
    const required = input.required ?? (changed ? false : current.required);
    if (required && (changed || !current.tested_at)) throw conflict(SSO_MESSAGES.untested);
    const secret = input.clientSecret ?? current!.oidc_client_secret;
    const column = organisationColumn(organisation.userType);
    if (current) {
      await tx.query(
        `UPDATE sso_connections SET issuer = $2, oidc_client_id = $3, oidc_client_secret = $4,
           required = $5, updated_at = now(), updated_by_name = $6,
           domain = CASE WHEN $7 THEN NULL ELSE domain END,
           tested_at = CASE WHEN $7 THEN NULL ELSE tested_at END,
           tested_by_name = CASE WHEN $7 THEN NULL ELSE tested_by_name END
         WHERE id = $1`,
        [current.id, input.issuer, input.clientId, secret, required, owner.fullname, changed],
      );
    } else {
      await tx.query(
        `INSERT INTO sso_connections (user_type, ${column}, issuer, oidc_client_id,
           oidc_client_secret, updated_by_name)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          organisation.userType,
          organisation.id,
          input.issuer,
          input.clientId,
          secret,
          owner.fullname,
        ],
      );
    }
    if (issuerChanged) await forgetSubjects(tx, organisation);
    const endedSessions =
      required && !current?.required ? await endSessionsNotThroughSso(tx, organisation) : [];
    return { row: (await connectionOf(tx, owner))!, endedSessions };
  });
}

/** Removes the provider: every member signs in with Verity's own sign-in again. */
export async function removeConnection(db: Database, owner: SessionUser): Promise<void> {
  const organisation = organisationOfOwner(owner);
  await db.transaction(async (tx) => {
    const { rows } = await tx.query(
      `DELETE FROM sso_connections WHERE ${organisationColumn(organisation.userType)} = $1
       RETURNING id`,
      [organisation.id],
    );
    if (rows.length === 0) throw new ApiError(404, errorCodes.notFound, SSO_MESSAGES.notConfigured);
    await forgetSubjects(tx, organisation);
  });
}

/**
 * Records an owner's test sign-in through the provider: it counts when the provider vouched for the
 * owner's own Verity address, for the settings as they were when the test began, and sets the domain
 * the provider answers for (unless it is a public mail service's, or another organisation's).
 */
export async function recordTest(
  db: Database,
  test: { connectionId: string; settingsOf: string; ownerId: string; email: string },
): Promise<SsoTestOutcome> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      owner_name: string;
      same: boolean;
      domain: string | null;
      updated_at: Date;
    }>(
      `SELECT u.fullname AS owner_name, lower(u.email) = lower($3) AS same,
         email_domain(u.email) AS domain, k.updated_at
       FROM sso_connections k JOIN users u ON u.id = $2 AND u.role = 'owner' AND u.kind = 'person'
         AND COALESCE(u.client_id, u.auditor_id, u.target_company_id)
           = COALESCE(k.client_id, k.auditor_id, k.target_company_id)
       WHERE k.id = $1
       FOR UPDATE OF k`,
      [test.connectionId, test.ownerId, test.email],
    );
    // Settings changed since the test began were not what it tested.
    const found = rows[0]?.updated_at.toISOString() === test.settingsOf ? rows[0] : undefined;
    if (!found?.domain) return 'failed';
    if (!found.same) return 'otherAccount';
    if (PUBLIC_MAIL_DOMAINS.includes(found.domain)) return 'publicDomain';
    // Two organisations testing for one domain at once take turns: the second finds it taken.
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('sso-domain:' || $1))", [found.domain]);
    const { rows: taken } = await tx.query(
      'SELECT 1 FROM sso_connections WHERE domain = $1 AND id <> $2',
      [found.domain, test.connectionId],
    );
    if (taken.length > 0) return 'domainTaken';
    await tx.query(
      `UPDATE sso_connections SET domain = $2, tested_at = now(), tested_by_name = $3 WHERE id = $1`,
      [test.connectionId, found.domain, found.owner_name],
    );
    return 'tested';
  });
}

/**
 * The member a sign-in through the provider starts a session of: the one bound to the provider's
 * subject, else the person of the organisation with the address the provider vouched for (at its
 * domain), bound now. None when the organisation has no such member.
 */
export async function memberThroughSso(
  db: Database,
  connection: ConnectionRow,
  account: { subject: string; email: string | undefined; name: string | undefined },
): Promise<string | undefined> {
  const column = organisationColumn(connection.user_type);
  return db.transaction(async (tx) => {
    const bound = await tx.query<{ id: string }>(
      `SELECT id FROM users WHERE ${column} = $1 AND kind = 'person' AND sso_subject = $2`,
      [connection.organisation_id, account.subject],
    );
    let id = bound.rows[0]?.id;
    if (!id && account.email && connection.domain) {
      const claimed = await tx.query<{ id: string }>(
        `UPDATE users SET sso_subject = $2
         WHERE id = (SELECT id FROM users WHERE ${column} = $1 AND kind = 'person'
                       AND sso_subject IS NULL AND lower(email) = lower($3)
                       AND email_domain($3) = $4
                     ORDER BY created_at LIMIT 1)
         RETURNING id`,
        [connection.organisation_id, account.subject, account.email, connection.domain],
      );
      id = claimed.rows[0]?.id;
    }
    if (id && account.name)
      await tx.query("UPDATE users SET fullname = $2 WHERE id = $1 AND fullname = ''", [
        id,
        account.name,
      ]);
    return id;
  });
}
