// Who may do what (docs/api.md "Calls", column Who may): one table of named permissions, each
// giving the user types and roles that hold it. The API checks every route against it and the
// screens' buttons ask it, so a button never offers what the server refuses. Tenancy (which
// objects a user can see) is the server's and is not in here.
import { ROLES, type Role, type SessionUser, type UserType } from './user';

const EVERYONE = ROLES;
const NOT_VIEWER = ['owner', 'admin', 'editor'] as const satisfies readonly Role[];
const ADMIN_OR_OWNER = ['owner', 'admin'] as const satisfies readonly Role[];
const OWNER = ['owner'] as const satisfies readonly Role[];

type Grant = Readonly<Partial<Record<UserType, readonly Role[]>>>;

const ALL_USER_TYPES = {
  client: EVERYONE,
  auditor: EVERYONE,
  targetCompany: EVERYONE,
} as const satisfies Grant;

export const PERMISSIONS = {
  // The session and the accounts lookup
  readSession: ALL_USER_TYPES,
  /** Those who add companies, firms or users. */
  lookUpAccounts: { client: OWNER, auditor: ADMIN_OR_OWNER, targetCompany: ADMIN_OR_OWNER },

  // Target companies and auditor firms
  viewTargetCompanies: ALL_USER_TYPES,
  viewAssignedTargetCompanies: { auditor: EVERYONE },
  addTargetCompany: { client: OWNER },
  assignCompanyAuditor: { client: NOT_VIEWER },
  viewEngagedAuditors: { client: EVERYONE },
  engageAuditor: { client: OWNER },
  viewCompanyAuditors: ALL_USER_TYPES,
  /** A company's financing milestones: read by whoever sees the company, set by the client's non-viewers. */
  viewMilestones: ALL_USER_TYPES,
  manageMilestones: { client: NOT_VIEWER },
  // Annual monitoring reports (docs/decisions/0094-annual-monitoring-reports.md): the company
  // writes the lender's report, the client sets when it is due and reviews it; auditors have none.
  viewMonitoringReports: { client: EVERYONE, targetCompany: EVERYONE },
  prepareMonitoringReport: { targetCompany: NOT_VIEWER },
  reviewMonitoringReport: { client: NOT_VIEWER },
  manageReportRule: { client: NOT_VIEWER },
  viewReportPortfolio: { client: EVERYONE },
  // Serious incidents (docs/decisions/0099-serious-incidents.md): the company reports them and
  // writes the root cause, the client and the company's firms read them, the client asks and closes.
  viewIncidents: ALL_USER_TYPES,
  reportIncident: { targetCompany: NOT_VIEWER },
  askIncidentQuestion: { client: NOT_VIEWER },
  closeIncident: { client: NOT_VIEWER },
  /** A corrective action is a gap: the company's non-viewers, or the firm's owners and admins. */
  addIncidentCorrectiveAction: { targetCompany: NOT_VIEWER, auditor: ADMIN_OR_OWNER },
  viewIncidentPortfolio: { client: EVERYONE },
  // The grievance log (docs/decisions/0104-grievances.md): the company records grievances and moves
  // them through their steps, the client and the company's firms read it; the company's owner and
  // admins set its targets, its owner names who sees complainants' identities.
  viewGrievances: ALL_USER_TYPES,
  recordGrievance: { targetCompany: NOT_VIEWER },
  manageGrievanceTargets: { targetCompany: ADMIN_OR_OWNER },
  manageGrievanceIdentityViewers: { targetCompany: OWNER },
  viewGrievancePortfolio: { client: EVERYONE },

  // Users of one's own organisation
  viewClientUsers: { client: EVERYONE },
  manageClientUsers: { client: OWNER },
  viewAuditorUsers: { auditor: EVERYONE },
  manageAuditorUsers: { auditor: ADMIN_OR_OWNER },
  viewCompanyUsers: { targetCompany: EVERYONE },
  manageCompanyUsers: { targetCompany: ADMIN_OR_OWNER },
  /** Adding a user with the owner role, or removing one: only owners. */
  manageOwners: { client: OWNER, auditor: OWNER, targetCompany: OWNER },

  // Audits
  viewAudits: ALL_USER_TYPES,
  addAudit: { client: NOT_VIEWER },

  // Dashboards
  viewAuditorDashboard: { auditor: EVERYONE },
  viewCompanyDashboard: ALL_USER_TYPES,
  viewClientDashboard: { client: EVERYONE },
  /** The portfolio figures and the gap explorer: a client's companies, an auditor firm's own work. */
  viewPortfolio: { client: EVERYONE, auditor: EVERYONE },

  // Action plans, gaps and remarks
  viewActionPlans: ALL_USER_TYPES,
  /** The stream of what changed in the plans one may see (ids only; the screens read them again). */
  followChanges: ALL_USER_TYPES,
  exportActionPlans: ALL_USER_TYPES,
  createActionPlan: { auditor: ADMIN_OR_OWNER },
  addGap: { auditor: ADMIN_OR_OWNER },
  editGap: { auditor: ADMIN_OR_OWNER },
  /** An action plan's heading, category and timeline: as for editing its gaps. */
  editActionPlan: { auditor: ADMIN_OR_OWNER },
  changeGapStatus: { client: NOT_VIEWER, auditor: NOT_VIEWER },
  /** "My actions": the open gaps naming the signed-in company user as responsible. */
  viewOwnActions: { targetCompany: EVERYONE },
  addRemark: { client: NOT_VIEWER, auditor: NOT_VIEWER, targetCompany: NOT_VIEWER },
  /** Withdrawing one's own remarks (within their window) and their images. */
  withdrawRemarks: { client: NOT_VIEWER, auditor: NOT_VIEWER, targetCompany: NOT_VIEWER },
  /** Withdrawing the remarks of anyone in one's own organisation, at any time. */
  withdrawOrganisationRemarks: { client: OWNER, auditor: OWNER, targetCompany: OWNER },
  viewRemarkDocuments: ALL_USER_TYPES,

  // The closure loop
  /** Sending a gap with its evidence for closure review: the company's people who work the gaps. */
  requestClosure: { targetCompany: NOT_VIEWER },
  /** Accepting or returning the evidence: the firm's owners and admins, the client's non-viewers. */
  reviewClosure: { client: NOT_VIEWER, auditor: ADMIN_OR_OWNER },
  // Due-date extensions (docs/decisions/0086-due-date-extensions.md)
  /** Asking for a later due date: the company's people who work the gaps. */
  requestExtension: { targetCompany: NOT_VIEWER },
  /**
   * Answering it: the client's non-viewers or the firm's owners and admins; which of the two, the
   * client's setting says (the route asks it).
   */
  answerExtension: { client: NOT_VIEWER, auditor: ADMIN_OR_OWNER },
  /** The portfolio's closure settings: every client user sees them, the owner changes them. */
  viewClientSettings: { client: EVERYONE },
  manageClientSettings: { client: OWNER },

  // Notifications
  /** One's own notifications and notification preferences. */
  useNotifications: ALL_USER_TYPES,
  /** One's own organisation's settings (its time zone): every member reads them, the owner changes them. */
  viewOrganisationSettings: ALL_USER_TYPES,
  /** One's own settings (how dates are written). */
  changeOwnSettings: ALL_USER_TYPES,
  manageOrganisationSettings: { client: OWNER, auditor: OWNER, targetCompany: OWNER },
  /** The organisation's API tokens (docs/decisions/0095-api-tokens.md): owners, who are people. */
  manageApiTokens: { client: OWNER, auditor: OWNER, targetCompany: OWNER },
  /** The organisation's webhook endpoints and their deliveries (docs/decisions/0096-webhooks.md). */
  manageWebhooks: { client: OWNER, auditor: OWNER, targetCompany: OWNER },
  /** The organisation's own identity provider (docs/decisions/0098-single-sign-on.md). */
  manageSingleSignOn: { client: OWNER, auditor: OWNER, targetCompany: OWNER },
} as const satisfies Record<string, Grant>;

