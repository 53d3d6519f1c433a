// Texts of the audits table that the spec does not word; its own come from @verity/shared-api.
export const auditsTableTexts = {
  pageTitle: 'Audits',
  caption: 'Audits of this target company',
  search: 'Search Audits...',
  addNewAudit: 'Add New Audit',
  typeFilter: 'Type',
  allTypes: 'All types',
  categoryFilter: 'Category',
  allCategories: 'All categories',
  failedToFetchAudits: 'Failed to fetch audits',
  /** What the pages of the table hold ('21–40 of 45 audits'). */
  pagesOf: 'audits',
  columns: {
    type: 'Type',
    category: 'Category',
    form: 'Form',
    fieldsCount: 'Fields count',
    created: 'Created',
    actions: 'Actions',
  },
  viewAudits: 'View Audits',
  createAudit: 'Create Audit',
} as const;
