export { OrganisationUsersScreen } from './organisation-users-screen';
export type { OrganisationUsersScreenProps } from './organisation-users-screen';
export { NewUserDialog, NEW_USER_CLOSE_DELAY_MS } from './new-user-dialog';
export type { NewUserDialogProps } from './new-user-dialog';
export type { OrganisationUserType } from './user-texts';
