import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  NO_USERS_FOUND,
  type ClientUser,
  type NewUserPayload,
  type UserType,
} from '@verity/shared-api';
import { NewUserDialog } from './new-user-dialog';
import { UserCard } from './user-card';
import { searchUsers } from './user-search';
import { userTexts } from './user-texts';
import '@verity/shared-ui/src/styles/screen.css';
import {
  Button,
  DeleteUserDialog,
  EmptyState,
  LoadingState,
  PageHeader,
  SearchBox,
} from '@verity/shared-ui';

/** What the layout reads of the users' query. */
export type LoadedUsers = Pick<UseQueryResult<ClientUser[]>, 'isPending' | 'isError' | 'data'>;

export interface UsersScreenLayoutProps {
  userType: UserType;
  /** The users as loaded: `isPending` while loading, `isError` when it failed, else `data`. */
  users: LoadedUsers;
  /** Shown in place of the list when loading failed. */
  loadErrorText: string;
  canAdd: boolean;
  /** Offers the owner role when adding a user. */
  canMakeOwners: boolean;
  canDelete: (user: ClientUser) => boolean;
  create: (payload: NewUserPayload) => Promise<ClientUser>;
  createErrorText: (error: unknown) => string;
  onCreated: (user: ClientUser) => void;
  /** Deletes after the confirmation; resolves when done, whatever the outcome (the caller tells the user). */
  onDeleteConfirmed: (user: ClientUser) => Promise<void>;
  /** Figures above the list, such as the client's user counts. */
  summary?: ReactNode;
}

/** What every users screen shares: header, add dialog, search, user cards and the delete confirmation. */
export function UsersScreenLayout({
  userType,
  users,
  loadErrorText,
  canAdd,
  canMakeOwners,
  canDelete,
  create,
  createErrorText,
  onCreated,
  onDeleteConfirmed,
  summary,
}: UsersScreenLayoutProps) {
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ClientUser | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await onDeleteConfirmed(deleting);
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  }

  return (
    <div className="vui-screen">
      <PageHeader
        title={userTexts.pageTitle[userType]}
        actions={
          canAdd ? <Button onClick={() => setAdding(true)}>{userTexts.addNewUser}</Button> : null
        }
      />
      {summary}
      <div className="vui-screen-toolbar">
        <SearchBox value={query} onChange={setQuery} placeholder={userTexts.searchUsers} />
      </div>
      <UserList
        users={users}
        query={query}
        loadErrorText={loadErrorText}
        canDelete={canDelete}
        onDelete={setDeleting}
      />
      {canAdd ? (
        <NewUserDialog
          open={adding}
          onOpenChange={setAdding}
          userType={userType}
          canMakeOwners={canMakeOwners}
          create={create}
          createErrorText={createErrorText}
          onCreated={onCreated}
        />
      ) : null}
      <DeleteUserDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        onConfirm={() => void confirmDelete()}
        busy={deleteBusy}
      />
    </div>
  );
}

interface UserListProps {
  users: LoadedUsers;
  query: string;
  loadErrorText: string;
  canDelete: (user: ClientUser) => boolean;
  onDelete: (user: ClientUser) => void;
}

function UserList({ users, query, loadErrorText, canDelete, onDelete }: UserListProps) {
  if (users.isPending) return <LoadingState />;
  if (users.isError) {
    return (
      <p className="vui-screen-error" role="alert">
        {loadErrorText}
      </p>
    );
  }
  const shown = searchUsers(users.data ?? [], query);
  if (shown.length === 0) return <EmptyState title={NO_USERS_FOUND} />;
  return (
    <ul className="vui-card-grid" aria-label={userTexts.listLabel}>
      {shown.map((user) => (
        <li key={user.id}>
          <UserCard user={user} onDelete={canDelete(user) ? onDelete : undefined} />
        </li>
      ))}
    </ul>
  );
}
