import type { UserType } from '@verity/shared-api';

export type SidebarIcon =
  'dashboard' | 'portfolio' | 'companies' | 'auditors' | 'users' | 'action-plans';

export interface SidebarItem {
  /** Also the item's path relative to the area's base path. */
  id: string;
  label: string;
  icon: SidebarIcon;
}

const dashboard: SidebarItem = { id: 'dashboard', label: 'Dashboard', icon: 'dashboard' };
/** The lender's portfolio (the portfolio issue): beside the Dashboard, for clients and auditor firms. */
const portfolio: SidebarItem = { id: 'portfolio', label: 'Portfolio', icon: 'portfolio' };
const companies: SidebarItem = { id: 'target-companies', label: 'Companies', icon: 'companies' };
const auditors: SidebarItem = { id: 'auditors', label: 'Auditors', icon: 'auditors' };
const users: SidebarItem = { id: 'users', label: 'Users', icon: 'users' };

export const SIDEBAR_ITEMS: Record<UserType, readonly SidebarItem[]> = {
  client: [dashboard, portfolio, companies, auditors, users],
  auditor: [companies, portfolio, users],
  targetCompany: [dashboard, auditors, users],
};

/** The spec's id of the item any action-plan path highlights; no menu has it today. */
export const ACTION_PLANS_ITEM_ID = 'action-plans';

/**
 * Which item the sidebar highlights for a path. A page inside a section (a company's audits, plans
 * and dashboard under Companies; an auditor firm's audits under Auditors) keeps its section's item
 * highlighted. Otherwise the spec's rule: a path containing 'action-plan' picks the 'action-plans'
 * item, and the last path segment picks the item, defaulting to the first.
 */
export function activeSidebarItemId(
  pathname: string,
  items: readonly SidebarItem[],
): string | undefined {
  const segments = pathname.split('/').filter(Boolean);
  // segments[0] is the area; a nested page has more than the section's own segment after it.
  const section = segments.length > 2 ? items.find((item) => item.id === segments[1]) : undefined;
  if (section) return section.id;
  if (pathname.includes('action-plan')) {
    return items.find((item) => item.id === ACTION_PLANS_ITEM_ID)?.id;
  }
  const lastSegment = segments.at(-1);
  return (items.find((item) => item.id === lastSegment) ?? items[0])?.id;
}
