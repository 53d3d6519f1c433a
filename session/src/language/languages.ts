// The languages Verity speaks (docs/decisions/0109-languages.md). English is the default and, in
// English, every text is the spec's.

export const LANGUAGES = ['en', 'fr', 'es', 'pt', 'tr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language in its own words, as every choice of language lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  pt: 'Português',
  tr: 'Türkçe',
  ar: 'العربية',
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Which way the language is written: the page mirrors for Arabic. */
export const directionOf = (language: string): 'ltr' | 'rtl' =>
  language === 'ar' ? 'rtl' : 'ltr';

/**
 * The first of a browser's languages (`navigator.languages`, or an Accept-Language header's in its
 * order) that Verity speaks, by its primary subtag ('pt-BR' is Portuguese); English when none is.
 */
export function languageOf(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.trim().split(/[-_;]/)[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
