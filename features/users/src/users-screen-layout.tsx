import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { MESSAGES, type ClientUser, type NewUserPayload, type UserType } from '@verity/shared-api';
import { NewUserDialog } from './new-user-dialog';
import { UserCard } from './user-card';
import { useLanguage } from '@verity/session';
import { t } from './texts';
import '@verity/shared-ui/src/styles/screen.css';
import {
  Button,
  DeleteUserDialog,
  EmptyState,
  LoadingState,
  PageHeader,
  ListPages,
  SearchBox,
} from '@verity/shared-ui';

/** One page of users as the layout shows it. */
export interface UsersOnPage {
  users: ClientUser[];
  total: number;
  page: number;
  pageSize: number;
}

/** What the layout reads of the users' query (one page, searched on the server). */
export type LoadedUsers = Pick<
  UseQueryResult<UsersOnPage>,
  'isPending' | 'isError' | 'data' | 'isPlaceholderData'
>;

export interface UsersScreenLayoutProps {
  userType: UserType;
  /** The page of users as loaded: `isPending` while loading, `isError` when it failed, else `data`. */
  users: LoadedUsers;
  /** The search text, which the server searches names, emails and roles for. */
  search: string;
  onSearchChange: (search: string) => void;
  /** Another page of the list (its number goes into the address). */
  onPageChange: (page: number) => void;
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
  /** Shown under the title, before the figures: the users held back at sign-in. */
  notice?: ReactNode;
}

/** Each user type's page title (ids named whole, so the builds find them). */
const PAGE_TITLES = {
  client: 'users.page.title.client',
  auditor: 'users.page.title.auditor',
  targetCompany: 'users.page.title.targetCompany',
} as const satisfies Record<UserType, string>;

/** What every users screen shares: header, add dialog, search, user cards and the delete confirmation. */
export function UsersScreenLayout({
  userType,
  users,
  search,
  onSearchChange,
  onPageChange,
  loadErrorText,
  canAdd,
  canMakeOwners,
  canDelete,
  create,
  createErrorText,
  onCreated,
  onDeleteConfirmed,
  summary,
  notice,
}: UsersScreenLayoutProps) {
  useLanguage();
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
        title={t(PAGE_TITLES[userType])}
        actions={
          canAdd ? (
            <Button onClick={() => setAdding(true)}>{t('users.page.addNewUser')}</Button>
          ) : null
        }
      />
      {notice}
      {summary}
      <div className="vui-screen-toolbar">
        <SearchBox value={search} onChange={onSearchChange} placeholder={t('users.list.search')} />
      </div>
      <UserList
        users={users}
        loadErrorText={loadErrorText}
        canDelete={canDelete}
        onDelete={setDeleting}
      />
      <ListPages list={users} itemLabel={t('users.list.pagesOf')} onPageChange={onPageChange} />
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
  loadErrorText: string;
  canDelete: (user: ClientUser) => boolean;
  onDelete: (user: ClientUser) => void;
}

function UserList({ users, loadErrorText, canDelete, onDelete }: UserListProps) {
  useLanguage();
  if (users.isPending) return <LoadingState />;
  if (users.isError) {
    return (
      <p className="vui-screen-error" role="alert">
        {loadErrorText}
      </p>
    );
  }
  const shown = users.data?.users ?? [];
  if (shown.length === 0) return <EmptyState title={MESSAGES.NO_USERS_FOUND} />;
  return (
    <ul className="vui-card-grid" aria-label={t('users.list.label')}>
      {shown.map((user) => (
        <li key={user.id}>
          <UserCard user={user} onDelete={canDelete(user) ? onDelete : undefined} />
        </li>
      ))}
    </ul>
  );
}
