import {
  PERMISSIONS,
  may,
  canAddAuditOrCompanyAuditor,
  canAddClientUsersAndAuditors,
  canAddGap,
  canAddRemark,
  canWithdrawRemark,
  canAddTargetCompany,
  canChangeGapStatus,
  canCreateAudit,
  canDeleteClientUser,
  canEditGap,
  canEditActionPlan,
  permissionFlags,
  showsCompanyDashboardLink,
  usesLetterAvatar,
} from './permissions';
import { ROLES, USER_TYPES, type Role, type UserType } from './user';

const as = (userType: UserType, role: Role) => ({ userType, role });

const EVERY_USER = USER_TYPES.flatMap((userType) => ROLES.map((role) => as(userType, role)));
const name = (user: { userType: UserType; role: Role }) => `${user.userType} ${user.role}`;

describe('the permission table', () => {
  it('grants a permission to exactly the user types and roles it lists', () => {
    expect(may(as('auditor', 'admin'), 'addGap')).toBe(true);
    expect(may(as('auditor', 'editor'), 'addGap')).toBe(false);
    expect(may(as('client', 'owner'), 'addGap')).toBe(false);
    expect(may(as('targetCompany', 'viewer'), 'viewActionPlans')).toBe(true);
  });

  it('grants nothing without a user', () => {
    for (const permission of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[])
      expect(may(undefined, permission)).toBe(false);
  });

  it('lets viewers read but change nothing', () => {
    const reads = new Set([
      'readSession',
      'viewTargetCompanies',
      'viewAssignedTargetCompanies',
      'viewEngagedAuditors',
      'viewCompanyAuditors',
      'viewClientUsers',
      'viewAuditorUsers',
      'viewCompanyUsers',
      'viewAudits',
      'viewAuditorDashboard',
      'viewCompanyDashboard',
      'viewClientDashboard',
      'viewPortfolio',
      'viewActionPlans',
      'viewOwnActions',
      'followChanges',
      'exportActionPlans',
      'viewRemarkDocuments',
      'viewClientSettings',
      'viewOrganisationSettings',
      'viewMilestones',
      'viewMonitoringReports',
      'viewReportPortfolio',
      'viewIncidents',
      'viewIncidentPortfolio',
      'viewGrievances',
      'viewGrievancePortfolio',
      // Their own notifications and preferences: nothing of the organisation's changes.
      'useNotifications',
      // Their own settings (how dates are written for them): nothing of the organisation's.
      'changeOwnSettings',
    ]);
    const viewers = EVERY_USER.filter((user) => user.role === 'viewer');
    const held = (Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]).flatMap((permission) =>
      viewers.filter((user) => may(user, permission)).map((user) => `${name(user)}: ${permission}`),
    );
    expect(held.filter((entry) => !reads.has(entry.split(': ')[1]!))).toEqual([]);
  });

  it('lets only owners add or remove owners', () => {
    expect(EVERY_USER.filter((user) => may(user, 'manageOwners')).map(name)).toEqual([
      'client owner',
      'auditor owner',
      'targetCompany owner',
    ]);
  });

  it.each([
    ['canAddTargetCompany', canAddTargetCompany, 'addTargetCompany'],
    ['canChangeGapStatus', canChangeGapStatus, 'changeGapStatus'],
    ['canAddRemark', canAddRemark, 'addRemark'],
    ['canAddGap', canAddGap, 'addGap'],
    ['canEditGap', canEditGap, 'editGap'],
    ['canEditActionPlan', canEditActionPlan, 'editActionPlan'],
    ['canAddClientUsersAndAuditors', canAddClientUsersAndAuditors, 'manageClientUsers'],
    ['canAddClientUsersAndAuditors', canAddClientUsersAndAuditors, 'engageAuditor'],
    ['canAddAuditOrCompanyAuditor', canAddAuditOrCompanyAuditor, 'addAudit'],
    ['canAddAuditOrCompanyAuditor', canAddAuditOrCompanyAuditor, 'assignCompanyAuditor'],
  ] as const)('%s answers as the table’s %s', (_name, helper, permission) => {
    for (const user of EVERY_USER)
      expect([name(user), helper(user)]).toEqual([name(user), may(user, permission)]);
  });
});

describe('permissionFlags', () => {
  it.each([
    ['client', 'owner', { isClient: true, isOwner: true }],
    ['client', 'viewer', { isClient: true, isViewer: true }],
    ['auditor', 'admin', { isAuditor: true, isAdmin: true }],
    ['auditor', 'editor', { isAuditor: true, isEditor: true }],
    ['targetCompany', 'owner', { isTargetCompany: true, isOwner: true }],
    ['targetCompany', 'viewer', { isTargetCompany: true, isViewer: true }],
  ] as const)('%s %s sets exactly its own flags', (userType, role, expected) => {
    const none = {
      isClient: false,
      isAuditor: false,
      isTargetCompany: false,
      isOwner: false,
      isAdmin: false,
      isEditor: false,
      isViewer: false,
    };
    expect(permissionFlags(as(userType, role))).toEqual({ ...none, ...expected });
  });

  it('sets no flag without a user', () => {
    expect(Object.values(permissionFlags(undefined)).some(Boolean)).toBe(false);
  });
});

