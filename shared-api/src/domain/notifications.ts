// Reminders, overdue escalation and notifications (issue: nobody misses a due date). The kinds, who
// may switch what off, and the words the screens and the e-mails share.
import { textRecord } from '../text-records';

/** Every kind of notification, in the order the preferences screen lists them. */
export const NOTIFICATION_KINDS = [
  'dueSoon',
  'overdue',
  'escalation',
  'closureRequested',
  'closureReturned',
  'closureAccepted',
  'extensionRequested',
  'extensionAnswered',
  'remarkAdded',
  'reportSubmitted',
  'reportChangesRequested',
  'reportAccepted',
  'reportDueSoon',
  'reportOverdue',
  'incidentReported',
  'incidentRootCauseLate',
  'incidentQuestionAsked',
  'incidentQuestionAnswered',
  'digest',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'inApp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = textRecord({
  dueSoon: 'contract.notification.kind.dueSoon',
  overdue: 'contract.notification.kind.overdue',
  escalation: 'contract.notification.kind.escalation',
  closureRequested: 'contract.notification.kind.closureRequested',
  closureReturned: 'contract.notification.kind.closureReturned',
  closureAccepted: 'contract.notification.kind.closureAccepted',
  extensionRequested: 'contract.notification.kind.extensionRequested',
  extensionAnswered: 'contract.notification.kind.extensionAnswered',
  remarkAdded: 'contract.notification.kind.remarkAdded',
  reportSubmitted: 'contract.notification.kind.reportSubmitted',
  reportChangesRequested: 'contract.notification.kind.reportChangesRequested',
  reportAccepted: 'contract.notification.kind.reportAccepted',
  reportDueSoon: 'contract.notification.kind.reportDueSoon',
  reportOverdue: 'contract.notification.kind.reportOverdue',
  incidentReported: 'contract.notification.kind.incidentReported',
  incidentRootCauseLate: 'contract.notification.kind.incidentRootCauseLate',
  incidentQuestionAsked: 'contract.notification.kind.incidentQuestionAsked',
  incidentQuestionAnswered: 'contract.notification.kind.incidentQuestionAnswered',
  digest: 'contract.notification.kind.digest',
});

/** The channels a kind is sent on: the digest is an e-mail only. */
export const NOTIFICATION_KIND_CHANNELS: Readonly<
  Record<NotificationKind, readonly NotificationChannel[]>
> = {
  dueSoon: ['email', 'inApp'],
  overdue: ['email', 'inApp'],
  escalation: ['email', 'inApp'],
  closureRequested: ['email', 'inApp'],
  closureReturned: ['email', 'inApp'],
  closureAccepted: ['email', 'inApp'],
  extensionRequested: ['email', 'inApp'],
  extensionAnswered: ['email', 'inApp'],
  remarkAdded: ['email', 'inApp'],
  reportSubmitted: ['email', 'inApp'],
  reportChangesRequested: ['email', 'inApp'],
  reportAccepted: ['email', 'inApp'],
  reportDueSoon: ['email', 'inApp'],
  reportOverdue: ['email', 'inApp'],
  incidentReported: ['email', 'inApp'],
  incidentRootCauseLate: ['email', 'inApp'],
  incidentQuestionAsked: ['email', 'inApp'],
  incidentQuestionAnswered: ['email', 'inApp'],
  digest: ['email'],
};

/** Kinds nobody can switch off, on any channel. */
export const LOCKED_NOTIFICATION_KINDS: readonly NotificationKind[] = ['escalation'];

/** Days before the due date that a reminder goes out. */
export const REMINDER_DAYS_BEFORE = [14, 7, 1] as const;
/** Days after the due date: the overdue notice, then the escalation to the client. */
export const OVERDUE_DAYS_AFTER = 1;
export const ESCALATION_DAYS_AFTER = 7;

/** The organisation's time zone until its owner sets one: it decides what "a day" is. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The bell re-reads the unread count at least this often. */
export const UNREAD_COUNT_REFRESH_MS = 60_000;
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 50;

export const NOTIFICATIONS_LABEL = 'Notifications';
export const MARK_ALL_READ_LABEL = 'Mark all as read';
export const NO_NOTIFICATIONS = 'No notifications yet.';
export const NOTIFICATION_SETTINGS_LABEL = 'Notification settings';
export const ORGANISATION_TIME_ZONE_LABEL = 'Organisation time zone';
export const ESCALATION_LOCKED = 'Escalations cannot be switched off.';
export const UNKNOWN_TIME_ZONE = 'Choose a time zone from the list, such as Europe/London.';
export const UNKNOWN_NOTIFICATION_KIND = 'Choose a notification kind from the list.';
export const DIGEST_EMAIL_ONLY = 'The weekly digest is sent by e-mail only.';
export const NOTIFICATION_PREFERENCES_SAVED = 'Notification settings saved.';
export const TIME_ZONE_SAVED = 'Time zone saved.';

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** Whether the runtime knows this IANA time zone name (the API and the screens ask the same). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The unread count as the bell shows it: '99+' past 99. */
export function unreadBadgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/**
 * The words above in the language in use, for the screens (the same names as the English
 * constants, which the API's answers, the e-mails and the tests keep).
 */
export const NOTIFICATION_TEXT = textRecord({
  NOTIFICATIONS_LABEL: 'contract.notification.notificationsLabel',
  MARK_ALL_READ_LABEL: 'contract.notification.markAllReadLabel',
  NO_NOTIFICATIONS: 'contract.notification.noNotifications',
  NOTIFICATION_SETTINGS_LABEL: 'contract.notification.notificationSettingsLabel',
  ORGANISATION_TIME_ZONE_LABEL: 'contract.notification.organisationTimeZoneLabel',
  ESCALATION_LOCKED: 'contract.notification.escalationLocked',
  UNKNOWN_TIME_ZONE: 'contract.notification.unknownTimeZone',
  UNKNOWN_NOTIFICATION_KIND: 'contract.notification.unknownNotificationKind',
  DIGEST_EMAIL_ONLY: 'contract.notification.digestEmailOnly',
  NOTIFICATION_PREFERENCES_SAVED: 'contract.notification.preferencesSaved',
  TIME_ZONE_SAVED: 'contract.notification.timeZoneSaved',
});
