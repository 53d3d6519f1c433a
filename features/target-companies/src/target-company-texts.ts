// Texts of the target companies list that the spec does not word; its own come from @verity/shared-api.
export const targetCompanyTexts = {
  pageTitle: 'Target Companies',
  search: 'Search Target Companies...',
  addTargetCompany: 'Add Target Company',
  total: 'Total',
  listLabel: 'Target companies',
  /** What the pages of the list hold ('21–40 of 45 target companies'). */
  pagesOf: 'target companies',
  registeredName: 'Registered name',
  email: 'Email',
  companyType: 'Company type',
  created: 'Created',
  links: {
    dashboard: 'Dashboard',
    auditors: 'View Audit',
    'create-audit': 'Create Audit',
    audits: 'Audits',
  },
} as const;