describe('usesLetterAvatar', () => {
  it('is true for auditors of every role and false for the others', () => {
    expect(usesLetterAvatar(as('auditor', 'viewer'))).toBe(true);
    expect(usesLetterAvatar(as('auditor', 'owner'))).toBe(true);
    expect(usesLetterAvatar(as('client', 'owner'))).toBe(false);
    expect(usesLetterAvatar(as('targetCompany', 'admin'))).toBe(false);
    expect(usesLetterAvatar(undefined)).toBe(false);
  });

  it('compares case-insensitively', () => {
    expect(usesLetterAvatar({ userType: 'Auditor' as UserType, role: 'admin' })).toBe(true);
    expect(usesLetterAvatar({ userType: 'client', role: 'AUDITOR' as Role })).toBe(true);
  });
});

describe('capabilities the screens ask', () => {
  it('lets only owners add users and auditors in the client area', () => {
    expect(canAddClientUsersAndAuditors(as('client', 'owner'))).toBe(true);
    expect(canAddClientUsersAndAuditors(as('client', 'admin'))).toBe(false);
  });

  it('lets clients who are not viewers add audits and company auditors', () => {
    expect(canAddAuditOrCompanyAuditor(as('client', 'editor'))).toBe(true);
    expect(canAddAuditOrCompanyAuditor(as('client', 'viewer'))).toBe(false);
    expect(canAddAuditOrCompanyAuditor(as('auditor', 'owner'))).toBe(false);
  });

  it('lets only client owners add a target company', () => {
    expect(canAddTargetCompany(as('client', 'owner'))).toBe(true);
    expect(canAddTargetCompany(as('auditor', 'owner'))).toBe(false);
    expect(canAddTargetCompany(as('client', 'editor'))).toBe(false);
  });

  it('lets the owner delete client users but never an owner', () => {
    expect(canDeleteClientUser(as('client', 'owner'), { role: 'viewer' })).toBe(true);
    expect(canDeleteClientUser(as('client', 'owner'), { role: 'owner' })).toBe(false);
    expect(canDeleteClientUser(as('client', 'admin'), { role: 'viewer' })).toBe(false);
  });

  it('gives the Create Audit link to auditors and hides the company dashboard link from them', () => {
    expect(canCreateAudit(as('auditor', 'viewer'))).toBe(true);
    expect(canCreateAudit(as('client', 'owner'))).toBe(false);
    expect(showsCompanyDashboardLink(as('auditor', 'owner'))).toBe(false);
    expect(showsCompanyDashboardLink(as('client', 'viewer'))).toBe(true);
  });

  it('lets client and auditor users who are not viewers change gap status', () => {
    expect(canChangeGapStatus(as('client', 'editor'))).toBe(true);
    expect(canChangeGapStatus(as('auditor', 'admin'))).toBe(true);
    expect(canChangeGapStatus(as('auditor', 'viewer'))).toBe(false);
    expect(canChangeGapStatus(as('targetCompany', 'owner'))).toBe(false);
  });

  it('hides the remark input from viewers', () => {
    expect(canAddRemark(as('targetCompany', 'editor'))).toBe(true);
    expect(canAddRemark(as('client', 'viewer'))).toBe(false);
  });

  it('lets the author withdraw a remark within its window, and owners of their kind at any time', () => {
    const now = new Date('2030-01-01T12:00:00Z');
    const remark = {
      user: { userId: 'u-1', userType: 'auditor' },
      withdrawableUntil: '2030-01-01T13:00:00Z',
      withdrawn: null,
    };
    const author = { _id: 'u-1', userType: 'auditor' as const, role: 'editor' as const };
    expect(canWithdrawRemark(author, remark, now)).toBe(true);
    expect(
      canWithdrawRemark(author, { ...remark, withdrawableUntil: '2030-01-01T11:00:00Z' }, now),
    ).toBe(false);
    expect(canWithdrawRemark(author, { ...remark, withdrawableUntil: null }, now)).toBe(false);
    expect(canWithdrawRemark({ ...author, role: 'viewer' }, remark, now)).toBe(false);
    expect(canWithdrawRemark({ ...author, _id: 'u-2' }, remark, now)).toBe(false);
    const owner = { _id: 'u-3', userType: 'auditor' as const, role: 'owner' as const };
    expect(canWithdrawRemark(owner, { ...remark, withdrawableUntil: null }, now)).toBe(true);
    expect(canWithdrawRemark({ ...owner, userType: 'client' }, remark, now)).toBe(false);
    expect(canWithdrawRemark(owner, { ...remark, withdrawn: { at: 'x' } }, now)).toBe(false);
    expect(canWithdrawRemark(null, remark, now)).toBe(false);
  });

  it('lets auditors who are admin or owner add and edit gaps', () => {
    expect(canAddGap(as('auditor', 'admin'))).toBe(true);
    expect(canEditGap(as('auditor', 'owner'))).toBe(true);
    expect(canAddGap(as('auditor', 'editor'))).toBe(false);
    expect(canEditGap(as('client', 'owner'))).toBe(false);
  });
});
