// Texts of the company's auditors table that the spec does not word; its own come from @verity/shared-api.
export const companyAuditorsTexts = {
  pageTitle: 'Auditors',
  caption: 'Auditors of this target company',
  search: 'Search Auditors...',
  addNewAuditor: 'Add New Auditor',
  typeFilter: 'Audit type',
  allTypes: 'All types',
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
