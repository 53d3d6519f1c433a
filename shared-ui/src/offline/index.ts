export { OfflineBar } from './offline-bar-entry';
export type { OfflineBarProps } from './offline-bar-entry';
export { KeepPlanButton } from './keep-plan-entry';
export type { KeepPlanButtonProps } from './keep-plan-entry';
export { loadOffline } from './use-offline-work';
export { useOfflineState, useOfflineWork } from './use-offline-state';
export type { OfflineModule } from './use-offline-work';
