// The words of the serious-incident screens (docs/decisions/0099-serious-incidents.md), one place
// for every area that shows them.
import { t } from '#texts';
import { textRecord } from '../text-records';
import { INCIDENT_CARD_TEXT } from './incident-card-texts';
import type { IncidentSeverity } from './incidents';

export const INCIDENT_SEVERITY_LABELS: Readonly<Record<IncidentSeverity, string>> = textRecord({
  low: 'contract.incident.severity.low',
  medium: 'contract.incident.severity.medium',
  high: 'contract.incident.severity.high',
  critical: 'contract.incident.severity.critical',
});

/** The screens' words, each read in the language in use whenever it is read. */
export const INCIDENT_TEXT = {
  get title() {
    return INCIDENT_CARD_TEXT.title;
  },
  get cardHint() {
    return INCIDENT_CARD_TEXT.cardHint;
  },
  get open() {
    return INCIDENT_CARD_TEXT.open;
  },
  get portfolioTitle() {
    return INCIDENT_CARD_TEXT.portfolioTitle;
  },
  get portfolioCardHint() {
    return INCIDENT_CARD_TEXT.portfolioCardHint;
  },
  get intro() {
    return t('contract.incident.intro');
  },
  get portfolioIntro() {
    return t('contract.incident.portfolioIntro');
  },
  get report() {
    return t('contract.incident.report');
  },
  get reportIntro() {
    return t('contract.incident.reportIntro');
  },
  get downloadCsv() {
    return t('contract.incident.downloadCsv');
  },
  get register() {
    return t('contract.incident.register');
  },
  get openIncident() {
    return t('contract.incident.openIncident');
  },
  incidentTitle: (category: string, date: string) =>
    t('contract.incident.incidentTitle', { category, date }),
  get noIncidents() {
    return t('contract.incident.noIncidents');
  },
  get noneMatch() {
    return t('contract.incident.noneMatch');
  },
  // The register's counts and filters
  get total() {
    return t('contract.incident.total');
  },
  get openCount() {
    return t('contract.incident.openCount');
  },
  get lateCount() {
    return t('contract.incident.lateCount');
  },
  get byCategory() {
    return t('contract.incident.byCategory');
  },
  get bySeverity() {
    return t('contract.incident.bySeverity');
  },
  get filters() {
    return t('contract.incident.filters');
  },
  get onlyOpen() {
    return t('contract.incident.onlyOpen');
  },
  get onlyLate() {
    return t('contract.incident.onlyLate');
  },
  get anyCategory() {
    return t('contract.incident.anyCategory');
  },
  get anySeverity() {
    return t('contract.incident.anySeverity');
  },
  // The columns and fields
  get occurredAt() {
    return t('contract.incident.occurredAt');
  },
  get company() {
    return t('contract.incident.company');
  },
  get category() {
    return t('contract.incident.category');
  },
  get severity() {
    return t('contract.incident.severity');
  },
  get location() {
    return t('contract.incident.location');
  },
  get lender() {
    return t('contract.incident.lender');
  },
  get rootCause() {
    return t('contract.incident.rootCause');
  },
  get status() {
    return t('contract.incident.status');
  },
  get closed() {
    return t('contract.incident.closed');
  },
  get openStatus() {
    return t('contract.incident.openStatus');
  },
  get description() {
    return t('contract.incident.description');
  },
  get peopleAffected() {
    return t('contract.incident.peopleAffected');
  },
  get immediateActions() {
    return t('contract.incident.immediateActions');
  },
  get immediateActionsHint() {
    return t('contract.incident.immediateActionsHint');
  },
  reportedBy: (name: string, when: string) => t('contract.incident.reportedBy', { name, when }),
  get correct() {
    return t('contract.incident.correct');
  },
  get saveCorrection() {
    return t('contract.incident.saveCorrection');
  },
  get cancelCorrection() {
    return t('contract.incident.cancelCorrection');
  },
  get corrected() {
    return t('contract.incident.corrected');
  },
  // The photos
  get photos() {
    return t('contract.incident.photos');
  },
  get morePhotos() {
    return t('contract.incident.morePhotos');
  },
  get addPhotos() {
    return t('contract.incident.addPhotos');
  },
  get takePhoto() {
    return t('contract.incident.takePhoto');
  },
  get photosInput() {
    return t('contract.incident.photosInput');
  },
  get cameraInput() {
    return t('contract.incident.cameraInput');
  },
  get photosHint() {
    return t('contract.incident.photosHint');
  },
  get selectedPhotos() {
    return t('contract.incident.selectedPhotos');
  },
  get refusedPhotos() {
    return t('contract.incident.refusedPhotos');
  },
  removePhoto: (name: string) => t('contract.incident.removePhoto', { name }),
  photoAlt: (name: string) => t('contract.incident.photoAlt', { name }),
  get noPhotos() {
    return t('contract.incident.noPhotos');
  },
  get send() {
    return t('contract.incident.send');
  },
  get reported() {
    return t('contract.incident.reported');
  },
  get photosFailed() {
    return t('contract.incident.photosFailed');
  },
  get sendPhotos() {
    return t('contract.incident.sendPhotos');
  },
  get photosAdded() {
    return t('contract.incident.photosAdded');
  },
  // The clocks
  get clocks() {
    return t('contract.incident.clocks');
  },
  get notifiedInTime() {
    return t('contract.incident.notifiedInTime');
  },
  get notifiedLate() {
    return t('contract.incident.notifiedLate');
  },
  notifyDue: (date: string) => t('contract.incident.notifyDue', { date }),
  rootCauseDueIn: (count: number, date: string) =>
    t('contract.incident.rootCauseDueIn', { count, date }),
  rootCauseLate: (count: number) => t('contract.incident.rootCauseLate', { count }),
  rootCauseSent: (date: string) => t('contract.incident.rootCauseSent', { date }),
  get rootCauseNotSent() {
    return t('contract.incident.rootCauseNotSent');
  },
  // The same clocks in the register, under their columns' headings
  get notifiedInTimeShort() {
    return t('contract.incident.notifiedInTimeShort');
  },
  get notifiedLateShort() {
    return t('contract.incident.notifiedLateShort');
  },
  dueInShort: (count: number) => t('contract.incident.dueInShort', { count }),
  lateShort: (count: number) => t('contract.incident.lateShort', { count }),
  sentShort: (date: string) => t('contract.incident.sentShort', { date }),
  get notSentShort() {
    return t('contract.incident.notSentShort');
  },
  // The root-cause analysis
  get rootCauseTitle() {
    return t('contract.incident.rootCauseTitle');
  },
  get rootCauseLabel() {
    return t('contract.incident.rootCauseLabel');
  },
  get rootCauseHint() {
    return t('contract.incident.rootCauseHint');
  },
  get rootCauseEmpty() {
    return t('contract.incident.rootCauseEmpty');
  },
  get saveRootCause() {
    return t('contract.incident.saveRootCause');
  },
  get updateRootCause() {
    return t('contract.incident.updateRootCause');
  },
  get rootCauseSaved() {
    return t('contract.incident.rootCauseSaved');
  },
  // The client's questions
  get questions() {
    return t('contract.incident.questions');
  },
  get noQuestions() {
    return t('contract.incident.noQuestions');
  },
  get askLabel() {
    return t('contract.incident.askLabel');
  },
  get ask() {
    return t('contract.incident.ask');
  },
  get asked() {
    return t('contract.incident.asked');
  },
  askedBy: (name: string, when: string) => t('contract.incident.askedBy', { name, when }),
  get answerLabel() {
    return t('contract.incident.answerLabel');
  },
  get answer() {
    return t('contract.incident.answer');
  },
  get answered() {
    return t('contract.incident.answered');
  },
  get waitingAnswer() {
    return t('contract.incident.waitingAnswer');
  },
  // The corrective actions
  get correctiveActions() {
    return t('contract.incident.correctiveActions');
  },
  get noCorrectiveActions() {
    return t('contract.incident.noCorrectiveActions');
  },
  get addCorrectiveAction() {
    return t('contract.incident.addCorrectiveAction');
  },
  get correctiveActionIntro() {
    return t('contract.incident.correctiveActionIntro');
  },
  get auditorFirm() {
    return t('contract.incident.auditorFirm');
  },
  get audit() {
    return t('contract.incident.audit');
  },
  auditChoice: (category: string, type: string) =>
    t('contract.incident.auditChoice', { category, type }),
  get actionPlan() {
    return t('contract.incident.actionPlan');
  },
  get choose() {
    return t('contract.incident.choose');
  },
  get noPlans() {
    return t('contract.incident.noPlans');
  },
  get correctiveActionAdded() {
    return t('contract.incident.correctiveActionAdded');
  },
  get due() {
    return t('contract.incident.due');
  },
  get cancel() {
    return t('contract.incident.cancel');
  },
  // Closing
  get close() {
    return t('contract.incident.close');
  },
  get closeTitle() {
    return t('contract.incident.closeTitle');
  },
  get closeBody() {
    return t('contract.incident.closeBody');
  },
  closedOn: (date: string) => t('contract.incident.closedOn', { date }),
  get closedDone() {
    return t('contract.incident.closedDone');
  },
};
