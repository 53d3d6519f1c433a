// Every string the client area shows itself, so the spec's wording is checked in one place.
import { COMPANY_TYPE_LABELS, type CompanyType } from '@verity/shared-api';

export const CLIENT_PAGE_TITLES = {
  dashboard: 'Dashboard',
  auditors: 'Auditors',
  manageTargetCompany: 'Manage Target Company',
  companyDashboard: 'Company Dashboard',
} as const;

/** The client's portfolio settings page (from the user panel's 'Portfolio settings'). */
export const PORTFOLIO_SETTINGS_TEXT = {
  title: 'Portfolio settings',
  closureHeading: 'Closing gaps',
  closureLabel: 'Closure needs evidence review',
  closureOnHelp:
    "On: a gap closes only when the company requests closure with photo evidence and a reviewer accepts it. The status selector no longer sets 'Close' or 'Prov Close'.",
  closureOffHelp:
    "Off: the status selector sets 'Open', 'Close' and 'Prov Close' directly. Companies can still request closure with evidence.",
  ownerOnly: 'Only an owner can change this.',
  switchedOn: 'Closure now needs evidence review.',
  switchedOff: 'Closure no longer needs evidence review.',
  extensionHeading: 'Due-date extensions',
  extensionLegend: 'Who answers a company’s request for a later due date',
  extensionHelp:
    'The one chosen is told of each request and approves or declines it; an approval moves the due date.',
  approverSaved: 'Saved: who answers due-date extensions.',
} as const;

/** The client's incident clocks on the settings page (docs/decisions/0099-serious-incidents.md). */
export const INCIDENT_CLOCKS_TEXT = {
  heading: 'Incident clocks',
  help: 'Days after a serious incident for the company to notify you (and so your lender) and to send its root-cause analysis. Incidents already reported keep their clocks.',
  notifyWithinDays: 'Notify within (days)',
  rootCauseWithinDays: 'Root cause within (days)',
  defaults: 'Not set yet: the defaults apply.',
  save: 'Save clocks',
  saved: 'Incident clocks saved.',
  ownerOnly: 'Only an owner can change these.',
} as const;

export const MANAGE_TARGET_COMPANY_PLACEHOLDER = 'Managing a target company is coming soon.';

/** Step 2 of the wizard and the per-company assignment share these. */
export const AUDIT_SETTINGS_TEXT = {
  auditor: 'Auditor',
  selectAuditor: 'Select auditor',
  auditTypes: 'Audit Types',
  categories: 'Categories',
  categoriesHint: 'Choose audit types first to see their categories.',
  formTypes: 'Form Types',
  loadingAuditors: 'Loading auditors...',
  noAuditorsYet: 'Add an auditor on the Auditors page first.',
} as const;

export const WIZARD_TEXT = {
  title: 'Create New Target Company',
  stepLabel: (step: 1 | 2) => `Step ${step} of 2`,
  companyDetails: 'Company Details',
  auditSettings: 'Audit Settings',
  targetCompanyName: 'Target Company Name',
  targetCompanyNamePlaceholder: 'e.g. Acme Steel Ltd',
  registeredName: 'Registered Name',
  registeredNamePlaceholder: 'e.g. Acme Steel Private Limited',
  email: 'Email Address',
  emailPlaceholder: 'owner@company.com',
  companyType: 'Company Type',
  next: 'Next',
  previous: 'Previous',
  cancel: 'Cancel',
  creating: 'Creating...',
  create: (type: CompanyType) => `Create ${COMPANY_TYPE_LABELS[type]}`,
} as const;

export const AUDITORS_TEXT = {
  search: 'Search Auditors...',
  total: 'Total',
  listLabel: 'Auditors',
  /** What the pages of the list hold ('21–40 of 45 auditors'). */
  pagesOf: 'auditors',
  addNewAuditor: 'Add New Auditor',
  registeredName: 'Registered name',
  email: 'Email',
  created: 'Created',
  modalTitle: 'Create New Auditor',
  auditorName: 'Auditor Name',
  auditorNamePlaceholder: 'e.g. GreenAudit Partners',
  registeredNameLabel: 'Registered Name',
  registeredNamePlaceholder: 'e.g. GreenAudit Partners LLP',
  emailPlaceholder: 'owner@auditfirm.com',
  create: 'Create Auditor',
  creating: 'Creating...',
  cancel: 'Cancel',
} as const;

export const ASSIGN_AUDITOR_TEXT = {
  title: 'Add New Auditor',
  description: 'Assign one of your auditors to this target company.',
  submit: 'Add Auditor',
  submitting: 'Adding...',
  cancel: 'Cancel',
  failed: 'Failed to add auditor',
} as const;

export const ADD_AUDIT_TEXT = {
  title: 'Add New Audit',
  auditType: 'Audit Type',
  selectAuditType: 'Select audit type',
  category: 'Category',
  selectCategory: 'Select category',
  form: 'Form',
  selectForm: 'Select form',
  customFields: 'Custom Fields',
  customFieldsHint: 'Optional fields every gap of this audit fills in.',
  addField: 'Add Field',
  removeField: (index: number) => `Remove field ${index + 1}`,
  fieldName: 'Field Name',
  fieldPlaceholder: 'Placeholder',
  fieldType: 'Field Type',
  fieldTypeLabels: {
    text: 'Text',
    email: 'Email',
    password: 'Password',
    number: 'Number',
    textarea: 'Text Area',
  },
  submit: 'Add Audit',
  submitting: 'Adding...',
  cancel: 'Cancel',
  failed: 'Failed to create audit',
} as const;
