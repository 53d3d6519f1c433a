// ESAP revisions (docs/decisions/0083-esap-revisions.md): the words of a plan's ESAP imported again,
// read as a revision of the plan (Rev 1, Rev 2…; the plan's creation is Rev 0), shared by the API
// and the screens. A revision's change reason is stored with the change, so it stays in English.
import { t } from '#texts';

/** The longest note a revision takes. */
export const ESAP_REVISION_NOTE_MAX = 1000;

/** 'Rev 2'. */
export const revisionLabel = (number: number) => `Rev ${number}`;

export const ESAP_REVISION_MESSAGES = {
  get noteTooLong() {
    return t('contract.esapRevision.noteTooLong', { max: ESAP_REVISION_NOTE_MAX });
  },
  /** The reason kept on every change a revision makes to a gap (its Change History, as stored). */
  changeReason: (number: number, note: string | null) =>
    note ? `${revisionLabel(number)} of the ESAP: ${note}` : `${revisionLabel(number)} of the ESAP`,
  /** A real import into a new plan of items a plan of the audit already has (409). */
  alreadyInPlan: (heading: string, matching: number, items: number) =>
    t('contract.esapRevision.alreadyInPlan', { heading, matching, items }),
  /** A status change of a dropped item (409). */
  dropped: (number: number) => t('contract.esapRevision.refusal.dropped', { number }),
  renumbered: (from: string, to: string) =>
    t('contract.esapRevision.finding.renumbered', { from, to }),
};

/** The screens' words for revisions. */
export const ESAP_REVISION_SCREEN = {
  /** 'Rev 2': a revision's name (revisionLabel, in the language in use). */
  revision: (number: number) => t('contract.esapRevision.revision', { number }),
  previewTitle: (number: number) => t('contract.esapRevision.previewTitle', { number }),
  recordedTitle: (number: number) => t('contract.esapRevision.recordedTitle', { number }),
  get nothingChanged() {
    return t('contract.esapRevision.nothingChanged');
  },
  added: (count: number) => t('contract.esapRevision.added', { count }),
  changed: (count: number) => t('contract.esapRevision.changed', { count }),
  dropped: (count: number) => t('contract.esapRevision.dropped', { count }),
  unchanged: (count: number) => t('contract.esapRevision.unchanged', { count }),
  renumbered: (from: string, to: string) => t('contract.esapRevision.renumbered', { from, to }),
  get reinstated() {
    return t('contract.esapRevision.reinstated');
  },
  get noteLabel() {
    return t('contract.esapRevision.noteLabel');
  },
  get notePlaceholder() {
    return t('contract.esapRevision.notePlaceholder');
  },
  applyRevision: (number: number) => t('contract.esapRevision.applyRevision', { number }),
  offer: (heading: string, matching: number, items: number) =>
    t('contract.esapRevision.offer', { heading, matching, items }),
  importAsRevision: (heading: string) => t('contract.esapRevision.importAsRevision', { heading }),
  get importAsNewPlan() {
    return t('contract.esapRevision.importAsNewPlan');
  },
  get empty() {
    return t('contract.esapRevision.empty');
  },
  get revisionsTitle() {
    return t('contract.esapRevision.revisionsTitle');
  },
  currentRevision: (number: number) => t('contract.esapRevision.currentRevision', { number }),
  get original() {
    return t('contract.esapRevision.original');
  },
  by: (name: string) => t('contract.esapRevision.by', { name }),
  droppedIn: (number: number) => t('contract.esapRevision.droppedIn', { number }),
  item: (itemNumber: string) => t('contract.esapRevision.item', { itemNumber }),
  get noRevisions() {
    return t('contract.esapRevision.noRevisions');
  },
};
