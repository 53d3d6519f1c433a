export { LiveUpdates, applyChange } from './live-updates';
export { liveChangeText } from './live-texts';
