// The rules a new account must meet, shared by the sign-up page and POST /accounts.
import { personNameProblem } from '../../../shared-api/src/rules/text-rules';
import type { TextId } from '../texts.js';
import { passwordProblem } from './password-rules.js';

export interface NewAccountInput {
  name: string;
  email: string;
  password: string;
}

export type NewAccountField = keyof NewAccountInput;
/** Each field's problem, as the id of the message that explains it (read in the page's language). */
export type NewAccountErrors = Partial<Record<NewAccountField, TextId>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_MAX_LENGTH = 200;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

/** Trims the name and email and lists every rule the input breaks. */
export function checkNewAccount(raw: Partial<Record<NewAccountField, unknown>>): {
  input: NewAccountInput;
  errors: NewAccountErrors;
} {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const input = {
    name: text(raw.name).trim(),
    email: normaliseEmail(text(raw.email)),
    password: text(raw.password),
  };
  const errors: NewAccountErrors = {};
  if (input.name === '') errors.name = 'identity.validation.nameRequired';
  else if (input.name.length > NAME_MAX_LENGTH) errors.name = 'identity.validation.nameTooLong';
  // The shared rule, with identity's own wording of its message in each language.
  else if (personNameProblem(input.name)) errors.name = 'identity.validation.nameOnOneLine';
  if (!isEmail(input.email)) errors.email = 'identity.validation.emailInvalid';
  const password = passwordProblem(input.password, input);
  if (password) errors.password = password;
  return { input, errors };
}
