// The rules a new account must meet, shared by the sign-up page and POST /accounts.
import { messages } from '../messages.js';

export const PASSWORD_MIN_LENGTH = 8;

export interface NewAccountInput {
  name: string;
  email: string;
  password: string;
}

export type NewAccountField = keyof NewAccountInput;
export type NewAccountErrors = Partial<Record<NewAccountField, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  if (input.name === '') errors.name = messages.validation.nameRequired;
  if (!isEmail(input.email)) errors.email = messages.validation.emailInvalid;
  if (input.password.length < PASSWORD_MIN_LENGTH)
    errors.password = messages.validation.passwordTooShort;
  return { input, errors };
}
