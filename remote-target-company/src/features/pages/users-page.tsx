import { permissionFlags, type SessionUser } from '@verity/shared-api';
import { OrganisationUsersScreen } from '@verity/feature-users';
import { NoCompany, useCompanyUser } from '../company-session';

/** Admins and owners add and delete company users; editors and viewers only read the list. */
export function canManageCompanyUsers(user: SessionUser): boolean {
  const flags = permissionFlags(user);
  return flags.isTargetCompany && (flags.isOwner || flags.isAdmin);
}

/** The company's users; the screen itself reports a user without a company. */
export function UsersPage() {
  const user = useCompanyUser();
  if (!user) return <NoCompany />;
  return (
    <OrganisationUsersScreen
      userType="targetCompany"
      canManageUsers={canManageCompanyUsers(user)}
      user={user}
    />
  );
}
