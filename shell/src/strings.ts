// Every string the shell shows, so the spec's wording is checked in one place.
export const LOGIN_SUBTITLE = 'Login your ACCOUNT';
export const LOGIN_TITLE = 'Welcome to Verity';
export const LOGIN_TAGLINE = 'ESG audits, due diligence and action plans in one place.';
export const loginButtonLabel = (userTypeLabel: string): string => `Login As ${userTypeLabel}`;

// After a sign-in by a person who belongs to several organisations of one user type
export const CHOOSE_ORGANISATION_TITLE = 'Choose an organisation';
export const CHOOSE_ORGANISATION_HINT = 'Your account belongs to several organisations.';
export const CHOOSE_ORGANISATION_EXPIRED = 'This sign-in has expired. Please sign in again.';
export const BACK_TO_SIGN_IN = 'Back to sign-in';

export const LOADING_TEXT = 'Loading...';
export const USER_NAME_FALLBACK = 'User';
export const LOGOUT_LABEL = 'Logout';
export const USER_MENU_LABEL = 'Open user menu';
export const USER_PANEL_LABEL = 'Signed-in user';
/** A client's link to its portfolio settings, in the user panel. */
export const PORTFOLIO_SETTINGS_LABEL = 'Portfolio settings';
export const PORTFOLIO_SETTINGS_PATH = '/client/settings';

// The notification bell and its panel (the shared words are in shared-api's notifications domain)
export const notificationBellLabel = (unread: number): string =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
export const LOAD_MORE_NOTIFICATIONS = 'Load more';
export const UNREAD_NOTIFICATION = 'Unread';
export const MARK_READ_LABEL = 'Mark as read';
export const notificationsShownText = (shown: number, total: number): string =>
  `${shown} of ${total}`;

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

export const EXPAND_SIDEBAR_LABEL = 'Expand sidebar';
export const COLLAPSE_SIDEBAR_LABEL = 'Collapse sidebar';
export const MAIN_NAV_LABEL = 'Main';
export const SKIP_TO_CONTENT_LABEL = 'Skip to main content';

export const remoteUnavailableText = (areaLabel: string): string =>
  `The ${areaLabel} area could not be loaded. Check your connection, then refresh the page.`;
export const remoteCrashedText = (areaLabel: string): string =>
  `The ${areaLabel} area stopped because of an unexpected error.`;
