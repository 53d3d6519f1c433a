import type { UserType } from '@verity/shared-api';

export type SidebarIcon = 'dashboard' | 'companies' | 'auditors' | 'users' | 'action-plans';

export interface SidebarItem {
  /** Also the item's path relative to the area's base path. */
  id: string;
  label: string;
  icon: SidebarIcon;
}

const dashboard: SidebarItem = { id: 'dashboard', label: 'Dashboard', icon: 'dashboard' };
const companies: SidebarItem = { id: 'target-companies', label: 'Companies', icon: 'companies' };
const auditors: SidebarItem = { id: 'auditors', label: 'Auditors', icon: 'auditors' };
const users: SidebarItem = { id: 'users', label: 'Users', icon: 'users' };

export const SIDEBAR_ITEMS: Record<UserType, readonly SidebarItem[]> = {
  client: [dashboard, companies, auditors, users],
  auditor: [companies, users],
  targetCompany: [dashboard, auditors, users],
};

/** The spec's id of the item any action-plan path highlights; no menu has it today, so those paths highlight nothing. */
export const ACTION_PLANS_ITEM_ID = 'action-plans';

/**
 * Which item the sidebar highlights for a path: a path containing 'action-plan' picks the 'action-plans' item
 * (or none when the menu has no such item); otherwise the last path segment picks the item, defaulting to the first.
 */
export function activeSidebarItemId(
  pathname: string,
  items: readonly SidebarItem[],
): string | undefined {
  if (pathname.includes('action-plan')) {
    return items.find((item) => item.id === ACTION_PLANS_ITEM_ID)?.id;
  }
  const lastSegment = pathname.split('/').filter(Boolean).at(-1);
  return (items.find((item) => item.id === lastSegment) ?? items[0])?.id;
}
