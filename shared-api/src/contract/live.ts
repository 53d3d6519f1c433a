// The contract of live updates (docs/decisions/0054-live-updates.md): `GET /events` is a stream of
// server-sent events telling the screens what changed. Events carry ids and versions only; the
// screens read what they show again through the normal routes, so tenancy stays in those routes.
import { Type, type Static } from '@sinclair/typebox';
import { LIVE_CHANGE_EVENT, LIVE_NOTICE_EVENT, LIVE_RESYNC_EVENT } from '../domain/live';
import { FileAnswer, Nullable, Uuid, errorAnswers, routeSchemas, signedInErrors } from './common';

/** What changed: a plan, and its one gap when the write touched one (else several, or the plan itself). */
export const LiveChange = Type.Object({
  actionPlanId: Uuid,
  gapId: Nullable(Uuid),
  version: Type.Integer({
    minimum: 1,
    description: 'of the gap when one, else the newest written',
  }),
  changedBy: Nullable(Uuid),
  targetCompanyId: Uuid,
});
export type LiveChange = Static<typeof LiveChange>;

export const liveSchemas = routeSchemas({
  events: {
    response: {
      200: FileAnswer(
        `text/event-stream: '${LIVE_CHANGE_EVENT}' events whose data is a LiveChange as JSON, ` +
          `'${LIVE_NOTICE_EVENT}' when the reader's bell has something new (data {}), ` +
          `'${LIVE_RESYNC_EVENT}' when changes may have been missed, and comments as heartbeats`,
      ),
      ...signedInErrors,
      // Past the streams one person may have open at once.
      ...errorAnswers(429),
    },
  },
});
