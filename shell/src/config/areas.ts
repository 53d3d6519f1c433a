import { USER_TYPES, USER_TYPE_LABELS, type UserType } from '@verity/shared-api';

/** The Module Federation container name of each area; tooling/config/index.cjs uses the same names. */
export const AREA_REMOTE_NAMES: Record<UserType, string> = {
  client: 'remote_client',
  auditor: 'remote_auditor',
  targetCompany: 'remote_target_company',
};

export interface Area {
  userType: UserType;
  label: string;
  remoteName: string;
}

export const AREAS: readonly Area[] = USER_TYPES.map((userType) => ({
  userType,
  label: USER_TYPE_LABELS[userType],
  remoteName: AREA_REMOTE_NAMES[userType],
}));
