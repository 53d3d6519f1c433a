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

export const EXPAND_SIDEBAR_LABEL = 'Expand sidebar';
export const COLLAPSE_SIDEBAR_LABEL = 'Collapse sidebar';
export const MAIN_NAV_LABEL = 'Main';
export const SKIP_TO_CONTENT_LABEL = 'Skip to main content';

export const remoteUnavailableText = (areaLabel: string): string =>
  `The ${areaLabel} area could not be loaded. Check your connection, then refresh the page.`;
export const remoteCrashedText = (areaLabel: string): string =>
  `The ${areaLabel} area stopped because of an unexpected error.`;
