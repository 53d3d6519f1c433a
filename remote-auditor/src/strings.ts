// Every string the auditor area shows itself, read in the language in use from the area's catalogue
// (locales/en.json holds the spec's English wording). Each field reads its message when it is read,
// so a component that reads it while rendering shows the language in use.
import { textRecord } from '@verity/session';
import { t } from './texts';

type Id = Parameters<typeof t>[0];

/** Texts read when read (`textRecord`): a component reading one while rendering shows the language in use. */
const texts = <Key extends string, More extends object = object>(
  ids: Record<Key, Id>,
  more?: More,
) => textRecord(t, ids, more);

export const AUDITOR_PAGE_TITLES = texts({
  targetCompanies: 'auditor.pageTitles.targetCompanies',
  users: 'auditor.pageTitles.users',
  audits: 'auditor.pageTitles.audits',
  actionPlans: 'auditor.pageTitles.actionPlans',
  actionPlan: 'auditor.pageTitles.actionPlan',
  dashboard: 'auditor.pageTitles.dashboard',
  createActionPlan: 'auditor.pageTitles.createActionPlan',
});

export const AUDITOR_TEXTS = texts({
  /** The companies page's link to the auditor dashboard. */
  dashboardLink: 'auditor.pageTitles.dashboard',
  /** Shown in place of a screen when the signed-in user has no auditor firm. */
  noAuditorFirm: 'auditor.noAuditorFirm',
});

/** The figures and chart of the auditor dashboard. */
export const AUDITOR_DASHBOARD_TEXTS = texts({
  totalTargetCompanies: 'auditor.dashboard.totalTargetCompanies',
  completed: 'auditor.dashboard.completed',
  inProgress: 'auditor.dashboard.inProgress',
  overdue: 'auditor.dashboard.overdue',
  portfolioOverview: 'auditor.dashboard.portfolioOverview',
});

export const CREATE_ACTION_PLAN_TEXTS = texts(
  {
    gapSection: 'auditor.createActionPlan.gapSection',
    heading: 'auditor.createActionPlan.heading',
    headingPlaceholder: 'auditor.createActionPlan.headingPlaceholder',
    timeline: 'auditor.createActionPlan.timeline',
    category: 'auditor.createActionPlan.category',
    categoryPlaceholder: 'auditor.createActionPlan.categoryPlaceholder',
    failedToLoadAudit: 'auditor.createActionPlan.failedToLoadAudit',
    discardDraft: 'auditor.createActionPlan.discardDraft',
  },
  {
    /** The page's h1 for a form label, e.g. 'Create CAPA'. */
    pageTitle: (formLabel: string) => t('auditor.createActionPlan.pageTitle', { formLabel }),
    detailsSection: (formLabel: string) =>
      t('auditor.createActionPlan.detailsSection', { formLabel }),
    submit: (formLabel: string) => t('auditor.createActionPlan.submit', { formLabel }),
    /** Over a form filled again from the draft kept in the browser. */
    draftRestored: (savedAt: string) => t('auditor.createActionPlan.draftRestored', { savedAt }),
  },
);
