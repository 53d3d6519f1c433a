import { useSyncExternalStore } from 'react';
import type { Language } from './languages';
import { languageInUse, onLanguageChange } from './texts';

/** The language in use, for a component that must show again when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(onLanguageChange, languageInUse, languageInUse);
}