export type Permission = keyof typeof PERMISSIONS;

export type PermissionSubject = Pick<SessionUser, 'role' | 'userType'> | null | undefined;

/** Whether the user's type and role hold the permission (no user holds none). */
export function may(user: PermissionSubject, permission: Permission): boolean {
  if (!user) return false;
  const grant: Grant = PERMISSIONS[permission];
  return grant[user.userType]?.includes(user.role) ?? false;
}

export interface PermissionFlags {
  isClient: boolean;
  isAuditor: boolean;
  isTargetCompany: boolean;
  isOwner: boolean;
  isAdmin: boolean;
  isEditor: boolean;
  isViewer: boolean;
}

export function permissionFlags(user: PermissionSubject): PermissionFlags {
  return {
    isClient: user?.userType === 'client',
    isAuditor: user?.userType === 'auditor',
    isTargetCompany: user?.userType === 'targetCompany',
    isOwner: user?.role === 'owner',
    isAdmin: user?.role === 'admin',
    isEditor: user?.role === 'editor',
    isViewer: user?.role === 'viewer',
  };
}

// Display rules that are not permissions: the server never asks them.

/**
 * The letter-avatar rule compares the role to 'auditor'; no role has that name, so the user type is
 * compared as well.
 */
export function usesLetterAvatar(user: PermissionSubject): boolean {
  if (!user) return false;
  return [user.userType, user.role].some((value) => String(value).toLowerCase() === 'auditor');
}

