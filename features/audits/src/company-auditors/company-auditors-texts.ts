// Texts of the company's auditors table that the spec does not word; its own come from @verity/shared-api.
export const companyAuditorsTexts = {
  pageTitle: 'Auditors',
  caption: 'Auditors of this target company',
  search: 'Search Auditors...',
  addNewAuditor: 'Add New Auditor',
  typeFilter: 'Audit type',
  allTypes: 'All types',
  /** What the pages of the table hold ('21–40 of 45 auditors'). */
  pagesOf: 'auditors',
  columns: {
    auditor: 'Auditor Details',
    auditTypes: 'Audit Types',
    categories: 'Categories',
    formTypes: 'Form Types',
    joined: 'Joined Date',
    actions: 'Actions',
  },
  viewAudits: 'View Audits',
} as const;
