import { CLOSURE_METHOD_LABELS, STATUS_LABELS, type ClosureMethod } from '@verity/shared-api';
import { t } from '../texts';

/** The closure loop's words in the Gap Details panel, read when shown. */
export const CLOSURE_TEXT = {
  get sectionLabel() {
    return t('ui.closure.sectionLabel');
  },
  get requestClosure() {
    return t('ui.closure.requestClosure');
  },
  get requestTitle() {
    return t('ui.closure.requestTitle');
  },
  get requestDescription() {
    return t('ui.closure.requestDescription');
  },
  get noteLabel() {
    return t('ui.closure.noteLabel');
  },
  get send() {
    return t('ui.closure.send');
  },
  get sending() {
    return t('ui.closure.sending');
  },
  get acceptEvidence() {
    return t('ui.closure.acceptEvidence');
  },
  get acceptTitle() {
    return t('ui.closure.acceptTitle');
  },
  get methodLegend() {
    return t('ui.closure.methodLegend');
  },
  methodHint: (method: ClosureMethod) =>
    t('ui.closure.methodHint', {
      status: method === 'desk' ? STATUS_LABELS.provClosed : STATUS_LABELS.closed,
    }),
  get visitDateLabel() {
    return t('ui.closure.visitDateLabel');
  },
  get visitedByLabel() {
    return t('ui.closure.visitedByLabel');
  },
  get commentLabel() {
    return t('ui.closure.commentLabel');
  },
  get flaggedIntro() {
    return t('ui.closure.flaggedIntro');
  },
  get confirmChecked() {
    return t('ui.closure.confirmChecked');
  },
  visited: (who: string, date: string) => t('ui.closure.visited', { who, date }),
  get accept() {
    return t('ui.closure.accept');
  },
  get accepting() {
    return t('ui.closure.accepting');
  },
  get returnGap() {
    return t('ui.closure.returnGap');
  },
  get returnTitle() {
    return t('ui.closure.returnTitle');
  },
  get returnDescription() {
    return t('ui.closure.returnDescription');
  },
  get reasonLabel() {
    return t('ui.closure.reasonLabel');
  },
  get returnSubmit() {
    return t('ui.closure.returnSubmit');
  },
  get returning() {
    return t('ui.closure.returning');
  },
  get cancel() {
    return t('ui.closure.cancel');
  },
  requested: (name: string, when: string) => t('ui.closure.requested', { name, when }),
  accepted: (name: string, when: string, method: ClosureMethod) =>
    t('ui.closure.accepted', { name, when, method: CLOSURE_METHOD_LABELS[method] }),
  returned: (name: string, when: string) => t('ui.closure.returned', { name, when }),
} as const;
