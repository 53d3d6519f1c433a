import { SIDEBAR_ITEMS, activeSidebarItemId, type SidebarItem } from './sidebar-items';

describe('sidebar items', () => {
  it.each([
    [
      'client',
      [
        'dashboard:Dashboard',
        'portfolio:Portfolio',
        'target-companies:Companies',
        'auditors:Auditors',
        'users:Users',
      ],
    ],
    ['auditor', ['target-companies:Companies', 'portfolio:Portfolio', 'users:Users']],
    ['targetCompany', ['dashboard:Dashboard', 'auditors:Auditors', 'users:Users']],
  ] as const)(
    'the %s menu lists the spec items in order, with the Portfolio',
    (userType, expected) => {
      expect(SIDEBAR_ITEMS[userType].map((item) => `${item.id}:${item.label}`)).toEqual(expected);
    },
  );
});

describe('activeSidebarItemId', () => {
  const client = SIDEBAR_ITEMS.client;
  const auditor = SIDEBAR_ITEMS.auditor;
  const withActionPlans: SidebarItem[] = [
    ...client,
    { id: 'action-plans', label: 'Action Plans', icon: 'action-plans' },
  ];

  it.each([
    ['/client/dashboard', client, 'dashboard'],
    ['/client/users', client, 'users'],
    ['/client/users/', client, 'users'],
    ['/client/target-companies', client, 'target-companies'],
    ['/client', client, 'dashboard'],
    ['/auditor', auditor, 'target-companies'],
    ['/auditor/users', auditor, 'users'],
    ['/auditor/dashboard', auditor, 'target-companies'],
    ['/client/portfolio', client, 'portfolio'],
    ['/auditor/portfolio', auditor, 'portfolio'],
  ])('%s highlights %#', (pathname, items, expected) => {
    expect(activeSidebarItemId(pathname, items)).toBe(expected);
  });

  it.each([
    ['/client/target-companies/c1/auditors', client, 'target-companies'],
    ['/client/target-companies/c1/dashboard', client, 'target-companies'],
    ['/client/target-companies/c1/manage', client, 'target-companies'],
    ['/client/target-companies/c1/auditors/a1', client, 'target-companies'],
    ['/client/target-companies/c1/auditors/a1/au1/action-plans', client, 'target-companies'],
    ['/client/target-companies/c1/auditors/a1/au1/action-plans/p1', client, 'target-companies'],
    ['/auditor/target-companies/c1/audits', auditor, 'target-companies'],
    ['/auditor/target-companies/c1/audits/au1/create-audit', auditor, 'target-companies'],
    ['/auditor/target-companies/c1/audits/au1/action-plans/p1', auditor, 'target-companies'],
    ['/client/portfolio/gaps', client, 'portfolio'],
    ['/auditor/portfolio/gaps', auditor, 'portfolio'],
    ['/target-company/auditors/a1', SIDEBAR_ITEMS.targetCompany, 'auditors'],
    ['/target-company/auditors/a1/au1/action-plans/p1', SIDEBAR_ITEMS.targetCompany, 'auditors'],
  ])('a page inside a section, %s, keeps the section highlighted', (pathname, items, expected) => {
    expect(activeSidebarItemId(pathname, items)).toBe(expected);
  });

  it('an action-plan path outside any section highlights the action-plans item when the menu has one', () => {
    expect(activeSidebarItemId('/client/action-plans/p1', withActionPlans)).toBe('action-plans');
    expect(activeSidebarItemId('/client/action-plans/p1', client)).toBeUndefined();
  });

  it('an empty menu highlights nothing', () => {
    expect(activeSidebarItemId('/client/users', [])).toBeUndefined();
  });
});
