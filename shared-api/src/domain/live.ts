// Live updates (docs/decisions/0054-live-updates.md): the names the stream of changes and its
// events go by, for the API that sends them and the screens that follow them.

/** The stream's path under /api/v1. */
export const LIVE_EVENTS_PATH = 'events';
/** The name of the event a change comes as: its data is a LiveChange as JSON. */
export const LIVE_CHANGE_EVENT = 'change';
/**
 * The name of the event that says the reader's bell has something new
 * (docs/decisions/0107-the-bell-live.md): its data is `{}`, the bell reads its count and list again.
 */
export const LIVE_NOTICE_EVENT = 'notice';
/**
 * The name of the event that says changes may have been missed (the API lost its link to the
 * database for a moment): whatever is on screen should be read again.
 */
export const LIVE_RESYNC_EVENT = 'resync';
