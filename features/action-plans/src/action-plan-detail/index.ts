export { ActionPlanDetailScreen, GAP_ID_PARAM } from './action-plan-detail-screen';
export { planDetailPermissions } from './plan-permissions';
export type {
  ActionPlanDetailPermissions,
  ActionPlanDetailScreenProps,
} from './action-plan-detail-screen';
