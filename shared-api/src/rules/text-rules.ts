// Characters no text in Verity may hold, whatever field it is: PostgreSQL cannot store NUL, and the
// other C0 controls and lone UTF-16 surrogates are never typed by a person (tab and line breaks are).

export const textRuleMessages = {
  controlCharacters: 'Text must not contain control characters.',
  brokenCharacters: 'Text must not contain broken characters (a lone half of an emoji or symbol).',
} as const;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// With the u flag a well-formed pair is one code point, so only a lone surrogate is in category Cs.
const LONE_SURROGATE = /\p{Cs}/u;

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
