export { ActionPlanDetailScreen, GAP_ID_PARAM } from './action-plan-detail-screen';
export type {
  ActionPlanDetailPermissions,
  ActionPlanDetailScreenProps,
} from './action-plan-detail-screen';
