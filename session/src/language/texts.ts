// The page's one translator, shared by the shell and every area through this package: each package
// registers its catalogue (its messages, English bundled, each other language a chunk loaded when it
// is chosen), and every text is read in the language in use (docs/decisions/0109-languages.md).
import { setupI18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, directionOf, type Language } from './languages';

/** The language in use. */
const current = setupI18n({ locale: DEFAULT_LANGUAGE, messages: { [DEFAULT_LANGUAGE]: {} } });
/** English, always whole: what a message not yet loaded in the language in use falls back to. */
const english = setupI18n({ locale: DEFAULT_LANGUAGE, messages: { [DEFAULT_LANGUAGE]: {} } });

/** A catalogue's other languages, as its package's build splits them (a chunk each). */
export type CatalogueLoader = (language: Exclude<Language, 'en'>) => Promise<unknown>;

interface Catalogue {
  load: CatalogueLoader;
  loaded: Set<Language>;
}

const catalogues: Catalogue[] = [];
let wanted: Language = DEFAULT_LANGUAGE;

/**
 * A language for testing, never offered: English with every letter accented and each message in
 * ⟦brackets⟧, so a browser test sees at once a text that is not in a catalogue (it stays plain).
 */
export const PSEUDO_LANGUAGE = 'en-XA';
let pseudo = false;

const PLAIN = 'aceinousyACEINOUSY';
const ACCENTS = [...'àçéîñöûšýÀÇÉÎÑÖÛŠÝ'];
const ACCENTED = new Map([...PLAIN].map((letter, index) => [letter, ACCENTS[index] ?? letter]));
const pseudoOf = (text: string) =>
  `⟦${text.replace(/[a-zA-Z]/g, (letter) => ACCENTED.get(letter) ?? letter)}⟧`;

/** A JSON module as webpack and jest answer a dynamic import: the catalogue, or it as `default`. */
function messagesOf(module: unknown): Messages {
  const value = module as { default?: Messages } & Messages;
  return (value.default ?? value) as Messages;
}

async function loadInto(catalogue: Catalogue, language: Language): Promise<void> {
  if (language === 'en' || catalogue.loaded.has(language)) return;
  current.load(language, messagesOf(await catalogue.load(language)));
  catalogue.loaded.add(language);
}

/** Reads a message in the language in use, with its values; `Id` is the package's English ids. */
export type Texts<Id extends string> = (id: Id, values?: Record<string, unknown>) => string;

/**
 * Registers a package's catalogue and answers its reader. `englishCatalogue` is the package's English
 * catalogue, compiled (imported from `locales/en.json`); `load` imports another language's.
 */
export function catalogue<Id extends string>(
  englishCatalogue: Record<Id, unknown>,
  load: CatalogueLoader,
): Texts<Id> {
  const messages = englishCatalogue as unknown as Messages;
  english.load(DEFAULT_LANGUAGE, messages);
  current.load(DEFAULT_LANGUAGE, messages);
  const entry: Catalogue = { load, loaded: new Set([DEFAULT_LANGUAGE]) };
  catalogues.push(entry);
  if (wanted !== DEFAULT_LANGUAGE) void loadInto(entry, wanted).then(announce, () => undefined);
  return read as Texts<Id>;
}

/**
 * A message, by its id: in the builds, a call `t('id')` carries its English message compiled beside
 * the id (`['id', message]`, tooling/webpack/message-inline-loader.cjs), so a page carries the
 * English texts it shows and no English catalogue; in the tests, the id alone, read from the
 * English catalogue.
 */
type MessageRef = string | readonly [string, unknown];

function read(ref: MessageRef, values?: Record<string, unknown>): string {
  const [id, message] = typeof ref === 'string' ? [ref, undefined] : ref;
  const inEnglish = () =>
    message === undefined
      ? english._(id, values)
      : english._({ id, message: message as string, values });
  if (pseudo) return pseudoOf(inEnglish());
  return current.locale !== DEFAULT_LANGUAGE && current.messages[id] !== undefined
    ? current._(id, values)
    : inEnglish();
}

const listeners = new Set<() => void>();
function announce() {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the language in use changes or more of its messages arrive. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The language in use now. */
export const languageInUse = (): Language => current.locale as Language;

/**
 * Turns the page to `language`: every registered catalogue's messages are loaded first, then the
 * page's `lang` and `dir` change and every reader shows the language at once.
 */
export async function switchLanguage(language: Language | typeof PSEUDO_LANGUAGE): Promise<void> {
  pseudo = language === PSEUDO_LANGUAGE;
  if (language === PSEUDO_LANGUAGE) {
    wanted = DEFAULT_LANGUAGE;
    current.activate(DEFAULT_LANGUAGE);
    if (typeof document !== 'undefined') document.documentElement.lang = PSEUDO_LANGUAGE;
    announce();
    return;
  }
  wanted = language;
  await Promise.all(catalogues.map((entry) => loadInto(entry, language)));
  if (wanted !== language) return;
  current.activate(language);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
  }
  announce();
}

/**
 * Resolves once every catalogue registered so far holds the language in use: an area awaits it
 * before its first screen, so nothing shows in English first.
 */
export async function languageReady(): Promise<void> {
  await Promise.all(catalogues.map((entry) => loadInto(entry, wanted)));
  announce();
}
