export { GapDetailsPanel } from './gap-details-panel';
export type { GapDetailsPanelProps } from './gap-details-panel';
export { preparePhoto, PHOTO_MAX_LONG_EDGE } from './prepare-photo';
export type { PreparedPhoto, PreparePhotoOptions } from './prepare-photo';
