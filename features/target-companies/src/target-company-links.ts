import {
  canCreateAudit,
  showsCompanyDashboardLink,
  type PermissionSubject,
} from '@verity/shared-api';

/** A card link, and the relative path under the company's id it opens. */
export const TARGET_COMPANY_CARD_LINKS = [
  'dashboard',
  'auditors',
  'create-audit',
  'audits',
] as const;
export type TargetCompanyCardLink = (typeof TARGET_COMPANY_CARD_LINKS)[number];

/**
 * The spec's card links for a user: the dashboard unless an auditor, 'View Audit' for everyone,
 * 'Create Audit' for auditors only. The auditor area adds 'audits' itself.
 */
export function targetCompanyCardLinks(user: PermissionSubject): TargetCompanyCardLink[] {
  const links: TargetCompanyCardLink[] = [];
  if (showsCompanyDashboardLink(user)) links.push('dashboard');
  links.push('auditors');
  if (canCreateAudit(user)) links.push('create-audit');
  return links;
}
