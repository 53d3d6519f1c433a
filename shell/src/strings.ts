// The shell's texts (login, frame, bell): its catalogue, English bundled for /login, each other
// language a chunk loaded when chosen (docs/decisions/0109-languages.md). In English every text is
// the spec's.
import { catalogue } from '@verity/session';
import english from './locales/en.json';

export const t = catalogue(english, (language) => import(`./locales/${language}.json`));

export const loginButtonLabel = (userTypeLabel: string): string =>
  t('shell.login.button', { userType: userTypeLabel });

/** A client's link to its portfolio settings, in the user panel. */
export const PORTFOLIO_SETTINGS_PATH = '/client/settings';

export const remoteUnavailableText = (areaLabel: string): string =>
  t('shell.area.unavailable', { area: areaLabel });
export const remoteCrashedText = (areaLabel: string): string =>
  t('shell.area.crashed', { area: areaLabel });
