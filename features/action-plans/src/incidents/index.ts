export { IncidentRegisterScreen } from './incident-register-screen';
export type { IncidentRegisterScreenProps } from './incident-register-screen';
export { ReportIncidentScreen } from './report-incident-screen';
export type { ReportIncidentScreenProps } from './report-incident-screen';
export { IncidentScreen } from './incident-screen';
export type { IncidentCorrectiveAction, IncidentScreenProps } from './incident-screen';
export type { CorrectivePlanSource } from './corrective-action-form';
export { IncidentsCard } from './incidents-card';
export { SeverityBadge, NotifiedBadge, RootCauseBadge } from './incident-badges';
