import { t } from '#texts';
import { textRecord } from '../text-records';

export const USER_TYPES = ['client', 'auditor', 'targetCompany'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Readonly<Record<Role, string>> = textRecord({
  owner: 'contract.role.owner',
  admin: 'contract.role.admin',
  editor: 'contract.role.editor',
  viewer: 'contract.role.viewer',
});

// The signed-in user's shape is the contract's (GET /auth/me).
export type { SessionUser } from '../contract/auth';

export const USER_TYPE_LABELS: Readonly<Record<UserType, string>> = textRecord({
  client: 'contract.userType.client',
  auditor: 'contract.userType.auditor',
  targetCompany: 'contract.userType.targetCompany',
});

export const USER_TYPE_AREA_PATHS: Readonly<Record<UserType, string>> = {
  client: '/client',
  auditor: '/auditor',
  targetCompany: '/target-company',
};

export const USER_TYPE_SIGN_IN_SEGMENT: Readonly<Record<UserType, string>> = {
  client: 'client',
  auditor: 'auditor',
  targetCompany: 'target-company',
};

export const PRODUCT_SIGN_IN_SUFFIX = 'verity';

export const API_BASE_PATH = '/api/v1';

export function signInUrl(userType: UserType): string {
  return `${API_BASE_PATH}/auth/${USER_TYPE_SIGN_IN_SEGMENT[userType]}/${PRODUCT_SIGN_IN_SUFFIX}`;
}

export function dashboardTitle(userType: UserType): string {
  return t('contract.user.dashboardTitle', { userType: USER_TYPE_LABELS[userType] });
}

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export const DEFAULT_CLIENT_USER_ROLE: Role = 'viewer';
export const DEFAULT_AUDITOR_USER_ROLE: Role = 'admin';
export const DEFAULT_COMPANY_USER_ROLE: Role = 'admin';

/** Accepts a user type or its sign-in path segment ('target-company'). */
export function toUserType(value: unknown): UserType | undefined {
  if (isUserType(value)) return value;
  return USER_TYPES.find((userType) => USER_TYPE_SIGN_IN_SEGMENT[userType] === value);
}
