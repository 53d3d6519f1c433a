// What a new password must be: long enough, not too long to hash, and not guessable, as judged by
// zxcvbn-ts with its common-password and English dictionaries and the person's own name and email.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type { MatchExtended } from '@zxcvbn-ts/core';
import * as commonLanguage from '@zxcvbn-ts/language-common';
import * as englishLanguage from '@zxcvbn-ts/language-en';
import type { TextId } from '../texts.js';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
// zxcvbn's score 3: about 10^8 guesses, "safely unguessable" against a throttled online attack.
const MIN_SCORE = 3;

let zxcvbn: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...commonLanguage.dictionary, ...englishLanguage.dictionary },
    graphs: commonLanguage.adjacencyGraphs,
    translations: englishLanguage.translations,
    maxLength: PASSWORD_MAX_LENGTH,
  });
  return zxcvbn;
}

const fromDictionary = (match: MatchExtended, name: string) =>
  match.pattern === 'dictionary' && String(match.dictionaryName).startsWith(name);

/** Letters and digits only, lower-case: "Priya Patel" and "priya.patel" both become "priyapatel". */
const compact = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

// What is left beside the name must be a real password of its own, not "1" or "2024".
const MIN_REST_BESIDE_NAME = 6;

/** Whether the password is the person's whole name or address local part with little added. */
function builtOnIdentity(password: string, name: string, email: string): boolean {
  const parts = [compact(name), compact(email.split('@')[0] ?? '')].filter(
    (part) => part.length >= 4,
  );
  const candidate = compact(password);
  return parts.some(
    (part) => candidate.includes(part) && candidate.replace(part, '').length < MIN_REST_BESIDE_NAME,
  );
}

/** The problem with this password (its message's id), or undefined when it may be used. */
export function passwordProblem(
  password: string,
  personal: { name?: string; email?: string } = {},
): TextId | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return 'identity.validation.passwordTooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'identity.validation.passwordTooLong';
  const email = personal.email ?? '';
  if (builtOnIdentity(password, personal.name ?? '', email))
    return 'identity.validation.passwordPersonal';
  const userInputs = [
    'verity',
    email,
    email.split('@')[0] ?? '',
    ...(personal.name ?? '').split(/\s+/),
  ].filter((input) => input.length >= 3);
  const result = estimator().check(password, userInputs);
  if (result.score >= MIN_SCORE) return undefined;
  if (result.sequence.some((match) => fromDictionary(match, 'userInputs')))
    return 'identity.validation.passwordPersonal';
  if (result.sequence.some((match) => fromDictionary(match, 'passwords')))
    return 'identity.validation.passwordCommon';
  return 'identity.validation.passwordGuessable';
}
