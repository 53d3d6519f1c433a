import type { Role, UserCounts } from '@verity/shared-api';

const COUNT_OF_ROLE: Partial<Record<Role, keyof UserCounts>> = {
  admin: 'admins',
  editor: 'editors',
  viewer: 'viewers',
};

/** The counts after a user of `role` was added (+1) or removed (-1); owners count in the total only. */
export function adjustCounts(counts: UserCounts, role: Role, change: 1 | -1): UserCounts {
  const next = { ...counts, total: Math.max(0, counts.total + change) };
  const key = COUNT_OF_ROLE[role];
  if (key) next[key] = Math.max(0, counts[key] + change);
  return next;
}
