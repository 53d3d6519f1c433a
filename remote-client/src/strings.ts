// Every string the client area shows itself, read in the language in use from the area's catalogue
// (locales/en.json holds the spec's English wording). Each field reads its message when it is read,
// so a component that reads it while rendering shows the language in use.
import {
  COMPANY_TYPE_LABELS,
  GAP_STATUS_OPTION_LABELS,
  type CompanyType,
  type CustomFieldType,
} from '@verity/shared-api';
import { textRecord } from '@verity/session';
import { t } from './texts';

type Id = Parameters<typeof t>[0];

/** Texts read when read (`textRecord`): a component reading one while rendering shows the language in use. */
const texts = <Key extends string, More extends object = object>(
  ids: Record<Key, Id>,
  more?: More,
) => textRecord(t, ids, more);

export const CLIENT_PAGE_TITLES = texts({
  dashboard: 'client.pageTitles.dashboard',
  auditors: 'client.pageTitles.auditors',
  manageTargetCompany: 'client.pageTitles.manageTargetCompany',
  companyDashboard: 'client.pageTitles.companyDashboard',
});

/** The client's portfolio settings page (from the user panel's 'Portfolio settings'). */
export const PORTFOLIO_SETTINGS_TEXT = texts(
  {
    title: 'client.portfolioSettings.title',
    closureHeading: 'client.portfolioSettings.closureHeading',
    closureLabel: 'client.portfolioSettings.closureLabel',
    ownerOnly: 'client.portfolioSettings.ownerOnly',
    switchedOn: 'client.portfolioSettings.switchedOn',
    switchedOff: 'client.portfolioSettings.switchedOff',
    extensionHeading: 'client.portfolioSettings.extensionHeading',
    extensionLegend: 'client.portfolioSettings.extensionLegend',
    extensionHelp: 'client.portfolioSettings.extensionHelp',
    approverSaved: 'client.portfolioSettings.approverSaved',
  },
  {
    // The status selector's own labels, so the help names the choices as the selector shows them.
    get closureOnHelp() {
      return t('client.portfolioSettings.closureOnHelp', {
        close: GAP_STATUS_OPTION_LABELS.closed,
        provClose: GAP_STATUS_OPTION_LABELS.provClosed,
      });
    },
    get closureOffHelp() {
      return t('client.portfolioSettings.closureOffHelp', {
        open: GAP_STATUS_OPTION_LABELS.open,
        close: GAP_STATUS_OPTION_LABELS.closed,
        provClose: GAP_STATUS_OPTION_LABELS.provClosed,
      });
    },
  },
);

/** The client's incident clocks on the settings page (docs/decisions/0099-serious-incidents.md). */
export const INCIDENT_CLOCKS_TEXT = texts({
  heading: 'client.incidentClocks.heading',
  help: 'client.incidentClocks.help',
  notifyWithinDays: 'client.incidentClocks.notifyWithinDays',
  rootCauseWithinDays: 'client.incidentClocks.rootCauseWithinDays',
  defaults: 'client.incidentClocks.defaults',
  save: 'client.incidentClocks.save',
  saved: 'client.incidentClocks.saved',
  ownerOnly: 'client.incidentClocks.ownerOnly',
});

export const manageTargetCompanyPlaceholder = () => t('client.manageTargetCompany.placeholder');

/** Step 2 of the wizard and the per-company assignment share these. */
export const AUDIT_SETTINGS_TEXT = texts({
  auditor: 'client.auditSettings.auditor',
  selectAuditor: 'client.auditSettings.selectAuditor',
  auditTypes: 'client.auditSettings.auditTypes',
  categories: 'client.auditSettings.categories',
  categoriesHint: 'client.auditSettings.categoriesHint',
  formTypes: 'client.auditSettings.formTypes',
  loadingAuditors: 'client.auditSettings.loadingAuditors',
  noAuditorsYet: 'client.auditSettings.noAuditorsYet',
});

