// Reading, creating and authenticating accounts.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { normaliseEmail } from './account-rules.js';
import type { NewAccountInput } from './account-rules.js';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password.js';

export interface Account {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  picture: string | null;
  createdAt: Date;
}

/** The account as the accounts endpoints and OpenID claims show it. */
export interface PublicUser {
  sub: string;
  email: string;
  name: string;
  picture: string | null;
  email_verified: boolean;
}

interface AccountRow {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  email_verified: boolean;
  picture: string | null;
  created_at: Date;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    emailVerified: row.email_verified,
    picture: row.picture,
    createdAt: row.created_at,
  };
}

export function toPublicUser(account: Account): PublicUser {
  return {
    name: account.name,
    email: account.email,
    sub: account.id,
    picture: account.picture,
    email_verified: account.emailVerified,
  };
}

async function findRowByEmail(db: Queryable, email: string): Promise<AccountRow | undefined> {
  const [row] = await db.query<AccountRow>('SELECT * FROM accounts WHERE lower(email) = $1', [
    normaliseEmail(email),
  ]);
  return row;
}

export async function findAccountByEmail(
  db: Queryable,
  email: string,
): Promise<Account | undefined> {
  const row = await findRowByEmail(db, email);
  return row && toAccount(row);
}

export async function findAccountById(db: Queryable, id: string): Promise<Account | undefined> {
  if (!UUID_PATTERN.test(id)) return undefined;
  const [row] = await db.query<AccountRow>('SELECT * FROM accounts WHERE id = $1', [id]);
  return row && toAccount(row);
}

/** Creates the account, or returns undefined when the email is already taken. */
export async function createAccount(
  db: Queryable,
  input: NewAccountInput & { emailVerified?: boolean },
): Promise<Account | undefined> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db.query<AccountRow>(
    `INSERT INTO accounts (id, email, name, password_hash, email_verified)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING
     RETURNING *`,
    [
      randomUUID(),
      normaliseEmail(input.email),
      input.name,
      passwordHash,
      input.emailVerified ?? false,
    ],
  );
  return row && toAccount(row);
}

/** The account whose email and password match, or undefined, taking as long either way. */
export async function authenticate(
  db: Queryable,
  email: string,
  password: string,
): Promise<Account | undefined> {
  const row = await findRowByEmail(db, email);
  if (!row) return verifyAgainstDecoy(password).then(() => undefined);
  return (await verifyPassword(row.password_hash, password)) ? toAccount(row) : undefined;
}

export async function markEmailVerified(db: Queryable, accountId: string): Promise<void> {
  await db.query('UPDATE accounts SET email_verified = true WHERE id = $1', [accountId]);
}

/** Sets a new password; the reset link it came through proves the inbox, so the email is verified too. */
export async function changePassword(
  db: Queryable,
  accountId: string,
  passwordHash: string,
): Promise<void> {
  await db.query('UPDATE accounts SET password_hash = $2, email_verified = true WHERE id = $1', [
    accountId,
    passwordHash,
  ]);
}

/**
 * Ends every identity session of the account and revokes its grants, codes and tokens, and marks
 * the moment, which the Verity API reads (`GET /sign-outs`) to end its own sessions of the account.
 */
export async function signOutEverywhere(db: Queryable, accountId: string): Promise<void> {
  await db.query('UPDATE accounts SET signed_out_at = now() WHERE id = $1', [accountId]);
  await db.query(
    `DELETE FROM oidc_payloads WHERE payload ->> 'accountId' = $1
       OR grant_id IN (SELECT id FROM oidc_payloads
                       WHERE model = 'Grant' AND payload ->> 'accountId' = $1)`,
    [accountId],
  );
}

/** An account signed out everywhere, and when. */
export interface SignOut {
  sub: string;
  signedOutAt: Date;
}

/** Sign-outs everywhere at or after `since`, oldest first, at most `limit`; with the database's time now. */
export async function signOutsSince(
  db: Queryable,
  since: Date,
  limit: number,
): Promise<{ signOuts: SignOut[]; now: Date }> {
  const rows = await db.query<{ id: string; signed_out_at: Date }>(
    `SELECT id, signed_out_at FROM accounts WHERE signed_out_at >= $1
     ORDER BY signed_out_at, id LIMIT $2`,
    [since, limit],
  );
  const [clock] = await db.query<{ now: Date }>('SELECT now() AS now');
  return {
    signOuts: rows.map((row) => ({ sub: row.id, signedOutAt: new Date(row.signed_out_at) })),
    now: new Date(clock!.now),
  };
}
