// The users screens of the organisations: the auditor's and the company's users screen, and the parts
// the client's own users screen is built from (layout, card, new-user dialog).
export { OrganisationUsersScreen } from './organisation-users-screen';
export type { OrganisationUsersScreenProps } from './organisation-users-screen';
export { NewUserDialog, NEW_USER_CLOSE_DELAY_MS } from './new-user-dialog';
export type { NewUserDialogProps } from './new-user-dialog';
export { UsersScreenLayout } from './users-screen-layout';
export type { LoadedUsers, UsersOnPage, UsersScreenLayoutProps } from './users-screen-layout';
export { UserCard } from './user-card';
export type { UserCardProps } from './user-card';
export { isSameUser } from './is-same-user';
export { SignInLimitsNotice, SIGN_IN_LIMITS_REFRESH_MS } from './sign-in-limits-notice';
export type { SignInLimitsNoticeProps } from './sign-in-limits-notice';
export { userTexts } from './user-texts';
export type { OrganisationUserType } from './user-texts';
