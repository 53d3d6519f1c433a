import {
  ATTACHMENT_NOT_AN_IMAGE,
  ATTACHMENT_TOO_LARGE,
  MALFORMED_ID_CODE,
  SERVICE_UNAVAILABLE,
  TOO_MANY_ATTACHMENTS,
} from '@verity/shared-api/src/server';

/** Every text the API sends to a user, in one place, so the wording is easy to check against the spec. */
export const messages = {
  notSignedIn: 'Not signed in',
  sessionExpired: 'Session expired',
  sessionReused: 'Your session has ended. Please sign in again.',
  notFound: 'Not found',
  somethingWentWrong: 'Something went wrong.',
  tooManyRequests: 'Too many requests. Please try again later.',
  serviceUnavailable: SERVICE_UNAVAILABLE,
  emailNotFound: 'Email not found in our records',
  accountsUnavailable:
    'The accounts service is unavailable right now. Please try again in a moment.',
  requestTooLarge:
    'This request is larger than the 1 MB the server takes. Please send less at once.',
} as const;

/**
 * Machine-readable error codes that go with the messages (never shown to users: the screens show
 * `message`).
 */
export const errorCodes = {
  unauthenticated: 'UNAUTHENTICATED',
  accessTokenExpired: 'ACCESS_TOKEN_EXPIRED',
  refreshTokenReused: 'REFRESH_TOKEN_REUSED',
  notFound: 'NOT_FOUND',
  validationFailed: 'VALIDATION_FAILED',
  /** An id in the path or query that is not a UUID (still a 400): names no record. */
  malformedId: MALFORMED_ID_CODE,
  badRequest: 'BAD_REQUEST',
  rateLimited: 'RATE_LIMITED',
  emailNotFound: 'EMAIL_NOT_FOUND',
  accountsUnavailable: 'ACCOUNTS_UNAVAILABLE',
  mailUnavailable: 'MAIL_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  tooManyExports: 'TOO_MANY_EXPORTS',
  tooManyStreams: 'TOO_MANY_STREAMS',
  requestTooLarge: 'REQUEST_TOO_LARGE',
  attachmentStorageFull: 'ATTACHMENT_STORAGE_FULL',
  attachmentStorageUnavailable: 'ATTACHMENT_STORAGE_UNAVAILABLE',
} as const;

/** The `error` query parameter of /login after a failed sign-in; the shell turns it into words. */
export const signInErrors = {
  noMembership: 'no_membership',
  signInFailed: 'sign_in_failed',
  emailUnverified: 'email_unverified',
  invitationInvalid: 'invitation_invalid',
  invitationEmailMismatch: 'invitation_email_mismatch',
  identityUnavailable: 'identity_unavailable',
  /** The member's organisation requires its own provider (docs/decisions/0098-single-sign-on.md). */
  ssoRequired: 'sso_required',
  /** No organisation requires single sign-on for the address's domain. */
  ssoUnknown: 'sso_unknown',
} as const;

/** Answers for input that no route may take, whatever its rules. */
export const inputMessages = {
  valueNotStorable: 'A value sent is out of range or not valid. Please check what you entered.',
  valueMissing: 'A required value is missing. Please check what you entered.',
  malformedUpload: 'The upload was incomplete or malformed. Please try again.',
} as const;

/** Answers of the live-update stream (`GET /events`). */
export const liveMessages = {
  tooManyStreams: (most: number) =>
    `Live updates are already open in ${most} windows or tabs. Close some of them and reload this page to see changes as they happen.`,
} as const;

/**
 * Answers for objects out of reach or actions out of role (docs/api.md "Who sees what (tenancy)").
 */
export const accessMessages = {
  forbidden: 'You do not have permission to do this.',
} as const;

/** Answers of the action plan, gap and remark routes that the spec does not word. */
export const actionPlanMessages = {
  notAnImage: ATTACHMENT_NOT_AN_IMAGE,
  attachmentTooLarge: ATTACHMENT_TOO_LARGE,
  tooManyAttachments: TOO_MANY_ATTACHMENTS,
} as const;

/**
 * Answers when the attachments' volume or bucket cannot take a write
 * (docs/decisions/0031-trust-faults.md).
 */
export const storageMessages = {
  full: 'The storage for attachments is full, so nothing was saved. Please try again later; if it goes on, tell Verity support.',
  unavailable:
    'The storage for attachments cannot be written right now, so nothing was saved. Please try again in a moment.',
} as const;

/** Answers of the storage quota, the upload rate and withdrawals (amounts and times filled in). */
export const remarkLimitMessages = {
  storageFull: (quota: string) =>
    `This company's storage is full: these images would take it past its ${quota}. Withdraw attachments that are no longer needed, or ask Verity support for more space.`,
  uploadRateExceeded: (rate: string, wait: string) =>
    `You can upload at most ${rate} of images an hour. Please try again in ${wait}.`,
  notAuthorOrOwner:
    'Only the author of this remark, or an owner of their organisation, can withdraw it.',
  windowPassed: (window: string) =>
    `The author can withdraw a remark or its images only within ${window} of posting. Ask an owner of your organisation.`,
  remarkAlreadyWithdrawn: 'This remark has already been withdrawn.',
  attachmentAlreadyWithdrawn: 'This attachment has already been withdrawn.',
} as const;

/**
 * The answer to a user past their CSV downloads at once
 * (docs/decisions/0033-csv-downloads-caps-and-stalled-readers.md).
 */
export const exportMessages = {
  tooManyExports: (count: number) =>
    `You already have ${count} downloads under way. Please wait for one to finish, then try again.`,
} as const;
