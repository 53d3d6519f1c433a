/** The due-date extension's words in the Gap Details panel (docs/decisions/0086-due-date-extensions.md). */
export const EXTENSION_TEXT = {
  sectionLabel: 'Due-date extension',
  requestExtension: 'Request extension',
  requestTitle: 'Request extension',
  requestDescription:
    'The approver is told and approves or declines it; the due date moves only once approved.',
  dateLabel: 'New due date',
  reasonLabel: 'Reason',
  send: 'Request extension',
  sending: 'Requesting…',
  approve: 'Approve',
  decline: 'Decline',
  approveTitle: 'Approve extension',
  declineTitle: 'Decline extension',
  commentLabel: 'Comment (optional)',
  approving: 'Approving…',
  declining: 'Declining…',
  cancel: 'Cancel',
  requested: (name: string, when: string) => `Extension requested by ${name} on ${when}:`,
  dates: (from: string, to: string) => `Due date ${from} → ${to}`,
  answered: (approved: boolean, name: string, when: string) =>
    `Extension ${approved ? 'approved' : 'declined'} by ${name} on ${when}.`,
  waitingFor: (approver: 'client' | 'auditor') =>
    approver === 'client'
      ? 'Waiting for the client’s answer.'
      : 'Waiting for the auditor’s answer.',
  noDueDate: 'none',
} as const;
