// The words of the grievance screens (docs/decisions/0104-grievances.md,
// docs/decisions/0105-grievance-screens.md), one place for every area that shows them.
import { GRIEVANCES_LABEL, GRIEVANCE_REGISTER_LABEL } from './grievance-card-texts';
import type { GrievanceStep } from './grievances';

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** Each step's name, "received" first: the log's stage column and the grievance's steps. */
export const GRIEVANCE_STAGE_LABELS: Readonly<Record<'received' | GrievanceStep, string>> = {
  received: 'Received',
  acknowledged: 'Acknowledged',
  investigated: 'Investigated',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const GRIEVANCE_TEXT = {
  title: GRIEVANCES_LABEL,
  portfolioTitle: GRIEVANCE_REGISTER_LABEL,
  intro:
    'Complaints from workers, contractors’ workers and the community: each step dated, against your targets.',
  readIntro:
    'The company’s grievance log: each step dated against its targets. Complainants’ identities are withheld.',
  portfolioIntro:
    'Every company’s grievances: open, late and by category. Complainants’ identities are withheld.',
  record: 'Record a grievance',
  recordIntro:
    'Write down a complaint as it was received. A named complainant’s identity is seen only by the people your owner names.',
  downloadCsv: 'Download CSV',
  register: 'Grievances',
  openGrievance: 'Open grievance',
  grievanceTitle: (category: string, date: string) => `${category} — ${date}`,
  noGrievances: 'No grievances recorded.',
  noneMatch: 'No grievances match these filters.',
  // The log's counts and filters
  total: 'Received',
  openCount: 'Open',
  lateCount: 'Late',
  byCategory: 'By category',
  byMonth: 'By month received',
  monthLine: (received: number, late: number) =>
    late > 0 ? `${received} received, ${late} late` : `${received} received`,
  filters: 'Filter the log',
  onlyOpen: 'Open only',
  onlyLate: 'Late only',
  anyCategory: 'Any category',
  // The columns and fields
  receivedOn: 'Received',
  company: 'Company',
  channel: 'How it was received',
  complainantType: 'From',
  complainant: 'Complainant',
  category: 'Category',
  stage: 'Step',
  acknowledge: 'Acknowledge',
  resolve: 'Resolve',
  description: 'The grievance',
  descriptionHint: 'What the complainant said, in their words where you can.',
  choose: 'Choose…',
  // The complainant's identity
  identity: 'Identity',
  anonymousChoice: 'Anonymous: the complainant asked not to be named',
  namedChoice: 'Named',
  anonymous: 'Anonymous',
  identityWithheld: 'Identity withheld',
  identityWithheldHint: 'Only the company users its owner names see a complainant’s identity.',
  complainantName: 'Complainant’s name',
  complainantContact: 'Contact (optional)',
  complainantContactHint: 'A phone number, an address, or how to reach them.',
  send: 'Record grievance',
  recorded: 'Grievance recorded.',
  recordedBy: (name: string, when: string) => `Recorded by ${name} on ${when}`,
  // The steps and the targets
  steps: 'Steps',
  notYet: 'Not yet',
  takenDays: (count: number) => (count === 0 ? 'the day received' : `after ${days(count)}`),
  target: (count: number, date: string) => `Target ${days(count)} (by ${date})`,
  onTime: 'On time',
  lateBy: (count: number) => `Late by ${days(count)}`,
  dueIn: (count: number) => (count === 0 ? 'Due today' : `Due in ${days(count)}`),
  late: 'Late',
  findings: 'What was found',
  resolution: 'What was done',
  response: 'Complainant’s response',
  nextStep: 'Next step',
  stepDay: 'On',
  stepDayHint: 'The day it happened.',
  stepAction: {
    acknowledged: 'Record acknowledgement',
    investigated: 'Record investigation',
    resolved: 'Record resolution',
    closed: 'Close grievance',
  } satisfies Record<GrievanceStep, string>,
  stepIntro: {
    acknowledged:
      'The complainant has been told the grievance was received and will be looked into.',
    investigated: 'The facts were looked into: say what was found.',
    resolved: 'Say what was done to put it right.',
    closed: 'Close it with the complainant’s response to the resolution.',
  } satisfies Record<GrievanceStep, string>,
  stepTaken: {
    acknowledged: 'Acknowledgement recorded.',
    investigated: 'Investigation recorded.',
    resolved: 'Resolution recorded.',
    closed: 'Grievance closed.',
  } satisfies Record<GrievanceStep, string>,
  // The targets and who sees identities
  settings: 'Targets and identities',
  settingsIntro:
    'Your grievance targets, and the company users who see complainants’ names and contacts.',
  targetsLine: (acknowledge: number, resolve: number) =>
    `Targets: acknowledged within ${days(acknowledge)}, resolved within ${days(resolve)} of the day received.`,
  targetsTitle: 'Targets',
  targetsHelp:
    'Days after the day a grievance is received. Grievances already recorded keep the targets they were recorded under.',
  acknowledgeWithin: 'Acknowledge within (days)',
  resolveWithin: 'Resolve within (days)',
  saveTargets: 'Save targets',
  targetsSaved: 'Targets saved.',
  viewersTitle: 'Who sees complainants’ identities',
  viewersHelp:
    'Only the users ticked here see a named complainant’s name and contact; everyone else, you included until ticked, and the client read “Identity withheld”.',
  viewersLegend: 'The company’s users',
  viewersOwnerOnly: 'Only the company’s owner names them.',
  noViewers: 'Nobody is named yet.',
  saveViewers: 'Save who sees identities',
  viewersSaved: 'Saved: these users see complainants’ identities.',
} as const;
