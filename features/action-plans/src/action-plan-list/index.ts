export { ActionPlanListScreen, gapPath } from './action-plan-list-screen';
export type { ActionPlanListScreenProps } from './action-plan-list-screen';
