// The API's own translator (docs/decisions/0109-languages.md): its catalogues, `api/src/locales/*.json`,
// and the contract's, `shared-api/src/locales/*.json` (Lingui's minimal JSON, ICU messages), are
// read when the API starts, each language compiled the first time a text is read in it, and every
// text is read in a language the caller names. There is no current language: requests and e-mail jobs for readers
// of different languages run side by side.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  isLanguage,
  type ContractTextId,
  type Language,
} from '@verity/shared-api/src/server';
import { repoRoot } from '../../../tooling/config/index.cjs';
import type english from '../locales/en.json';

/** The id of one of the API's texts or of the contract's (their English catalogues' keys). */
export type TextId = keyof typeof english | ContractTextId;

/** Where the catalogues are read from: the sources', as the migrations are (the built API too). */
export const LOCALES_DIR = path.join(repoRoot, 'api', 'src', 'locales');
const CONTRACT_LOCALES_DIR = path.join(repoRoot, 'shared-api', 'src', 'locales');

/** A language's messages as written in its catalogues, the API's and the contract's. */
function catalogueOf(language: Language): Record<string, string> {
  const read = (directory: string) =>
    JSON.parse(readFileSync(path.join(directory, `${language}.json`), 'utf8')) as Record<
      string,
      string
    >;
  return { ...read(CONTRACT_LOCALES_DIR), ...read(LOCALES_DIR) };
}

/** The catalogues as written, read once when the API starts. */
const written = new Map<Language, Record<string, string>>(
  LANGUAGES.map((language) => [language, catalogueOf(language)]),
);

/** A language's messages as written, as read at start. */
export const writtenCatalogue = (language: Language): Readonly<Record<string, string>> =>
  written.get(language)!;

function compiled(language: Language): Messages {
  return Object.fromEntries(
    Object.entries(writtenCatalogue(language)).map(([id, message]) => [
      id,
      compileMessage(message),
    ]),
  );
}

/**
 * One Lingui instance per language, each fixed to it (never switched), made the first time a text is
 * read in that language: compiling the six catalogues was most of the time the API took to load.
 */
const readers = new Map<Language, I18n>();

function readerOf(language: Language): I18n {
  let reader = readers.get(language);
  if (!reader) {
    reader = setupI18n({ locale: language, messages: { [language]: compiled(language) } });
    readers.set(language, reader);
  }
  return reader;
}

/** A user's language as stored (null until chosen, or anything unknown): English unless it is one. */
export const languageOr = (language: unknown): Language =>
  isLanguage(language) ? language : DEFAULT_LANGUAGE;

/**
 * The text `id` in `language` with its values; English where that language lacks the message. Values
 * are put in as they are (no HTML escaping: the e-mail's HTML escapes the whole text).
 */
export function translate(
  language: Language | null | undefined,
  id: TextId,
  values?: Record<string, unknown>,
): string {
  const reader = readerOf(languageOr(language));
  const chosen = reader.messages[id] === undefined ? readerOf(DEFAULT_LANGUAGE) : reader;
  return chosen._(id, values);
}

/** A translator bound to one reader's language: `t('mail.common.hello', { name })`. */
export type Translator = (id: TextId, values?: Record<string, unknown>) => string;
export const translatorFor =
  (language: Language | null | undefined): Translator =>
  (id, values) =>
    translate(language, id, values);
