// The DELETE rules of docs/api.md beyond role and tenancy: never oneself; an owner only by an owner.
import type { UserType } from '@verity/shared-api/src/server';

export interface MemberRule {
  route: string;
  /** A caller's name from HOME_CALLERS. */
  caller: string;
  /** 'another owner': a second owner of the caller's organisation; 'oneself': the caller's own membership. */
  member: 'another owner' | 'oneself';
  expected: 200 | 403;
}

// prettier-ignore
export const MEMBER_RULES: readonly MemberRule[] = [
  { route: 'DELETE /client/user/{id}',         caller: 'client owner',        member: 'another owner', expected: 200 },
  { route: 'DELETE /client/user/{id}',         caller: 'client owner',        member: 'oneself',       expected: 403 },
  { route: 'DELETE /auditor/user/{id}',        caller: 'auditor owner',       member: 'another owner', expected: 200 },
  { route: 'DELETE /auditor/user/{id}',        caller: 'auditor owner',       member: 'oneself',       expected: 403 },
  { route: 'DELETE /auditor/user/{id}',        caller: 'auditor admin',       member: 'another owner', expected: 403 },
  { route: 'DELETE /auditor/user/{id}',        caller: 'auditor admin',       member: 'oneself',       expected: 403 },
  { route: 'DELETE /target-company/user/{id}', caller: 'targetCompany owner', member: 'another owner', expected: 200 },
  { route: 'DELETE /target-company/user/{id}', caller: 'targetCompany owner', member: 'oneself',       expected: 403 },
  { route: 'DELETE /target-company/user/{id}', caller: 'targetCompany admin', member: 'another owner', expected: 403 },
  { route: 'DELETE /target-company/user/{id}', caller: 'targetCompany admin', member: 'oneself',       expected: 403 },
];

/** The user type whose members the route removes, and the URL without the id. */
export function deletion(rule: MemberRule): { userType: UserType; path: string } {
  const path = rule.route.replace(/^DELETE /, '').replace('/{id}', '');
  const userType: UserType = path.startsWith('/client')
    ? 'client'
    : path.startsWith('/auditor')
      ? 'auditor'
      : 'targetCompany';
  return { userType, path };
}