/** The 'Create Audit' link shows for every auditor; creating needs `createActionPlan`. */
export function canCreateAudit(user: PermissionSubject): boolean {
  return permissionFlags(user).isAuditor;
}

export function showsCompanyDashboardLink(user: PermissionSubject): boolean {
  return !permissionFlags(user).isAuditor;
}

// The screens' questions, answered by the table.

/** The client area's 'Add New User' and 'Add New Auditor': owners only. */
export function canAddClientUsersAndAuditors(user: PermissionSubject): boolean {
  return may(user, 'manageClientUsers') && may(user, 'engageAuditor');
}

export function canAddTargetCompany(user: PermissionSubject): boolean {
  return may(user, 'addTargetCompany');
}

/** The owner deletes client users, but not users with the owner role. */
export function canDeleteClientUser(user: PermissionSubject, target: { role: Role }): boolean {
  return may(user, 'manageClientUsers') && target.role !== 'owner';
}

/** 'Add New Audit' and the per-company 'Add New Auditor': clients who are not viewers. */
export function canAddAuditOrCompanyAuditor(user: PermissionSubject): boolean {
  return may(user, 'addAudit') && may(user, 'assignCompanyAuditor');
}

/** The settings page's 'API tokens' card. */
export function canManageApiTokens(user: PermissionSubject): boolean {
  return may(user, 'manageApiTokens');
}

/** The settings page's 'Webhooks' card. */
export function canManageWebhooks(user: PermissionSubject): boolean {
  return may(user, 'manageWebhooks');
}

/** The settings page's 'Single sign-on' card. */
export function canManageSingleSignOn(user: PermissionSubject): boolean {
  return may(user, 'manageSingleSignOn');
}

/** The client's company page: setting the financing milestones' dates. */
export function canManageMilestones(user: PermissionSubject): boolean {
  return may(user, 'manageMilestones');
}

/** The company's 'Monitoring reports' screen: writing and submitting the report. */
export function canPrepareMonitoringReport(user: PermissionSubject): boolean {
  return may(user, 'prepareMonitoringReport');
}

/** The client's review of a submitted report: Request changes and Accept. */
export function canReviewMonitoringReport(user: PermissionSubject): boolean {
  return may(user, 'reviewMonitoringReport');
}

export function canChangeGapStatus(user: PermissionSubject): boolean {
  return may(user, 'changeGapStatus');
}

export function canAddRemark(user: PermissionSubject): boolean {
  return may(user, 'addRemark');
}

/**
 * Whether the user may withdraw the remark (or one of its images) now: its author until
 * `withdrawableUntil`, an owner of the author's organisation at any time (the API decides for sure:
 * a gap's remarks of one user type all come from one organisation), never a viewer.
 */
export function canWithdrawRemark(
  user: (PermissionSubject & { _id?: string }) | null | undefined,
  remark: {
    user: { userId: string; userType: string };
    withdrawableUntil?: string | null;
    withdrawn?: unknown;
  },
  now: Date = new Date(),
): boolean {
  if (!user || !may(user, 'withdrawRemarks') || remark.withdrawn) return false;
  if (may(user, 'withdrawOrganisationRemarks') && user.userType === remark.user.userType)
    return true;
  return (
    Boolean(user._id) &&
    remark.user.userId === user._id &&
    Boolean(remark.withdrawableUntil) &&
    new Date(remark.withdrawableUntil as string).getTime() > now.getTime()
  );
}

export function canAddGap(user: PermissionSubject): boolean {
  return may(user, 'addGap');
}

export function canEditGap(user: PermissionSubject): boolean {
  return may(user, 'editGap');
}

export function canEditActionPlan(user: PermissionSubject): boolean {
  return may(user, 'editActionPlan');
}

export function canRequestClosure(user: PermissionSubject): boolean {
  return may(user, 'requestClosure');
}

export function canReviewClosure(user: PermissionSubject): boolean {
  return may(user, 'reviewClosure');
}

export function canRequestExtension(user: PermissionSubject): boolean {
  return may(user, 'requestExtension');
}

/** Whether the user answers extension requests where `approver` answers them (the client's setting). */
export function canAnswerExtension(
  user: PermissionSubject,
  approver: 'client' | 'auditor',
): boolean {
  return may(user, 'answerExtension') && user?.userType === approver;
}
