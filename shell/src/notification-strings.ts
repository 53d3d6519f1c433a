// Every string the notification screens show (the bell, its panel, the settings page) besides the
// shared words of shared-api. Apart from strings.ts, which the login screen loads: /login stays light.
import { t } from './strings';

// The bell and its panel: the shell's catalogue (strings.ts).
export const notificationBellLabel = (unread: number): string => t('shell.bell.label', { unread });
export const notificationsShownText = (shown: number, total: number): string =>
  t('shell.bell.shown', { shown, total });

// The notification settings page, under every area
export const NOTIFICATION_SETTINGS_TEXT = {
  intro: 'Choose how Verity tells you about your gaps. These settings are yours alone.',
  kindsHeading: 'What you hear about',
  kindColumn: 'Notification',
  emailColumn: 'E-mail',
  inAppColumn: 'In the app',
  emailOnly: 'E-mail only',
  save: 'Save notification settings',
  timeZoneField: 'Time zone',
  timeZoneUse: 'Reminders and overdue notices follow the days of this time zone.',
  timeZoneSearch: 'Type to search the list, such as Europe/London.',
  saveTimeZone: 'Save time zone',
  ownerOnly: 'Only an owner can change this.',
} as const;
export const channelSwitchLabel = (kindLabel: string, channel: 'email' | 'inApp'): string =>
  `${kindLabel}: ${channel === 'email' ? 'e-mail' : 'in the app'}`;
