import { t } from '../texts';

/**
 * The due-date extension's words in the Gap Details panel (docs/decisions/0086-due-date-extensions.md),
 * read when shown.
 */
export const EXTENSION_TEXT = {
  get sectionLabel() {
    return t('ui.extension.sectionLabel');
  },
  get requestExtension() {
    return t('ui.extension.requestExtension');
  },
  get requestTitle() {
    return t('ui.extension.requestTitle');
  },
  get requestDescription() {
    return t('ui.extension.requestDescription');
  },
  get dateLabel() {
    return t('ui.extension.dateLabel');
  },
  get reasonLabel() {
    return t('ui.extension.reasonLabel');
  },
  get send() {
    return t('ui.extension.send');
  },
  get sending() {
    return t('ui.extension.sending');
  },
  get approve() {
    return t('ui.extension.approve');
  },
  get decline() {
    return t('ui.extension.decline');
  },
  get approveTitle() {
    return t('ui.extension.approveTitle');
  },
  get declineTitle() {
    return t('ui.extension.declineTitle');
  },
  get commentLabel() {
    return t('ui.extension.commentLabel');
  },
  get approving() {
    return t('ui.extension.approving');
  },
  get declining() {
    return t('ui.extension.declining');
  },
  get cancel() {
    return t('ui.extension.cancel');
  },
  requested: (name: string, when: string) => t('ui.extension.requested', { name, when }),
  dates: (from: string, to: string) => t('ui.extension.dates', { from, to }),
  answered: (approved: boolean, name: string, when: string) =>
    approved
      ? t('ui.extension.approved', { name, when })
      : t('ui.extension.declined', { name, when }),
  waitingFor: (approver: 'client' | 'auditor') =>
    approver === 'client'
      ? t('ui.extension.waitingForClient')
      : t('ui.extension.waitingForAuditor'),
  get noDueDate() {
    return t('ui.extension.noDueDate');
  },
} as const;
