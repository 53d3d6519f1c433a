// The API's answers in the caller's language (docs/decisions/0110-answers-in-the-callers-language.md).
// The code that refuses a request writes its message in English, the spec's words: a shared rule's
// message, a route's own, the same text the tests read. On the way out, the message is looked up
// among the catalogues' English texts (its values read back from where the message holds them) and
// written again in the caller's language with the same values. A message no catalogue has goes out
// as it was written; the bad-input table fails on one.
import type { FastifyRequest } from 'fastify';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { acceptLanguage, DEFAULT_LANGUAGE, type Language } from '@verity/shared-api/src/server';
import { languageOr, translate, writtenCatalogue, type TextId } from './translate';

/**
 * The language the API answers a request in: the signed-in user's, once they chose one (as their
 * e-mails are); else the request's Accept-Language (the page sends the language it shows); else
 * English.
 */
export function callerLanguage(request: FastifyRequest): Language {
  const chosen = (request.user as { language?: unknown } | null)?.language;
  if (chosen) return languageOr(chosen);
  const header = request.headers['accept-language'];
  return (typeof header === 'string' ? acceptLanguage(header) : undefined) ?? DEFAULT_LANGUAGE;
}

type Part =
  string | [string] | [string, string, Record<string, Part[] | string | number | undefined>?];

/** One way an English message may read: a pattern with the names of the values it holds. */
interface Reading {
  id: TextId;
  expression: RegExp;
  names: string[];
  /** Values a plural or select branch fixes (a select's key). */
  fixed: Record<string, string>;
  /** Letters of the message outside its values: the more, the more specific. */
  weight: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every way the compiled message may read, one per branch of its plurals and selects: each a
 * sequence of literal text and named holes (`#` in a plural branch holds its count).
 */
function variants(
  parts: readonly Part[],
  count?: string,
): { pieces: (string | { name: string; number: boolean })[]; fixed: Record<string, string> }[] {
  let found: ReturnType<typeof variants> = [{ pieces: [], fixed: {} }];
  for (const part of parts) {
    if (typeof part === 'string') {
      const split = count === undefined ? [part] : part.split('#');
      const pieces = split.flatMap((text, index) =>
        index === 0 ? [text] : [{ name: count!, number: true }, text],
      );
      found = found.map((variant) => ({ ...variant, pieces: [...variant.pieces, ...pieces] }));
      continue;
    }
    const [name, kind, options] = part;
    if (kind === 'plural' || kind === 'select' || kind === 'selectordinal') {
      // A plural's options may carry its offset, a number, beside the branches.
      const written = Object.entries(options ?? {}).filter(
        (entry): entry is [string, Part[] | string] =>
          typeof entry[1] === 'string' || Array.isArray(entry[1]),
      );
      const branches = written.flatMap(([key, branch]) =>
        variants(
          typeof branch === 'string' ? [branch] : branch,
          kind === 'select' ? undefined : name,
        ).map((inner) => ({
          ...inner,
          fixed:
            kind === 'select' && key !== 'other' ? { ...inner.fixed, [name]: key } : inner.fixed,
        })),
      );
      found = found.flatMap((variant) =>
        branches.map((branch) => ({
          pieces: [...variant.pieces, ...branch.pieces],
          fixed: { ...variant.fixed, ...branch.fixed },
        })),
      );
      continue;
    }
    found = found.map((variant) => ({
      ...variant,
      pieces: [...variant.pieces, { name, number: kind === 'number' }],
    }));
  }
  return found;
}

function readingsOf(id: TextId, message: string): Reading[] {
  const compiled = compileMessage(message) as unknown as Part[] | string;
  const parts = typeof compiled === 'string' ? [compiled] : compiled;
  return variants(parts).map(({ pieces, fixed }) => {
    const names: string[] = [];
    let source = '';
    let weight = 0;
    for (const piece of pieces) {
      if (typeof piece === 'string') {
        source += escape(piece);
        weight += piece.replace(/[^\p{L}]/gu, '').length;
      } else {
        names.push(piece.name);
        source += piece.number ? '(-?[\\d.,]+)' : '(.+?)';
      }
    }
    return { id, expression: new RegExp(`^${source}$`, 's'), names, fixed, weight };
  });
}

/**
 * The catalogues an answer's message may come from: the contract's and the API's refusals (the
 * schemas' are written in the language where they are made, schema-messages.ts).
 */
const ANSWER_TEXTS = /^(contract|error)\.(?!schema\.)/;
/**
 * Letters a message must have beside its values to be recognised by its pattern alone: a message
 * that is mostly values ('{itemName}: {message}') would read any text. Such a message is read only
 * where one of its values is itself a message read surely.
 */
const LEAST_LETTERS = 8;

/** The English messages, most specific first; the plain ones also by their text. */
const readings: Reading[] = [];
const plain = new Map<string, TextId>();
for (const [id, message] of Object.entries(writtenCatalogue(DEFAULT_LANGUAGE))) {
  if (!ANSWER_TEXTS.test(id)) continue;
  for (const reading of readingsOf(id as TextId, message)) {
    if (reading.names.length === 0) {
      const text = translate(DEFAULT_LANGUAGE, id as TextId, reading.fixed);
      if (!plain.has(text)) plain.set(text, id as TextId);
    } else readings.push(reading);
  }
}
readings.sort((a, b) => b.weight - a.weight);

interface Recognised {
  id: TextId;
  values: Record<string, string>;
}

/**
 * `inside`: the text is a value of a message already read surely (the '{itemName}' of
 * '{itemName}: {message}'), where a message with fewer letters is read too ('Gap “{name}”').
 */
function read(message: string, inside = false): Recognised | undefined {
  const id = plain.get(message);
  if (id) return { id, values: {} };
  for (const reading of readings) {
    const match = reading.expression.exec(message);
    if (!match) continue;
    const values: Record<string, string> = { ...reading.fixed };
    reading.names.forEach((name, index) => {
      values[name] = match[index + 1]!;
    });
    const sure =
      reading.weight >= LEAST_LETTERS ||
      (inside && reading.weight > 0) ||
      reading.names.some((name) => read(values[name]!) !== undefined);
    if (sure) return { id: reading.id, values };
  }
  return undefined;
}

/** The catalogue text an English message is, with the values it holds; undefined when none is. */
export const recognise = (message: string): Recognised | undefined => read(message);

function written(language: Language, found: Recognised, outermost = true): string {
  const values = Object.fromEntries(
    Object.entries(found.values).map(([name, value]) => {
      if (/^-?\d+(\.\d+)?$/.test(value)) return [name, Number(value)];
      // A name the user wrote stays as written: only a value read as surely as a message is one,
      // or, in the outermost message's own values, one shaped as a message of a few letters.
      const inner = read(value, outermost);
      return [name, inner ? written(language, inner, false) : value];
    }),
  );
  return translate(language, found.id, values);
}

/**
 * An English message in `language`: a catalogue text with its values (a value that is itself a
 * catalogue text, such as a field's label or a refusal inside a row's, written in the language
 * too); as it was when no catalogue has it.
 */
export function inLanguage(language: Language, message: string): string {
  if (language === DEFAULT_LANGUAGE) return message;
  const found = recognise(message);
  return found ? written(language, found) : message;
}
