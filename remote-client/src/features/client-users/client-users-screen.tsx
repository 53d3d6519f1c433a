import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import {
  MESSAGES,
  canAddClientUsersAndAuditors,
  canDeleteClientUser,
  may,
  type ClientUser,
  type ClientUsers,
  type SessionUser,
  type UserCounts,
} from '@verity/shared-api';
import { getErrorText } from '@verity/shared-api/calls';
import { createClientUser, deleteClientUser, getClientUsers } from '@verity/shared-api/calls';
import {
  SignInLimitsNotice,
  UsersScreenLayout,
  isSameUser,
  userTexts,
} from '@verity/feature-users';
import { adjustCounts } from './user-counts';
import { StatCard, toast, usePagedList } from '@verity/shared-ui';

export interface ClientUsersScreenProps {
  /**
   * The signed-in client user: owners add users (owners too) and delete them; the screen never
   * offers to delete an owner (only owners remove owners) or oneself.
   */
  user: Pick<SessionUser, '_id' | 'emailId' | 'role' | 'userType'>;
}

/** The client's users: counts per role, search, cards with role badges, add (owners) and delete. */
export function ClientUsersScreen({ user }: ClientUsersScreenProps) {
  const {
    list: loaded,
    key,
    search,
    setSearch,
    goToPage,
  } = usePagedList({
    queryKey: queryKeys.users('client'),
    load: (query) => getClientUsers(query),
  });
  const queryClient = useQueryClient();

  /** Changes the page shown and the counts in place (a created user put first, a deleted one removed). */
  function update(change: (current: ClientUsers) => Pick<ClientUsers, 'users' | 'counts'>) {
    queryClient.setQueryData<ClientUsers>(key, (current) => {
      if (!current) return current;
      const changed = change(current);
      const total = current.total + changed.users.length - current.users.length;
      return { ...current, ...changed, total: Math.max(0, total) };
    });
  }

  async function onDeleteConfirmed(target: ClientUser) {
    try {
      await deleteClientUser(target.id);
      update(({ users, counts }) => ({
        users: users.filter((listed) => listed.id !== target.id),
        counts: adjustCounts(counts, target.role, -1),
      }));
      toast.success(MESSAGES.CLIENT_USER_DELETED);
    } catch (error) {
      toast.error(getErrorText(error, MESSAGES.FAILED_DELETE_CLIENT_USER));
    }
  }

  return (
    <UsersScreenLayout
      userType="client"
      users={loaded}
      search={search}
      onSearchChange={setSearch}
      onPageChange={goToPage}
      loadErrorText={
        loaded.isError ? getErrorText(loaded.error, MESSAGES.FAILED_FETCH_CLIENT_DETAILS) : ''
      }
      canAdd={canAddClientUsersAndAuditors(user)}
      canMakeOwners={user.role === 'owner'}
      canDelete={(listed) => canDeleteClientUser(user, listed) && !isSameUser(listed, user)}
      create={(payload) => createClientUser(payload)}
      createErrorText={(error) => getErrorText(error, MESSAGES.FAILED_CREATE_CLIENT_USER)}
      onCreated={(created) =>
        update(({ users, counts }) => ({
          users: [created, ...users],
          counts: adjustCounts(counts, created.role, 1),
        }))
      }
      onDeleteConfirmed={onDeleteConfirmed}
      summary={loaded.isSuccess ? <UserCountCards counts={loaded.data.counts} /> : null}
      notice={may(user, 'manageClientUsers') ? <SignInLimitsNotice userType="client" /> : null}
    />
  );
}

function UserCountCards({ counts }: { counts: UserCounts }) {
  return (
    <section className="vui-stat-grid" aria-label={userTexts.countsLabel}>
      <StatCard label={userTexts.totalUsers} value={counts.total} accent="primary" />
      <StatCard label={userTexts.admins} value={counts.admins} accent="blue" />
      <StatCard label={userTexts.editors} value={counts.editors} accent="green" />
      <StatCard label={userTexts.viewers} value={counts.viewers} accent="yellow" />
    </section>
  );
}
