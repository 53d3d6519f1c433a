export { OfflineBar } from './offline-bar';
export type { OfflineBarProps } from './offline-bar';
export { KeepPlanButton } from './keep-plan-button';
export type { KeepPlanButtonProps } from './keep-plan-button';
export { loadOffline, useOfflineState, useOfflineWork } from './use-offline-work';
export type { OfflineModule } from './use-offline-work';
export { OFFLINE_TEXT } from './offline-text';
