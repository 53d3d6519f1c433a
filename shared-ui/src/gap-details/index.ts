export { GapDetailsPanel } from './gap-details-panel';
export type { GapDetailsPanelProps } from './gap-details-panel';
