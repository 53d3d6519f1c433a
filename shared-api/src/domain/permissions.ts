import type { Role, SessionUser } from './user';

export type PermissionSubject = Pick<SessionUser, 'role' | 'userType'> | null | undefined;

export interface PermissionFlags {
  isClient: boolean;
  isAuditor: boolean;
  isTargetCompany: boolean;
  isOwner: boolean;
  isAdmin: boolean;
  isEditor: boolean;
  isViewer: boolean;
}

export function permissionFlags(user: PermissionSubject): PermissionFlags {
  return {
    isClient: user?.userType === 'client',
    isAuditor: user?.userType === 'auditor',
    isTargetCompany: user?.userType === 'targetCompany',
    isOwner: user?.role === 'owner',
    isAdmin: user?.role === 'admin',
    isEditor: user?.role === 'editor',
    isViewer: user?.role === 'viewer',
  };
}

/** Spec section 6 compares the role to 'auditor'; no role has that name, so the user type is compared as well. */
export function usesLetterAvatar(user: PermissionSubject): boolean {
  if (!user) return false;
  return [user.userType, user.role].some((value) => String(value).toLowerCase() === 'auditor');
}

export function canAddClientUsersAndAuditors(user: PermissionSubject): boolean {
  return permissionFlags(user).isOwner;
}

export function canAddTargetCompany(user: PermissionSubject): boolean {
  const flags = permissionFlags(user);
  return flags.isClient && flags.isOwner;
}

export function canDeleteClientUser(user: PermissionSubject, target: { role: Role }): boolean {
  return permissionFlags(user).isOwner && target.role !== 'owner';
}

export function canAddAuditOrCompanyAuditor(user: PermissionSubject): boolean {
  return permissionFlags(user).isClient;
}

export function canCreateAudit(user: PermissionSubject): boolean {
  return permissionFlags(user).isAuditor;
}

export function showsCompanyDashboardLink(user: PermissionSubject): boolean {
  return !permissionFlags(user).isAuditor;
}

export function canChangeGapStatus(user: PermissionSubject): boolean {
  const flags = permissionFlags(user);
  return (flags.isClient || flags.isAuditor) && !flags.isViewer;
}

export function canAddRemark(user: PermissionSubject): boolean {
  return Boolean(user) && !permissionFlags(user).isViewer;
}

/**
 * Whether the user may withdraw the remark (or one of its images) now: its author until
 * `withdrawableUntil`, an owner of the author's organisation at any time (the API decides for sure:
 * a gap's remarks of one user type all come from one organisation), never a viewer.
 */
export function canWithdrawRemark(
  user: (PermissionSubject & { _id?: string }) | null | undefined,
  remark: {
    user: { userId: string; userType: string };
    withdrawableUntil?: string | null;
    withdrawn?: unknown;
  },
  now: Date = new Date(),
): boolean {
  const flags = permissionFlags(user);
  if (!user || flags.isViewer || remark.withdrawn) return false;
  if (flags.isOwner && user.userType === remark.user.userType) return true;
  return (
    Boolean(user._id) &&
    remark.user.userId === user._id &&
    Boolean(remark.withdrawableUntil) &&
    new Date(remark.withdrawableUntil as string).getTime() > now.getTime()
  );
}

export function canAddGap(user: PermissionSubject): boolean {
  const flags = permissionFlags(user);
  return flags.isAuditor && (flags.isAdmin || flags.isOwner);
}

export function canEditGap(user: PermissionSubject): boolean {
  return canAddGap(user);
}
