export { MyActionsCard } from './my-actions-card';
export { MyActionsScreen } from './my-actions-screen';
export type { MyActionsScreenProps } from './my-actions-screen';
