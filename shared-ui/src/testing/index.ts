export { renderScreen, testUser } from './render-screen';
export type { RenderScreenOptions, RenderScreenResult } from './render-screen';
export {
  daysFromNow,
  makeActionPlan,
  makeGap,
  makeGapListItem,
  makeRemark,
  makeStatistics,
} from './fixtures';
export { apiAudit, apiCompanyAuditor, apiTargetCompany, apiUser } from './api-fixtures';
export {
  API_ORIGIN,
  apiServer,
  bare,
  fails,
  file,
  formParts,
  ok,
  onApi,
  withBody,
} from './api-server';
export { calendarOf } from './date-field';
export { enterText } from './enter-text';
export { nameStartingWith } from './names';
export { onTrailNames } from './trail-names';
export type { ApiAnswer, ApiRequest } from './api-server';
