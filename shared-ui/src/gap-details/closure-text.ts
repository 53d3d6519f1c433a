import { CLOSURE_METHOD_LABELS, STATUS_LABELS, type ClosureMethod } from '@verity/shared-api';

/** The closure loop's words in the Gap Details panel. */
export const CLOSURE_TEXT = {
  sectionLabel: 'Closure review',
  requestClosure: 'Request closure',
  requestTitle: 'Request closure',
  requestDescription:
    'The reviewers (the auditor firm and the client) see this gap first and accept the evidence or return the gap.',
  noteLabel: 'Note for the reviewer (optional)',
  send: 'Request closure',
  sending: 'Requesting…',
  acceptEvidence: 'Accept evidence',
  acceptTitle: 'Accept evidence',
  methodLegend: 'How was the evidence verified?',
  methodHint: (method: ClosureMethod) =>
    method === 'desk'
      ? `The gap becomes ${STATUS_LABELS.provClosed}.`
      : `The gap becomes ${STATUS_LABELS.closed}.`,
  visitDateLabel: 'Date of the site visit',
  visitedByLabel: 'Who visited',
  commentLabel: 'Comment (optional)',
  flaggedIntro: 'The evidence is flagged. Look at the flagged images before accepting.',
  confirmChecked: 'Confirm that you have checked the flagged evidence.',
  visited: (who: string, date: string) => `Site visited by ${who} on ${date}.`,
  accept: 'Accept',
  accepting: 'Accepting…',
  returnGap: 'Return',
  returnTitle: 'Return to the company',
  returnDescription: 'The reason is added to the remarks, and the gap is open again.',
  reasonLabel: 'Reason',
  returnSubmit: 'Return gap',
  returning: 'Returning…',
  cancel: 'Cancel',
  requested: (name: string, when: string) => `Closure requested by ${name} on ${when}.`,
  accepted: (name: string, when: string, method: ClosureMethod) =>
    `Evidence accepted by ${name} on ${when}: ${CLOSURE_METHOD_LABELS[method]}.`,
  returned: (name: string, when: string) => `Returned by ${name} on ${when}:`,
} as const;
