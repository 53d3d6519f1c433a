// Characters no text in Verity may hold, whatever field it is: PostgreSQL cannot store NUL, and the
// other C0 controls and lone UTF-16 surrogates are never typed by a person (tab and line breaks are).

import { textRecord } from '../text-records';

export const textRuleMessages = textRecord({
  controlCharacters: 'contract.textRule.controlCharacters',
  brokenCharacters: 'contract.textRule.brokenCharacters',
  personNameOnOneLine: 'contract.textRule.personNameOnOneLine',
});

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// With the u flag a well-formed pair is one code point, so only a lone surrogate is in category Cs.
const LONE_SURROGATE = /\p{Cs}/u;

// A full name is one line: no line break (CR, LF, NEL, the Unicode line and paragraph separators),
// no tab, no other control character. Once here, for the API, the forms and identity's accounts.
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029]/u;
const NOT_ONE_LINE_RUN = /\s*[\p{Cc}\u2028\u2029][\p{Cc}\u2028\u2029\s]*/gu;

/** The full name rule's message when `name` is not one line of text, else undefined. */
export function personNameProblem(name: string): string | undefined {
  return NOT_ONE_LINE.test(name) ? textRuleMessages.personNameOnOneLine : undefined;
}

/**
 * A name that comes from elsewhere (the identity provider's accounts, some made before the rule)
 * put on one line before it is stored or shown: each run of breaks, tabs and controls, with the
 * spaces around it, becomes one space.
 */
export function nameOnOneLine(name: string): string {
  return name.replace(NOT_ONE_LINE_RUN, ' ').trim();
}

/** The message for the first kind of forbidden character in `text`, or undefined when it may be stored. */
export function textProblem(text: string): string | undefined {
  if (CONTROL_CHARACTER.test(text)) return textRuleMessages.controlCharacters;
  if (LONE_SURROGATE.test(text)) return textRuleMessages.brokenCharacters;
  return undefined;
}

/**
 * The first problem in any string of a parsed JSON value, property names included, or undefined.
 * Walks with its own stack, so a deeply nested body cannot exhaust the call stack.
 */
export function firstTextProblem(value: unknown): string | undefined {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      const problem = textProblem(next);
      if (problem) return problem;
    } else if (Array.isArray(next)) {
      for (const entry of next) pending.push(entry);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, entry] of Object.entries(next)) pending.push(key, entry);
    }
  }
  return undefined;
}
