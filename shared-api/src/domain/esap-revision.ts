// ESAP revisions (docs/decisions/0083-esap-revisions.md): the words of a plan's ESAP imported again,
// read as a revision of the plan (Rev 1, Rev 2…; the plan's creation is Rev 0), shared by the API
// and the screens.

/** The longest note a revision takes. */
export const ESAP_REVISION_NOTE_MAX = 1000;

/** 'Rev 2'. */
export const revisionLabel = (number: number) => `Rev ${number}`;

export const ESAP_REVISION_MESSAGES = {
  noteTooLong: `The revision note can be at most ${ESAP_REVISION_NOTE_MAX} characters.`,
  /** The reason kept on every change a revision makes to a gap (its Change History). */
  changeReason: (number: number, note: string | null) =>
    note ? `${revisionLabel(number)} of the ESAP: ${note}` : `${revisionLabel(number)} of the ESAP`,
  /** A real import into a new plan of items a plan of the audit already has (409). */
  alreadyInPlan: (heading: string, matching: number, items: number) =>
    `${matching} of the ${items} items of this file are already in the action plan '${heading}': import it as a revision of that plan, or ask for a new plan explicitly.`,
  /** A status change of a dropped item (409). */
  dropped: (number: number) =>
    `This ESAP item was dropped in ${revisionLabel(number)}: its status stays as it was until a revision lists it again.`,
  renumbered: (from: string, to: string) =>
    `ESAP item ${from} is now numbered ${to} (its action is word for word the same): it keeps its gap.`,
} as const;

/** The screens' words for revisions. */
export const ESAP_REVISION_SCREEN = {
  previewTitle: (number: number) => `Revision preview: ${revisionLabel(number)}`,
  recordedTitle: (number: number) => `${revisionLabel(number)} recorded`,
  nothingChanged: 'The file matches the plan: no revision is needed.',
  added: (count: number) => `New (${count})`,
  changed: (count: number) => `Changed (${count})`,
  dropped: (count: number) => `Dropped (${count})`,
  unchanged: (count: number) => `Unchanged: ${count} ${count === 1 ? 'item' : 'items'}`,
  renumbered: (from: string, to: string) => `renumbered ${from} → ${to}`,
  reinstated: 'listed again',
  noteLabel: 'Revision note',
  notePlaceholder: 'e.g. agreed after the first monitoring visit',
  applyRevision: (number: number) => `Apply ${revisionLabel(number)}`,
  offer: (heading: string, matching: number, items: number) =>
    `${matching} of the ${items} items of this file are already in the action plan '${heading}'.`,
  importAsRevision: (heading: string) => `Import as a revision of ${heading}`,
  importAsNewPlan: 'Import as a new plan anyway',
  empty: '(empty)',
  revisionsTitle: 'ESAP revisions',
  currentRevision: (number: number) => `Current revision: ${revisionLabel(number)}`,
  original: 'Original plan',
  by: (name: string) => `by ${name}`,
  droppedIn: (number: number) => `Dropped in ${revisionLabel(number)}`,
  item: (itemNumber: string) => `Item ${itemNumber}`,
  noRevisions: 'No revision yet: the plan is as first created.',
} as const;
