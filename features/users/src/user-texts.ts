// Texts of the users screens that the spec does not word; the spec's own come from @verity/shared-api.
import type { UserType } from '@verity/shared-api';

export type OrganisationUserType = Exclude<UserType, 'client'>;

export const userTexts = {
  addNewUser: 'Add New User',
  listLabel: 'Users',
  searchUsers: 'Search Users...',
  /** What the pages of the list hold ('21–40 of 45 users'). */
  pagesOf: 'users',
  deleteUser: 'Delete user',
  created: 'Created',
  pageTitle: {
    client: 'Users',
    auditor: 'Auditor Users',
    targetCompany: 'Company Users',
  } satisfies Record<UserType, string>,
  dialogTitle: {
    client: 'Create New User',
    auditor: 'Create New Auditor User',
    targetCompany: 'Create New Company User',
  } satisfies Record<UserType, string>,
  createdMessage: {
    client: 'Client user created successfully.',
    auditor: 'Auditor user created successfully.',
    targetCompany: 'Company user created successfully.',
  } satisfies Record<UserType, string>,
  companyUserDeleted: 'Company user deleted successfully.',
  failedDeleteCompanyUser: 'Failed to delete company user',
  createUser: 'Create User',
  cancel: 'Cancel',
  emailLabel: 'Email',
  emailPlaceholder: 'name@company.com',
  fullnameLabel: 'Full name',
  fullnamePlaceholder: 'Full name',
  roleLabel: 'Role',
  countsLabel: 'User counts',
  totalUsers: 'Total Users',
  admins: 'Admins',
  editors: 'Editors',
  viewers: 'Viewers',
  signInLimitsTitle: 'Sign-ins on hold',
  signInLimitsIntro:
    'After too many failed sign-in attempts, Verity is not letting these people sign in for now. Each can try again from the time shown.',
  signInLimitUntil: 'until',
} as const;
