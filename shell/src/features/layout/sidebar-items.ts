import { textRecord } from '@verity/session';
import type { UserType } from '@verity/shared-api';
import { t } from '../../strings';

export type SidebarIcon =
  'dashboard' | 'portfolio' | 'companies' | 'auditors' | 'users' | 'action-plans';

export interface SidebarItem {
  /** Also the item's path relative to the area's base path. */
  id: string;
  /** Its name, read in the language in use each time it is read. */
  readonly label: string;
  icon: SidebarIcon;
}

const LABELS = textRecord(t, {
  dashboard: 'shell.nav.dashboard',
  portfolio: 'shell.nav.portfolio',
  companies: 'shell.nav.companies',
  auditors: 'shell.nav.auditors',
  users: 'shell.nav.users',
});

const item = (id: string, label: keyof typeof LABELS, icon: SidebarIcon): SidebarItem => ({
  id,
  icon,
  get label() {
    return LABELS[label];
  },
});

const dashboard = item('dashboard', 'dashboard', 'dashboard');
/** The lender's portfolio (the portfolio issue): beside the Dashboard, for clients and auditor firms. */
const portfolio = item('portfolio', 'portfolio', 'portfolio');
const companies = item('target-companies', 'companies', 'companies');
const auditors = item('auditors', 'auditors', 'auditors');
const users = item('users', 'users', 'users');

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
