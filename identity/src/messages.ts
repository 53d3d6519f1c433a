// Every sentence identity shows or answers with, in one place so the wording is easy to check.
export const messages = {
  signIn: {
    title: 'Sign in to Verity',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    toSignUp: 'Create account',
    noAccountYet: 'New to Verity?',
    incorrect: 'Incorrect email or password.',
    missing: 'Enter your email and password.',
  },
  signUp: {
    title: 'Create account',
    fullName: 'Full name',
    email: 'Email',
    password: 'Password',
    passwordHint: 'At least 8 characters.',
    submit: 'Create account',
    toSignIn: 'Sign in',
    haveAccount: 'Already have an account?',
  },
  validation: {
    nameRequired: 'Enter your full name.',
    emailInvalid: 'Enter a valid email address.',
    passwordTooShort: 'Password must be at least 8 characters.',
    emailTaken: 'An account with this email already exists.',
  },
  errorPage: {
    title: 'Sign-in could not continue',
    expired: 'This sign-in page has expired. Go back to Verity and sign in again.',
    generic: 'Something went wrong. Go back to Verity and sign in again.',
  },
  api: {
    unauthorized: 'Unauthorized',
    emailNotFound: 'Email not found in our records',
    tooManyRequests: 'Too many requests. Please try again later.',
    emailRequired: 'The email query parameter is required',
  },
} as const;
