export { LiveUpdates, applyChange } from './live-updates';
export { liveChangeText } from './live-texts';
export { followServerEvents } from './server-events';
export type { ServerEventFollower, ServerEventsOptions, EventSourceLike } from './server-events';
