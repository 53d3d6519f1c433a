// The answers of the accounts endpoints to the Verity API about the call itself (its key, headers,
// query), read by developers: in English only. Everything a person reads is in ./locales.
export const apiMessages = {
  unauthorized: 'Unauthorized',
  emailNotFound: 'Email not found in our records',
  tooManyRequests: 'Too many requests. Please try again later.',
  emailRequired: 'The email query parameter is required',
  endUserInvalid: 'The X-Verity-End-User header must be an id of 1 to 200 visible characters.',
  sinceInvalid: 'The since query parameter must be a time such as 2025-01-31T09:30:00.000Z.',
  emailsInvalid: 'Send { "emails": [...] }: at most 500 email addresses.',
} as const;
