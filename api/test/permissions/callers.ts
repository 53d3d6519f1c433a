import type { FastifyInstance } from 'fastify';
import type { Role, UserType } from '@verity/shared-api/src/server';
import { sessionFor, type TestSession } from '../support/session';

export const USER_TYPES: readonly UserType[] = ['client', 'auditor', 'targetCompany'];
export const ROLES: readonly Role[] = ['owner', 'admin', 'editor', 'viewer'];

export interface Caller {
  userType: UserType;
  role: Role;
  /** e.g. 'client editor' */
  name: string;
  email: string;
}

/** The twelve members of the home tenant: Northwind Capital, GreenAudit Partners, Acme Steel Ltd. */
export const HOME_CALLERS: readonly Caller[] = [
  { userType: 'client', role: 'owner', email: 'client.owner@verity.test' },
  { userType: 'client', role: 'admin', email: 'client.admin@verity.test' },
  { userType: 'client', role: 'editor', email: 'client.editor@verity.test' },
  { userType: 'client', role: 'viewer', email: 'client.viewer@verity.test' },
  { userType: 'auditor', role: 'owner', email: 'auditor.owner@verity.test' },
  { userType: 'auditor', role: 'admin', email: 'auditor.admin@verity.test' },
  { userType: 'auditor', role: 'editor', email: 'auditor.editor@verity.test' },
  { userType: 'auditor', role: 'viewer', email: 'auditor.viewer@verity.test' },
  { userType: 'targetCompany', role: 'owner', email: 'company.owner@verity.test' },
  { userType: 'targetCompany', role: 'admin', email: 'company.admin@verity.test' },
  { userType: 'targetCompany', role: 'editor', email: 'company.editor@verity.test' },
  { userType: 'targetCompany', role: 'viewer', email: 'company.viewer@verity.test' },
].map((caller) => ({ ...caller, name: `${caller.userType} ${caller.role}` }) as Caller);

export type Sessions = Map<string, TestSession>;

export async function sessionsOf(
  app: FastifyInstance,
  callers: readonly Caller[],
): Promise<Sessions> {
  const sessions: Sessions = new Map();
  for (const caller of callers)
    sessions.set(caller.name, await sessionFor(app, caller.email, caller.userType));
  return sessions;
}

/** The roles an API token may hold (docs/decisions/0095-api-tokens.md). */
export const TOKEN_ROLES: readonly Role[] = ['admin', 'editor', 'viewer'];

/** An API token of the home tenant, calling as a member of its organisation with its role. */
export interface TokenCaller extends Caller {
  secret: string;
}

/**
 * One token per user type and token role, for the home tenant's organisation of that user type,
 * made in SQL with a known secret (the secret's SHA-256 is what the API keeps).
 */
export async function homeTokens(
  app: FastifyInstance,
  organisations: Record<UserType, string>,
): Promise<TokenCaller[]> {
  const column = { client: 'client_id', auditor: 'auditor_id', targetCompany: 'target_company_id' };
  const tokens: TokenCaller[] = [];
  for (const userType of USER_TYPES)
    for (const role of TOKEN_ROLES) {
      const name = `${userType} ${role} token`;
      const email = `${userType}.${role}@tokens.invalid`.toLowerCase();
      const secret = `vrt_${`${userType}${role}`.padEnd(43, 'x').slice(0, 43)}`;
      await app.db.query(
        `WITH member AS (
           INSERT INTO users (kind, email, fullname, role, user_type, ${column[userType]})
           VALUES ('token', $1, $2, $3, $4, $5) RETURNING id
         )
         INSERT INTO api_tokens (user_id, name, secret_sha256, secret_hint, created_by_name, expires_at)
         SELECT id, $2, sha256(convert_to($6, 'UTF8')), right($6, 4), 'Matrix', now() + interval '1 day'
         FROM member`,
        [email, name, role, userType, organisations[userType], secret],
      );
      tokens.push({ userType, role, name, email, secret });
    }
  return tokens;
}
