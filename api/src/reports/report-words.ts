// The report's own words (headings, labels, table headers, notes) in the language it is asked for,
// from the API's catalogues (`report.` ids, docs/decisions/0109-languages.md); bilingual, each is
// written '<language> / English', as lenders and SMETA-style audits ask. What users typed is not
// translated. An Arabic report is written right to left (pdf-layout.ts, bidi-lines.ts).
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  readingIn,
  reportMessages,
  type Language,
  type SessionUser,
} from '@verity/shared-api/src/server';
import { invalid } from '../errors';
import { translate, type TextId } from '../language/translate';

/**
 * A value of a message: written as is, or itself a message (or a list of them) read in the same
 * language.
 */
export type PhraseValue = string | number | Phrase | ((language: Language) => string);
export interface Phrase {
  id: TextId;
  values?: Record<string, PhraseValue>;
}

export const phrase = (id: TextId, values?: Record<string, PhraseValue>): Phrase => ({
  id,
  values,
});

/** Messages joined with `separator`, each read in the language of the message holding them. */
export const listOf =
  (phrases: readonly Phrase[], separator: string) =>
  (language: Language): string =>
    phrases.map((item) => say(language, item.id, item.values)).join(separator);

/** Reads a report's words: `words('report.esap.noGaps')`. */
export interface ReportWords {
  (id: TextId, values?: Record<string, PhraseValue>): string;
  /** The language the words are in. */
  readonly language: Language;
  /** True when each word is followed by its English. */
  readonly bilingual: boolean;
  /** The words with their English on a line of its own (a table's header). */
  lines(id: TextId, values?: Record<string, PhraseValue>): string;
  /** A contract text that `read` reads (a record's label), in the words' language, paired as they are. */
  of(read: () => string): string;
  /** `of`, with the English on a line of its own (a table's header). */
  linesOf(read: () => string): string;
}

function say(language: Language, id: TextId, values?: Record<string, PhraseValue>): string {
  if (!values) return translate(language, id);
  const read = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'function'
        ? value(language)
        : typeof value === 'object'
          ? say(language, value.id, value.values)
          : value,
    ]),
  );
  return translate(language, id, read);
}

/** The report's words in `language`, each followed by its English when `bilingual`. */
export function reportWords(language: Language = DEFAULT_LANGUAGE, bilingual = false): ReportWords {
  const both = bilingual && language !== DEFAULT_LANGUAGE;
  const paired = (own: string, english: () => string, separator: string) => {
    if (!both) return own;
    const other = english();
    // 'Plan :' beside 'Plan:' says nothing more: French spaces its colons.
    return own.replace(/\s+(?=[:;])/g, '') === other ? own : `${own}${separator}${other}`;
  };
  const pair = (separator: string) => (id: TextId, values?: Record<string, PhraseValue>) =>
    paired(say(language, id, values), () => say(DEFAULT_LANGUAGE, id, values), separator);
  const pairOf = (separator: string) => (read: () => string) =>
    paired(readingIn(language, read), () => readingIn(DEFAULT_LANGUAGE, read), separator);
  return Object.assign(pair(' / '), {
    language,
    bilingual: both,
    lines: pair('\n'),
    of: pairOf(' / '),
    linesOf: pairOf('\n'),
  });
}

/**
 * The words a report is asked for in: `language` (else the reader's, else English) and whether each
 * is followed by its English; 400 with the report's words for anything else.
 */
export function wordsAsked(
  query: { language?: string; bilingual?: string },
  reader: SessionUser,
): ReportWords {
  const language = query.language ?? reader.language ?? DEFAULT_LANGUAGE;
  if (!isLanguage(language)) throw invalid(reportMessages.badLanguage);
  if (query.bilingual !== undefined && !['true', 'false'].includes(query.bilingual)) {
    throw invalid(reportMessages.badBilingual);
  }
  return reportWords(language, query.bilingual === 'true');
}

/** The words of the workbook and of a report asked for in English. */
export const ENGLISH_WORDS = reportWords();