export const WIZARD_TEXT = texts(
  {
    title: 'client.wizard.title',
    companyDetails: 'client.wizard.companyDetails',
    auditSettings: 'client.wizard.auditSettings',
    targetCompanyName: 'client.wizard.targetCompanyName',
    targetCompanyNamePlaceholder: 'client.wizard.targetCompanyNamePlaceholder',
    registeredName: 'client.wizard.registeredName',
    registeredNamePlaceholder: 'client.wizard.registeredNamePlaceholder',
    email: 'client.wizard.email',
    emailPlaceholder: 'client.wizard.emailPlaceholder',
    companyType: 'client.wizard.companyType',
    next: 'client.wizard.next',
    previous: 'client.wizard.previous',
    cancel: 'client.common.cancel',
    creating: 'client.common.creating',
  },
  {
    /** 'Step 1 of 2: Company Details'. */
    stepDescription: (step: 1 | 2, stepName: string) =>
      t('client.wizard.stepDescription', { step, stepName }),
    create: (type: CompanyType) =>
      t('client.wizard.create', { companyType: COMPANY_TYPE_LABELS[type] }),
  },
);

export const AUDITORS_TEXT = texts(
  {
    search: 'client.auditors.search',
    listLabel: 'client.pageTitles.auditors',
    /** What the pages of the list hold ('21–40 of 45 auditors'). */
    pagesOf: 'client.auditors.pagesOf',
    addNewAuditor: 'client.auditors.addNewAuditor',
    registeredName: 'client.auditors.registeredName',
    email: 'client.auditors.email',
    created: 'client.auditors.created',
    modalTitle: 'client.auditors.modalTitle',
    auditorName: 'client.auditors.auditorName',
    auditorNamePlaceholder: 'client.auditors.auditorNamePlaceholder',
    registeredNameLabel: 'client.auditors.registeredNameLabel',
    registeredNamePlaceholder: 'client.auditors.registeredNamePlaceholder',
    emailPlaceholder: 'client.auditors.emailPlaceholder',
    create: 'client.auditors.create',
    creating: 'client.common.creating',
    cancel: 'client.common.cancel',
  },
  {
    /** 'Total: 45'. */
    total: (count: number | undefined) => t('client.auditors.total', { count: count ?? '' }),
  },
);

export const ASSIGN_AUDITOR_TEXT = texts({
  title: 'client.assignAuditor.title',
  description: 'client.assignAuditor.description',
  submit: 'client.assignAuditor.submit',
  submitting: 'client.common.adding',
  cancel: 'client.common.cancel',
  failed: 'client.assignAuditor.failed',
});

const FIELD_TYPE_LABELS = texts<CustomFieldType>({
  text: 'client.addAudit.fieldTypes.text',
  email: 'client.addAudit.fieldTypes.email',
  password: 'client.addAudit.fieldTypes.password',
  number: 'client.addAudit.fieldTypes.number',
  textarea: 'client.addAudit.fieldTypes.textarea',
});

export const ADD_AUDIT_TEXT = texts(
  {
    title: 'client.addAudit.title',
    auditType: 'client.addAudit.auditType',
    selectAuditType: 'client.addAudit.selectAuditType',
    category: 'client.addAudit.category',
    selectCategory: 'client.addAudit.selectCategory',
    form: 'client.addAudit.form',
    selectForm: 'client.addAudit.selectForm',
    customFields: 'client.addAudit.customFields',
    customFieldsHint: 'client.addAudit.customFieldsHint',
    addField: 'client.addAudit.addField',
    fieldName: 'client.addAudit.fieldName',
    fieldPlaceholder: 'client.addAudit.fieldPlaceholder',
    fieldType: 'client.addAudit.fieldType',
    submit: 'client.addAudit.submit',
    submitting: 'client.common.adding',
    cancel: 'client.common.cancel',
    failed: 'client.addAudit.failed',
  },
  {
    removeField: (index: number) => t('client.addAudit.removeField', { number: index + 1 }),
    fieldTypeLabels: FIELD_TYPE_LABELS,
  },
);

/** A company's financing milestones; the section's other texts are the shared MILESTONE_MESSAGES. */
export const MILESTONES_TEXT = texts(
  {
    milestone: 'client.milestones.milestone',
    dateReached: 'client.milestones.dateReached',
    remove: 'client.milestones.remove',
  },
  {
    /** The date field of a standard milestone: 'Financial close date'. */
    dateOf: (name: string) => t('client.milestones.dateOf', { name }),
    /** The remove button's name: 'Remove Commercial operation date', or 'Remove milestone' unnamed. */
    removeOne: (name: string) =>
      name ? t('client.milestones.removeNamed', { name }) : t('client.milestones.removeUnnamed'),
  },
);
