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
export const directionOf = (language: string): 'ltr' | 'rtl' => (language === 'ar' ? 'rtl' : 'ltr');

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

/** The language Verity speaks that an Accept-Language header prefers most (by its q-values). */
export function acceptLanguage(header: string): Language | undefined {
  const ranked = header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...parameters] = entry.split(';');
      const q = parameters.map((part) => /^\s*q=([\d.]+)\s*$/.exec(part)?.[1]).find(Boolean);
      return {
        language: tag.trim().split(/[-_]/)[0]?.toLowerCase(),
        quality: q === undefined ? 1 : Number(q),
        index,
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLanguage);
}

/** Each language's Intl locale when the browser names no region for it. */
const LOCALES: Record<Language, string> = {
  en: 'en-GB',
  fr: 'fr-FR',
  es: 'es-ES',
  pt: 'pt-BR',
  tr: 'tr-TR',
  ar: 'ar',
};

/**
 * The Intl locale dates and numbers are written in: the language with the browser's region for it
 * ('fr-CA' for a Canadian browser choosing French), else the language's usual one. Arabic keeps
 * Latin digits (`nu-latn`), as typed in date fields and amounts, and as the users' own figures are.
 */
export function localeOf(language: Language, preferred: readonly string[] = []): string {
  const browser = preferred.find(
    (tag) =>
      tag.split(/[-_]/)[0]?.toLowerCase() === language && /^[a-z]{2,3}-[a-z0-9]{2,3}$/i.test(tag),
  );
  const locale = browser ?? LOCALES[language];
  return language === 'ar' && !locale.includes('-u-') ? `${locale}-u-nu-latn` : locale;
}
