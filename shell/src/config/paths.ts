import { USER_TYPE_AREA_PATHS, type UserType } from '@verity/shared-api';

/** Every top-level path of the shell; the areas' inner paths belong to their remotes. */
export const paths = {
  home: '/',
  login: '/login',
  area: (userType: UserType): string => USER_TYPE_AREA_PATHS[userType],
  /** The route pattern that mounts an area, e.g. '/client/*'. */
  areaPattern: (userType: UserType): string => `${USER_TYPE_AREA_PATHS[userType]}/*`,
  areaItem: (userType: UserType, itemId: string): string =>
    `${USER_TYPE_AREA_PATHS[userType]}/${itemId}`,
  /** The shell's own page inside every area (e-mails link here too). */
  notificationSettings: (userType: UserType): string =>
    `${USER_TYPE_AREA_PATHS[userType]}/notification-settings`,
  remotesConfig: '/remotes.json',
} as const;
