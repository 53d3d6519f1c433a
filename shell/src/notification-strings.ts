// Every string the bell and its panel show besides the shared words of shared-api (the settings
// page has its own catalogue). Apart from strings.ts, which the login screen loads: /login stays light.
import { t } from './strings';

// The bell and its panel: the shell's catalogue (strings.ts).
export const notificationBellLabel = (unread: number): string => t('shell.bell.label', { unread });
export const notificationsShownText = (shown: number, total: number): string =>
  t('shell.bell.shown', { shown, total });
