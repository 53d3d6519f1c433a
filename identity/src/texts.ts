// Identity's texts in every language Verity speaks (docs/decisions/0109-languages.md): each
// catalogue compiled once at start, and read in the language of the request being answered, never
// in one language set for the whole server.
import { setupI18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES } from '../../session/src/language/languages';
import type { Language } from '../../session/src/language/languages';
import ar from './locales/ar.json';
import english from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import pt from './locales/pt.json';
import tr from './locales/tr.json';

export type TextId = keyof typeof english;

/** Reads a message, with its values, in one language; `language` says which (for `lang`, links). */
export interface Texts {
  (id: TextId, values?: Record<string, unknown>): string;
  readonly language: Language;
}

const sources: Record<Language, Record<string, string>> = { en: english, fr, es, pt, tr, ar };

function compiled(catalogue: Record<string, string>): Messages {
  return Object.fromEntries(
    Object.entries(catalogue).map(([id, message]) => [id, compileMessage(message)]),
  );
}

function reader(language: Language, fallback?: Texts): Texts {
  const i18n = setupI18n({
    locale: language,
    messages: { [language]: compiled(sources[language]) },
  });
  // A message a language lacks reads in English rather than as its id.
  const read = (id: TextId, values?: Record<string, unknown>) =>
    fallback && i18n.messages[id] === undefined ? fallback(id, values) : i18n._(id, values);
  return Object.assign(read, { language });
}

const inEnglish = reader('en');
const readers = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    language === 'en' ? inEnglish : reader(language, inEnglish),
  ]),
) as Record<Language, Texts>;

/** Identity's texts in `language`. */
export const textsIn = (language: Language): Texts => readers[language];
