export { ClientUsersScreen } from './client-users-screen';
export type { ClientUsersScreenProps } from './client-users-screen';
