// What must be one instance in the page, shared by the shell and every area: the API client (its
// single-flight refresh) and the session store. Nothing here knows the product's contract.
export {
  createApiClient,
  apiClient,
  API_BASE_PATH,
  REFRESH_PATH,
  DEFAULT_TIMEOUT_MS,
} from './http/client';
export type { ApiClientOptions, RefreshCoordination } from './http/client';
export { NetworkError, isApiHttpError, getErrorStatus } from './http/errors';
export type { ApiHttpError } from './http/errors';
export { HTTPError, TimeoutError, isHTTPError, isTimeoutError } from 'ky';
export type { KyInstance, ResponsePromise } from 'ky';

export { getCurrentUser, logout, refresh } from './session-calls';
export { createSessionStore, sessionStore, DEFAULT_LOGOUT_REDIRECT } from './session-store';
export type { SessionStatus, SessionState, SessionStoreDeps } from './session-store';
export { useSession } from './use-session';
export type { SessionRegister, SessionUserOf } from './session-user';
export { clearAllDrafts, clearDraft, readDraft, writeDraft } from './drafts';
export {
  OFFLINE_ANSWERS_CACHE,
  OFFLINE_CACHE_PREFIX,
  OFFLINE_DATABASE,
  keptDataForgotten,
  offlineUserId,
  setKeptDataForgotten,
  setOfflineUserId,
  setSignOutPending,
  signOutPending,
  wipeDeviceData,
} from './device-data';
export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_NAMES,
  directionOf,
  isLanguage,
  languageOf,
  localeOf,
} from './language/languages';
export type { Language } from './language/languages';
export {
  catalogue,
  languageInUse,
  languageReady,
  onLanguageChange,
  PSEUDO_LANGUAGE,
  switchLanguage,
} from './language/texts';
export { useLanguage } from './language/use-language';
export { textRecord } from './language/text-record';
export type { CatalogueLoader, Texts } from './language/texts';
