import type {
  AppNotification,
  NotificationPage,
  NotificationPreference,
  NotificationPreferenceChange,
  OrganisationSettings,
} from '../contract';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf } from './envelope';

/** GET /notifications: the signed-in user's notifications, newest first, one page at a time. */
export function listNotifications(
  { page, pageSize, signal }: { page?: number; pageSize?: number; signal?: AbortSignal } = {},
  client: KyInstance = apiClient,
): Promise<NotificationPage> {
  const searchParams: Record<string, string> = {};
  if (page !== undefined) searchParams.page = String(page);
  if (pageSize !== undefined) searchParams.pageSize = String(pageSize);
  return dataOf<NotificationPage>(client.get('notifications', { searchParams, signal }));
}

/** GET /notifications/unread-count: what the bell shows. */
export async function getUnreadCount(client: KyInstance = apiClient): Promise<number> {
  const data = await dataOf<{ unread: number }>(client.get('notifications/unread-count'));
  return data.unread;
}

/** POST /notifications/read-all. */
export async function markAllNotificationsRead(client: KyInstance = apiClient): Promise<number> {
  const data = await dataOf<{ unread: number }>(client.post('notifications/read-all'));
  return data.unread;
}

/** POST /notification/{id}/read: one of the user's own notifications. */
export async function markNotificationRead(
  id: string,
  client: KyInstance = apiClient,
): Promise<AppNotification> {
  const data = await dataOf<{ notification: AppNotification }>(
    client.post(`notification/${encodeURIComponent(id)}/read`),
  );
  return data.notification;
}

/** GET /notification-preferences: one entry per kind, in NOTIFICATION_KINDS order. */
export async function getNotificationPreferences(
  client: KyInstance = apiClient,
): Promise<NotificationPreference[]> {
  const data = await dataOf<{ preferences: NotificationPreference[] }>(
    client.get('notification-preferences'),
  );
  return data.preferences;
}

/** PUT /notification-preferences: the kinds given change; the answer is every kind. */
export async function updateNotificationPreferences(
  preferences: NotificationPreferenceChange[],
  client: KyInstance = apiClient,
): Promise<NotificationPreference[]> {
  const data = await dataOf<{ preferences: NotificationPreference[] }>(
    client.put('notification-preferences', { json: { preferences } }),
  );
  return data.preferences;
}

/** GET /organisation/settings: the caller's own organisation's settings. */
export async function getOrganisationSettings(
  client: KyInstance = apiClient,
): Promise<OrganisationSettings> {
  const data = await dataOf<{ settings: OrganisationSettings }>(
    client.get('organisation/settings'),
  );
  return data.settings;
}

/** PUT /organisation/settings (the organisation's owner). */
export async function updateOrganisationSettings(
  settings: OrganisationSettings,
  client: KyInstance = apiClient,
): Promise<OrganisationSettings> {
  const data = await dataOf<{ settings: OrganisationSettings }>(
    client.put('organisation/settings', { json: settings }),
  );
  return data.settings;
}
