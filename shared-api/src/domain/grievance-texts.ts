// The words of the grievance screens (docs/decisions/0104-grievances.md,
// docs/decisions/0105-grievance-screens.md), one place for every area that shows them.
import { t } from '#texts';
import { textRecord } from '../text-records';
import { GRIEVANCE_CARD_TEXT } from './grievance-card-texts';
import type { GrievanceStep } from './grievances';

/** Each step's name, "received" first: the log's stage column and the grievance's steps. */
export const GRIEVANCE_STAGE_LABELS: Readonly<Record<'received' | GrievanceStep, string>> =
  textRecord({
    received: 'contract.grievance.stage.received',
    acknowledged: 'contract.grievance.stage.acknowledged',
    investigated: 'contract.grievance.stage.investigated',
    resolved: 'contract.grievance.stage.resolved',
    closed: 'contract.grievance.stage.closed',
  });

/** The screens' words, each read in the language in use whenever it is read. */
export const GRIEVANCE_TEXT = {
  get title() {
    return GRIEVANCE_CARD_TEXT.label;
  },
  get portfolioTitle() {
    return GRIEVANCE_CARD_TEXT.registerLabel;
  },
  get intro() {
    return t('contract.grievance.intro');
  },
  get readIntro() {
    return t('contract.grievance.readIntro');
  },
  get portfolioIntro() {
    return t('contract.grievance.portfolioIntro');
  },
  get record() {
    return t('contract.grievance.record');
  },
  get recordIntro() {
    return t('contract.grievance.recordIntro');
  },
  get downloadCsv() {
    return t('contract.grievance.downloadCsv');
  },
  get register() {
    return t('contract.grievance.register');
  },
  get openGrievance() {
    return t('contract.grievance.openGrievance');
  },
  grievanceTitle: (category: string, date: string) =>
    t('contract.grievance.grievanceTitle', { category, date }),
  get noGrievances() {
    return t('contract.grievance.noGrievances');
  },
  get noneMatch() {
    return t('contract.grievance.noneMatch');
  },
  // The log's counts and filters
  get total() {
    return t('contract.grievance.total');
  },
  get openCount() {
    return t('contract.grievance.openCount');
  },
  get lateCount() {
    return t('contract.grievance.lateCount');
  },
  get byCategory() {
    return t('contract.grievance.byCategory');
  },
  get byMonth() {
    return t('contract.grievance.byMonth');
  },
  monthLine: (received: number, late: number) =>
    t('contract.grievance.monthLine', { received, late }),
  get filters() {
    return t('contract.grievance.filters');
  },
  get onlyOpen() {
    return t('contract.grievance.onlyOpen');
  },
  get onlyLate() {
    return t('contract.grievance.onlyLate');
  },
  get anyCategory() {
    return t('contract.grievance.anyCategory');
  },
  // The columns and fields
  get receivedOn() {
    return t('contract.grievance.receivedOn');
  },
  get company() {
    return t('contract.grievance.company');
  },
  get channel() {
    return t('contract.grievance.channel');
  },
  get complainantType() {
    return t('contract.grievance.complainantType');
  },
  get complainant() {
    return t('contract.grievance.complainant');
  },
  get category() {
    return t('contract.grievance.category');
  },
  get stage() {
    return t('contract.grievance.stage');
  },
  get acknowledge() {
    return t('contract.grievance.acknowledge');
  },
  get resolve() {
    return t('contract.grievance.resolve');
  },
  get description() {
    return t('contract.grievance.description');
  },
  get descriptionHint() {
    return t('contract.grievance.descriptionHint');
  },
  get choose() {
    return t('contract.grievance.choose');
  },
  // The complainant's identity
  get identity() {
    return t('contract.grievance.identity');
  },
  get anonymousChoice() {
    return t('contract.grievance.anonymousChoice');
  },
  get namedChoice() {
    return t('contract.grievance.namedChoice');
  },
  get anonymous() {
    return t('contract.grievance.anonymous');
  },
  get identityWithheld() {
    return t('contract.grievance.identityWithheld');
  },
  get identityWithheldHint() {
    return t('contract.grievance.identityWithheldHint');
  },
  get complainantName() {
    return t('contract.grievance.complainantName');
  },
  get complainantContact() {
    return t('contract.grievance.complainantContact');
  },
  get complainantContactHint() {
    return t('contract.grievance.complainantContactHint');
  },
  get send() {
    return t('contract.grievance.send');
  },
  get recorded() {
    return t('contract.grievance.recorded');
  },
  recordedBy: (name: string, when: string) => t('contract.grievance.recordedBy', { name, when }),
  // The steps and the targets
  get steps() {
    return t('contract.grievance.steps');
  },
  get notYet() {
    return t('contract.grievance.notYet');
  },
  takenDays: (count: number) => t('contract.grievance.takenDays', { count }),
  target: (count: number, date: string) => t('contract.grievance.target', { count, date }),
  get onTime() {
    return t('contract.grievance.onTime');
  },
  lateBy: (count: number) => t('contract.grievance.lateBy', { count }),
  dueIn: (count: number) => t('contract.grievance.dueIn', { count }),
  get late() {
    return t('contract.grievance.late');
  },
  get findings() {
    return t('contract.grievance.findings');
  },
  get resolution() {
    return t('contract.grievance.resolution');
  },
  get response() {
    return t('contract.grievance.response');
  },
  get nextStep() {
    return t('contract.grievance.nextStep');
  },
  get stepDay() {
    return t('contract.grievance.stepDay');
  },
  get stepDayHint() {
    return t('contract.grievance.stepDayHint');
  },
  stepAction: textRecord<GrievanceStep>({
    acknowledged: 'contract.grievance.stepAction.acknowledged',
    investigated: 'contract.grievance.stepAction.investigated',
    resolved: 'contract.grievance.stepAction.resolved',
    closed: 'contract.grievance.stepAction.closed',
  }),
  stepIntro: textRecord<GrievanceStep>({
    acknowledged: 'contract.grievance.stepIntro.acknowledged',
    investigated: 'contract.grievance.stepIntro.investigated',
    resolved: 'contract.grievance.stepIntro.resolved',
    closed: 'contract.grievance.stepIntro.closed',
  }),
  stepTaken: textRecord<GrievanceStep>({
    acknowledged: 'contract.grievance.stepTaken.acknowledged',
    investigated: 'contract.grievance.stepTaken.investigated',
    resolved: 'contract.grievance.stepTaken.resolved',
    closed: 'contract.grievance.stepTaken.closed',
  }),
  // The targets and who sees identities
  get settings() {
    return t('contract.grievance.settings');
  },
  get settingsIntro() {
    return t('contract.grievance.settingsIntro');
  },
  targetsLine: (acknowledge: number, resolve: number) =>
    t('contract.grievance.targetsLine', { acknowledge, resolve }),
  get targetsTitle() {
    return t('contract.grievance.targetsTitle');
  },
  get targetsHelp() {
    return t('contract.grievance.targetsHelp');
  },
  get acknowledgeWithin() {
    return t('contract.grievance.acknowledgeWithin');
  },
  get resolveWithin() {
    return t('contract.grievance.resolveWithin');
  },
  get saveTargets() {
    return t('contract.grievance.saveTargets');
  },
  get targetsSaved() {
    return t('contract.grievance.targetsSaved');
  },
  get viewersTitle() {
    return t('contract.grievance.viewersTitle');
  },
  get viewersHelp() {
    return t('contract.grievance.viewersHelp');
  },
  get viewersLegend() {
    return t('contract.grievance.viewersLegend');
  },
  get viewersOwnerOnly() {
    return t('contract.grievance.viewersOwnerOnly');
  },
  get noViewers() {
    return t('contract.grievance.noViewers');
  },
  get saveViewers() {
    return t('contract.grievance.saveViewers');
  },
  get viewersSaved() {
    return t('contract.grievance.viewersSaved');
  },
};
