import {
  ATTACHMENT_NOT_AN_IMAGE,
  ATTACHMENT_TOO_LARGE,
  MALFORMED_ID_CODE,
  SERVICE_UNAVAILABLE,
  TOO_MANY_ATTACHMENTS,
} from '@verity/shared-api/src/server';
import { translate, type TextId } from './language/translate';

/** An answer's words in English, as the code writes them; the caller reads them in their language. */
const english = (id: TextId, values?: Record<string, unknown>) => translate('en', id, values);

/**
 * Every text the API sends to a user, in one place, so the wording is easy to check against the spec
 * (the words in `locales/`, written in the caller's language on the way out).
 */
export const messages = {
  notSignedIn: english('error.notSignedIn'),
  sessionExpired: english('error.sessionExpired'),
  sessionReused: english('error.sessionReused'),
  notFound: english('error.notFound'),
  somethingWentWrong: english('error.somethingWentWrong'),
  tooManyRequests: english('error.tooManyRequests'),
  serviceUnavailable: SERVICE_UNAVAILABLE,
  emailNotFound: english('error.emailNotFound'),
  accountsUnavailable: english('error.accountsUnavailable'),
  requestTooLarge: english('error.requestTooLarge'),
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
  valueNotStorable: english('error.input.valueNotStorable'),
  valueMissing: english('error.input.valueMissing'),
  malformedUpload: english('error.input.malformedUpload'),
} as const;

/** Answers of the live-update stream (`GET /events`). */
export const liveMessages = {
  tooManyStreams: (most: number) => english('error.live.tooManyStreams', { most }),
} as const;

/**
 * Answers for objects out of reach or actions out of role (docs/api.md "Who sees what (tenancy)").
 */
export const accessMessages = {
  forbidden: english('error.access.forbidden'),
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
  full: english('error.storage.full'),
  unavailable: english('error.storage.unavailable'),
} as const;

/** Answers of the storage quota, the upload rate and withdrawals (amounts and times filled in). */
export const remarkLimitMessages = {
  storageFull: (quota: string) => english('error.remark.storageFull', { quota }),
  uploadRateExceeded: (rate: string, wait: string) =>
    english('error.remark.uploadRateExceeded', { rate, wait }),
  notAuthorOrOwner: english('error.remark.notAuthorOrOwner'),
  windowPassed: (window: string) => english('error.remark.windowPassed', { window }),
  remarkAlreadyWithdrawn: english('error.remark.remarkAlreadyWithdrawn'),
  attachmentAlreadyWithdrawn: english('error.remark.attachmentAlreadyWithdrawn'),
} as const;

/**
 * The answer to a user past their CSV downloads at once
 * (docs/decisions/0033-csv-downloads-caps-and-stalled-readers.md).
 */
export const exportMessages = {
  tooManyExports: (count: number) => english('error.export.tooManyExports', { count }),
} as const;
