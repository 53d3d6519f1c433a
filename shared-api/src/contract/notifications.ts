// The contract of notifications, their preferences and the organisation's settings (docs/api.md
// "Notifications"). The kinds, channels and words live in ../domain/notifications.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { NOTIFICATIONS_MAX_PAGE_SIZE, NOTIFICATION_KINDS } from '../domain/notifications';
import { IsoDate, Nullable, Uuid, errorAnswers, oneOf, routeSchemas, successWith } from './common';

/** One notification as the bell's panel shows it. */
export const AppNotification = Type.Object({
  id: Uuid,
  kind: oneOf(NOTIFICATION_KINDS),
  title: Type.String(),
  body: Type.String(),
  createdAt: IsoDate,
  readAt: Nullable(IsoDate),
  gapId: Nullable(Uuid),
  actionPlanId: Nullable(Uuid),
  targetCompanyId: Nullable(Uuid),
  link: Nullable(
    Type.String({
      description: "the in-app path of the gap in the reader's own area, starting with '/'",
    }),
  ),
});
export type AppNotification = Static<typeof AppNotification>;

export const NotificationPage = Type.Object({
  notifications: Type.Array(AppNotification, { description: 'newest first' }),
  total: Type.Integer({ minimum: 0 }),
  unread: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
});
export type NotificationPage = Static<typeof NotificationPage>;

/** One kind's switches, as stored (defaults: all on; the digest is never in the app). */
export const NotificationPreference = Type.Object({
  kind: oneOf(NOTIFICATION_KINDS),
  email: Type.Boolean(),
  inApp: Type.Boolean(),
  locked: Type.Boolean({ description: 'nobody may switch this kind off (escalations)' }),
});
export type NotificationPreference = Static<typeof NotificationPreference>;

/** A change to one kind's switches; a switch left out keeps its value. */
export const NotificationPreferenceChange = Type.Object({
  // A plain string: an unknown kind is answered in words by the route.
  kind: Type.String({ maxLength: 64 }),
  email: Type.Optional(Type.Boolean()),
  inApp: Type.Optional(Type.Boolean()),
});
export type NotificationPreferenceChange = Static<typeof NotificationPreferenceChange>;

export const OrganisationSettings = Type.Object({
  timeZone: Type.String({
    description: 'IANA time zone name; it decides when a day starts for reminders and overdue',
  }),
});
export type OrganisationSettings = Static<typeof OrganisationSettings>;

const notificationErrors = errorAnswers(400, 401, 403, 404, 503);

function answers<T extends TSchema>(data: T) {
  return { 200: successWith(data), ...notificationErrors };
}

const Preferences = Type.Object({ preferences: Type.Array(NotificationPreference) });
const Settings = Type.Object({ settings: OrganisationSettings });

export const notificationSchemas = routeSchemas({
  notifications: {
    querystring: Type.Object({
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: NOTIFICATIONS_MAX_PAGE_SIZE })),
    }),
    response: answers(NotificationPage),
  },
  unreadCount: { response: answers(Type.Object({ unread: Type.Integer({ minimum: 0 }) })) },
  readAll: { response: answers(Type.Object({ unread: Type.Literal(0) })) },
  readOne: {
    params: Type.Object({ id: Uuid }),
    response: answers(Type.Object({ notification: AppNotification })),
  },
  preferences: { response: answers(Preferences) },
  updatePreferences: {
    body: Type.Object({
      preferences: Type.Array(NotificationPreferenceChange, {
        maxItems: NOTIFICATION_KINDS.length * 2,
      }),
    }),
    response: answers(Preferences),
  },
  organisationSettings: { response: answers(Settings) },
  updateOrganisationSettings: {
    // A plain string: an unknown zone is answered in words by the route (UNKNOWN_TIME_ZONE).
    body: Type.Object({ timeZone: Type.String({ maxLength: 200 }) }),
    response: answers(Settings),
  },
});
