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
