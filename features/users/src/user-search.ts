import { ROLE_LABELS, type ClientUser } from '@verity/shared-api';

/** Users whose name, email or role contains the query (any case). */
export function searchUsers(users: readonly ClientUser[], query: string): ClientUser[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...users];
  return users.filter((user) =>
    [user.fullname, user.emailId, ROLE_LABELS[user.role] ?? user.role].some((text) =>
      (text ?? '').toLowerCase().includes(needle),
    ),
  );
}
