import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import {
  MESSAGES,
  type ClientUser,
  type NewUserPayload,
  type SessionUser,
  type UserPage,
  type UserQuery,
} from '@verity/shared-api';
import { getErrorText } from '@verity/shared-api/calls';
import { isApiHttpError } from '@verity/session';
import {
  createAuditorUser,
  createCompanyUser,
  deleteAuditorUser,
  deleteCompanyUser,
  getAuditorUsers,
  getCompanyUsers,
} from '@verity/shared-api/calls';
import { isSameUser } from './is-same-user';
import { SignInLimitsNotice } from './sign-in-limits-notice';
import { UsersScreenLayout } from './users-screen-layout';
import { t } from './texts';
import type { OrganisationUserType } from './user-texts';
import { toast, usePagedList } from '@verity/shared-ui';

export interface OrganisationUsersScreenProps {
  /** 'auditor' lists the firm's users, 'targetCompany' the company's. */
  userType: OrganisationUserType;
  /** Shows 'Add New User' and the delete buttons; the areas pass it for admins and owners. */
  canManageUsers: boolean;
  /**
   * The signed-in user: never offered for deletion; a company user's list is their company's. An
   * owner may add owners and remove other owners (the API keeps the last one).
   */
  user: Pick<SessionUser, '_id' | 'emailId' | 'role' | 'targetCompanyId'>;
}

interface UserKind {
  queryKey: (targetCompanyId: string | undefined) => readonly unknown[];
  load: (targetCompanyId: string | undefined, query: UserQuery) => Promise<UserPage>;
  loadFallback: string;
  create: (payload: NewUserPayload) => Promise<ClientUser>;
  createErrorText: (error: unknown) => string;
  remove: (id: string) => Promise<void>;
  deleted: () => string;
  deleteFallback: () => string;
}

const USER_KINDS: Record<OrganisationUserType, UserKind> = {
  auditor: {
    queryKey: () => queryKeys.users('auditor'),
    load: (_, query) => getAuditorUsers(query),
    get loadFallback() {
      return MESSAGES.FAILED_FETCH_AUDITOR_USER_DETAILS;
    },
    create: (payload) => createAuditorUser(payload),
    createErrorText: (error) => getErrorText(error, MESSAGES.FAILED_CREATE_AUDITOR_USER),
    remove: (id) => deleteAuditorUser(id),
    deleted: () => MESSAGES.AUDITOR_USER_DELETED,
    deleteFallback: () => MESSAGES.FAILED_DELETE_AUDITOR_USER,
  },
  targetCompany: {
    queryKey: (targetCompanyId) => queryKeys.users('targetCompany', { targetCompanyId }),
    load: (targetCompanyId, query) =>
      targetCompanyId
        ? getCompanyUsers(targetCompanyId, query)
        : Promise.reject(new Error(MESSAGES.NO_TARGET_COMPANY_ID_FOR_USER)),
    get loadFallback() {
      return MESSAGES.FAILED_FETCH_TARGET_COMPANY_USERS;
    },
    create: (payload) => createCompanyUser(payload),
    createErrorText: (error) =>
      isApiHttpError(error)
        ? getErrorText(error, MESSAGES.SERVER_ERROR_OCCURRED)
        : MESSAGES.UNEXPECTED_ERROR_OCCURRED,
    remove: (id) => deleteCompanyUser(id),
    deleted: () => t('users.delete.companyUserDeleted'),
    deleteFallback: () => t('users.delete.companyUserFailed'),
  },
};

/** The auditor firm's or the target company's users: search, cards, add and delete. */
export function OrganisationUsersScreen({
  userType,
  canManageUsers,
  user,
}: OrganisationUsersScreenProps) {
  const kind = USER_KINDS[userType];
  const {
    list: users,
    key,
    search,
    setSearch,
    goToPage,
  } = usePagedList({
    queryKey: kind.queryKey(user.targetCompanyId),
    load: (query) => kind.load(user.targetCompanyId, query),
  });
  const queryClient = useQueryClient();

  /** Changes the page shown in place (a created user put first, a deleted one removed). */
  function update(change: (listed: ClientUser[]) => ClientUser[]) {
    queryClient.setQueryData<UserPage>(key, (shown) => {
      if (!shown) return shown;
      const users = change(shown.users);
      return {
        ...shown,
        users,
        total: Math.max(0, shown.total + users.length - shown.users.length),
      };
    });
  }

  async function onDeleteConfirmed(target: ClientUser) {
    if (!target.id) {
      toast.error(MESSAGES.NO_USER_ID_FOR_DELETION);
      return;
    }
    try {
      await kind.remove(target.id);
      update((listed) => listed.filter((other) => other.id !== target.id));
      toast.success(kind.deleted());
    } catch (error) {
      toast.error(getErrorText(error, kind.deleteFallback()));
    }
  }

  return (
    <UsersScreenLayout
      userType={userType}
      users={users}
      search={search}
      onSearchChange={setSearch}
      onPageChange={goToPage}
      loadErrorText={users.isError ? getErrorText(users.error, kind.loadFallback) : ''}
      canAdd={canManageUsers}
      canMakeOwners={canManageUsers && user.role === 'owner'}
      canDelete={(listed) =>
        canManageUsers &&
        (listed.role !== 'owner' || user.role === 'owner') &&
        !isSameUser(listed, user)
      }
      create={kind.create}
      createErrorText={kind.createErrorText}
      onCreated={(created) => update((listed) => [created, ...listed])}
      onDeleteConfirmed={onDeleteConfirmed}
      notice={
        canManageUsers ? (
          <SignInLimitsNotice userType={userType} targetCompanyId={user.targetCompanyId} />
        ) : null
      }
    />
  );
}
