// The words of the serious-incident screens (docs/decisions/0099-serious-incidents.md), one place
// for every area that shows them.
import { INCIDENT_CARD_TEXT } from './incident-card-texts';
import type { IncidentSeverity } from './incidents';

export const INCIDENT_SEVERITY_LABELS: Readonly<Record<IncidentSeverity, string>> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

export const INCIDENT_TEXT = {
  ...INCIDENT_CARD_TEXT,
  intro:
    'Serious environmental and social incidents with their clocks, root causes and corrective actions.',
  portfolioIntro:
    "Every company's serious incidents: open, late, by category and severity, with each clock.",
  report: 'Report an incident',
  reportIntro:
    'Tell your lender at once: the client and its auditors are notified as soon as you send this.',
  downloadCsv: 'Download CSV',
  register: 'Incidents',
  openIncident: 'Open incident',
  incidentTitle: (category: string, date: string) => `${category} — ${date}`,
  noIncidents: 'No incidents reported.',
  noneMatch: 'No incidents match these filters.',
  // The register's counts and filters
  total: 'Reported',
  openCount: 'Open',
  lateCount: 'Root cause late',
  byCategory: 'By category',
  bySeverity: 'By severity',
  filters: 'Filter the register',
  onlyOpen: 'Open only',
  onlyLate: 'Root cause late only',
  anyCategory: 'Any category',
  anySeverity: 'Any severity',
  // The columns and fields
  occurredAt: 'When',
  company: 'Company',
  category: 'Category',
  severity: 'Severity',
  location: 'Where',
  lender: 'Lender',
  rootCause: 'Root cause',
  status: 'Status',
  closed: 'Closed',
  openStatus: 'Open',
  description: 'What happened',
  peopleAffected: 'People affected',
  immediateActions: 'Immediate actions taken',
  immediateActionsHint: 'What was done at once to make the site safe and help those affected.',
  reportedBy: (name: string, when: string) => `Reported by ${name} on ${when}`,
  // The photos
  photos: 'Photos',
  morePhotos: 'Add more photos',
  addPhotos: 'Choose photos',
  takePhoto: 'Take a photo',
  photosInput: 'Photos of the incident',
  cameraInput: 'Photo from the camera',
  photosHint: 'PNG, JPEG, GIF or WebP; at most 10 photos, 5 MB each.',
  selectedPhotos: 'Photos to send',
  refusedPhotos: 'These files were left out:',
  removePhoto: (name: string) => `Remove ${name}`,
  photoAlt: (name: string) => `Incident photo ${name}`,
  noPhotos: 'No photos.',
  send: 'Report incident',
  reported: 'Incident reported: the client and its auditors have been told.',
  photosFailed: 'The incident is reported, but its photos were not sent:',
  sendPhotos: 'Add photos',
  photosAdded: 'Photos added.',
  // The clocks
  clocks: 'Clocks',
  notifiedInTime: 'Lender notified in time',
  notifiedLate: 'Lender notified late',
  notifyDue: (date: string) => `Due by ${date}`,
  rootCauseDueIn: (count: number, date: string) =>
    count === 0 ? `Root cause due today (${date})` : `Root cause due in ${days(count)} (${date})`,
  rootCauseLate: (count: number) => `Root cause late by ${days(count)}`,
  rootCauseSent: (date: string) => `Root cause sent ${date}`,
  rootCauseNotSent: 'Root cause not sent',
  // The same clocks in the register, under their columns' headings
  notifiedInTimeShort: 'Notified in time',
  notifiedLateShort: 'Notified late',
  dueInShort: (count: number) => (count === 0 ? 'Due today' : `Due in ${days(count)}`),
  lateShort: (count: number) => `Late by ${days(count)}`,
  sentShort: (date: string) => `Sent ${date}`,
  notSentShort: 'Not sent',
  // The root-cause analysis
  rootCauseTitle: 'Root-cause analysis',
  rootCauseLabel: 'Why it happened',
  rootCauseHint: 'The causes found, and why the controls in place did not stop it.',
  rootCauseEmpty: 'Not written yet.',
  saveRootCause: 'Send root-cause analysis',
  updateRootCause: 'Update root-cause analysis',
  rootCauseSaved: 'Root-cause analysis saved.',
  // The client's questions
  questions: "Client's questions",
  noQuestions: 'No questions asked.',
  askLabel: 'Ask the company a question',
  ask: 'Ask',
  asked: 'Question sent to the company.',
  askedBy: (name: string, when: string) => `${name}, ${when}`,
  answerLabel: 'Your answer',
  answer: 'Answer',
  answered: 'Answer sent to the client.',
  waitingAnswer: 'Waiting for the company’s answer.',
  // The corrective actions
  correctiveActions: 'Corrective actions',
  noCorrectiveActions: 'No corrective actions yet.',
  addCorrectiveAction: 'Add corrective action',
  correctiveActionIntro:
    'A corrective action is a gap in one of the company’s action plans: it runs through the same evidence and closure.',
  auditorFirm: 'Auditor firm',
  audit: 'Audit',
  auditChoice: (category: string, type: string) => `${category} (${type})`,
  actionPlan: 'Action plan',
  choose: 'Choose…',
  noPlans: 'No action plans to choose from.',
  correctiveActionAdded: 'Corrective action added to the action plan.',
  due: 'Due',
  cancel: 'Cancel',
  // Closing
  close: 'Close incident',
  closeTitle: 'Close this incident?',
  closeBody: 'Questions and changes stop; the incident stays in the register as closed.',
  closedOn: (date: string) => `Closed on ${date}`,
  closedDone: 'Incident closed.',
} as const;
