// Every sentence identity shows, answers or e-mails, in one place so the wording is easy to check.
const minutes = (count: number) => (count === 1 ? '1 minute' : `${count} minutes`);

export const messages = {
  signIn: {
    title: 'Sign in to Verity',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    toSignUp: 'Create account',
    noAccountYet: 'New to Verity?',
    forgotPassword: 'Forgot password?',
    resendVerification: 'Resend the confirmation email',
    incorrect: 'Incorrect email or password.',
    missing: 'Enter your email and password.',
    addressLimited: (wait: number) =>
      `Too many failed sign-ins from your network. Try again in ${minutes(wait)}.`,
  },
  signUp: {
    title: 'Create account',
    fullName: 'Full name',
    email: 'Email',
    password: 'Password',
    passwordHint: 'At least 10 characters. A few unrelated words make a strong password.',
    submit: 'Create account',
    toSignIn: 'Sign in',
    haveAccount: 'Already have an account?',
  },
  checkInbox: {
    title: 'Check your inbox',
    sentTo: (email: string) => `We sent an email to ${email}. Open the link in it to continue.`,
    notArrived:
      'If it has not arrived in a few minutes, look in your spam folder or send it again.',
    resend: 'Send it again',
    backToSignIn: 'Back to sign in',
  },
  verifyEmail: {
    confirmedTitle: 'Email address confirmed',
    confirmed: 'Your email address is confirmed. You can now sign in to Verity.',
    alreadyConfirmed: 'Your email address is already confirmed. You can sign in to Verity.',
    invalidTitle: 'This link cannot be used',
    invalid: 'This confirmation link has expired or is not valid. Ask for a new one.',
    askAgain: 'Send a new confirmation link',
  },
  resendVerification: {
    title: 'Resend the confirmation email',
    intro: 'Enter the email address you signed up with and we will send a new confirmation link.',
    email: 'Email',
    submit: 'Send link',
    sent: (email: string) =>
      `If ${email} belongs to a Verity account that is not confirmed yet, we have sent a new confirmation link to it.`,
  },
  forgotPassword: {
    title: 'Reset your password',
    intro:
      'Enter the email address of your account and we will send you a link to choose a new password.',
    email: 'Email',
    submit: 'Send reset link',
    sent: (email: string) =>
      `If ${email} belongs to a Verity account, we have sent it a link to choose a new password. The link works for 1 hour.`,
  },
  resetPassword: {
    title: 'Choose a new password',
    password: 'New password',
    confirmation: 'Confirm new password',
    submit: 'Change password',
    mismatch: 'The two passwords do not match.',
    invalidTitle: 'This link cannot be used',
    invalid: 'This password reset link has expired or was already used. Ask for a new one.',
    askAgain: 'Send a new reset link',
    doneTitle: 'Password changed',
    done: 'Your password has been changed and you have been signed out everywhere. Sign in with your new password.',
  },
  common: {
    toVerity: 'Go to Verity',
    backToVerity: 'Back to Verity',
    tooManyAttempts: (wait: number) => `Too many attempts. Try again in ${minutes(wait)}.`,
    unsafeText:
      'The request contains characters that cannot be used, such as a null character. Remove them and try again.',
  },
  validation: {
    nameRequired: 'Enter your full name.',
    nameTooLong: 'Full name must be at most 200 characters.',
    emailInvalid: 'Enter a valid email address.',
    passwordTooShort: 'Password must be at least 10 characters.',
    passwordTooLong: 'Password must be at most 128 characters.',
    passwordCommon:
      'This password is too common. Choose one that others are unlikely to use, such as a few unrelated words.',
    passwordPersonal:
      'This password contains your name or email address. Choose one that does not.',
    passwordGuessable:
      'This password is too easy to guess. Make it longer, for example with a few unrelated words.',
    emailTaken: 'An account with this email already exists.',
  },
  errorPage: {
    title: 'Sign-in could not continue',
    expired: 'This sign-in page has expired. Go back to Verity and sign in again.',
    generic: 'Something went wrong. Go back to Verity and sign in again.',
    badRequestTitle: 'This request cannot be used',
  },
  api: {
    unauthorized: 'Unauthorized',
    emailNotFound: 'Email not found in our records',
    tooManyRequests: 'Too many requests. Please try again later.',
    emailRequired: 'The email query parameter is required',
    endUserInvalid: 'The X-Verity-End-User header must be an id of 1 to 200 visible characters.',
    sinceInvalid: 'The since query parameter must be a time such as 2025-01-31T09:30:00.000Z.',
    emailsInvalid: 'Send { "emails": [...] }: at most 500 email addresses.',
  },
  emails: {
    greeting: (name: string) => `Hello ${name},`,
    signature: 'The Verity team',
    verify: {
      subject: 'Confirm your email address for Verity',
      intro: 'Confirm the email address of your Verity account by opening this link:',
      action: 'Confirm my email address',
      expiry: 'The link works once, for 24 hours.',
      notYou: 'If you did not create a Verity account, ignore this email.',
    },
    signUpAttempt: {
      subject: 'Someone tried to create a Verity account with your email address',
      intro:
        'Someone, perhaps you, tried to create a Verity account with this email address. You already have an account, so nothing was created.',
      signIn: 'If it was you, sign in to Verity:',
      reset: 'Forgot your password? Choose a new one here:',
      notYou: 'If it was not you, ignore this email: your account has not changed.',
      signInAction: 'Sign in',
      resetAction: 'Reset my password',
    },
    reset: {
      subject: 'Reset your Verity password',
      intro:
        'Someone asked to reset the password of your Verity account. To choose a new one, open this link:',
      action: 'Choose a new password',
      expiry: 'The link works once, for 1 hour.',
      notYou: 'If you did not ask for this, ignore this email: your password has not changed.',
    },
    passwordChanged: {
      subject: 'Your Verity password was changed',
      intro:
        'The password of your Verity account was just changed, and every session was signed out.',
      notYou: 'If you did not do this, reset your password now:',
      action: 'Reset my password',
    },
  },
} as const;
