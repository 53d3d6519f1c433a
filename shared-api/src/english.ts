// The contract's texts where no page chooses a language: the API and the other servers read them in
// English, the spec's words, from the catalogue the browser reads. The contract's code reads its
// texts from '#texts' (package.json "imports"): builds for the page (webpack, and the screens' jest
// tests) resolve it, under the 'verity-page' condition, to texts.ts, the page's translator; everything
// else resolves it here, so no server loads the page's session package. A server that writes for a
// reader of another language (a CSV file's headings and labels) reads them in it for the length of
// one synchronous call (`readingIn`).
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Language } from '@verity/session/src/language/languages';
import arabic from './locales/ar.json';
import english from './locales/en.json';
import spanish from './locales/es.json';
import french from './locales/fr.json';
import portuguese from './locales/pt.json';
import turkish from './locales/tr.json';

/** The id of one of the contract's texts. */
export type ContractTextId = keyof typeof english;

const CATALOGUES: Record<Language, unknown> = {
  en: english,
  fr: french,
  es: spanish,
  pt: portuguese,
  tr: turkish,
  ar: arabic,
};

// Compiled here, once per language when first read: Lingui compiles a message on the fly only
// outside production, and a server may read the catalogue as plain JSON (the jest transform hands it
// over compiled already).
const compiled = (catalogue: unknown): Messages =>
  Object.fromEntries(
    Object.entries(catalogue as Record<string, unknown>).map(([id, message]) => [
      id,
      typeof message === 'string' ? compileMessage(message) : (message as Messages[string]),
    ]),
  );
const readers = new Map<Language, I18n>();
function readerOf(language: Language): I18n {
  let reader = readers.get(language);
  if (!reader) {
    reader = setupI18n({
      locale: language,
      messages: { [language]: compiled(CATALOGUES[language]) },
    });
    readers.set(language, reader);
  }
  return reader;
}

let reading: Language = 'en';

/** A contract text in English (or in the language `readingIn` reads in), with its values. */
export const t = (id: ContractTextId, values?: Record<string, unknown>): string => {
  const reader = readerOf(reading);
  return (reader.messages[id] === undefined ? readerOf('en') : reader)._(id, values);
};

/**
 * What `read` returns with the contract's texts (labels, headings) read in `language`. `read` must
 * not wait: a server serves other readers between two awaits.
 */
export function readingIn<T>(language: Language, read: () => T): T {
  const before = reading;
  reading = language;
  try {
    const result = read();
    if (result instanceof Promise) throw new Error('readingIn reads synchronously');
    return result;
  } finally {
    reading = before;
  }
}
