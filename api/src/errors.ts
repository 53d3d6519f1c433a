import type { RuleResult } from '@verity/shared-api/src/server';
import { accessMessages, errorCodes, inputMessages, messages, storageMessages } from './messages';
import { RETRY_AFTER_SECONDS } from './service-unavailable';
import {
  AttachmentStorageFullError,
  AttachmentStorageUnavailableError,
} from './storage/attachment-storage';

/** An error whose status, code and message the client may see as they are. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Headers the answer carries with it (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notSignedIn = () =>
  new ApiError(401, errorCodes.unauthenticated, messages.notSignedIn);
export const sessionExpired = () =>
  new ApiError(403, errorCodes.accessTokenExpired, messages.sessionExpired);
export const sessionReused = () =>
  new ApiError(401, errorCodes.refreshTokenReused, messages.sessionReused);

/** An object outside the caller's tenancy: 404, so nothing leaks about what exists. */
export const notFound = () => new ApiError(404, errorCodes.notFound, messages.notFound);
/** An action the caller's user type or role may not take on an object they can see. */
export const forbidden = () => new ApiError(403, 'FORBIDDEN', accessMessages.forbidden);
/** A shared form rule broken: 400 with the rule's own message. */
export const invalid = (message: string) => new ApiError(400, errorCodes.validationFailed, message);

/** The input as the rule cast it (trimmed, defaults filled), or 400 with the first broken rule's message. */
export function passed<T>(result: RuleResult<T>): T {
  if (!result.ok) throw invalid(result.message);
  return result.value;
}

/** Parser errors of a multipart body (busboy's own, and @fastify/multipart's for a cut-off body). */
export function isMalformedMultipart(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'FST_PROTO_VIOLATION') return true;
  return (
    code === undefined &&
    typeof message === 'string' &&
    /^(Multipart: Boundary not found|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|Malformed part header)$/.test(
      message,
    )
  );
}

export const malformedUpload = () =>
  new ApiError(400, errorCodes.validationFailed, inputMessages.malformedUpload);

/**
 * The caller's 400 for an error that bad input caused past the checks: a PostgreSQL data exception
 * (SQLSTATE class 22), a NOT NULL or CHECK violation, or a multipart body that cannot be parsed.
 */
export function inputErrorOf(error: unknown): ApiError | undefined {
  if (isMalformedMultipart(error)) return malformedUpload();
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return undefined;
  if (code.startsWith('22')) return invalid(inputMessages.valueNotStorable);
  if (code === '23502') return invalid(inputMessages.valueMissing);
  if (code === '23514') return invalid(inputMessages.valueNotStorable);
  return undefined;
}

/**
 * The answer to a write the attachments' storage could not take: 507 when it has no room, 503 with
 * Retry-After when it cannot be written now; either way the upload was discarded, so the answer
 * says nothing was saved. A read that fails (an image download) keeps the one 503 of the API.
 */
export function storageWriteErrorOf(error: unknown, method: string): ApiError | undefined {
  if (method === 'GET' || method === 'HEAD') return undefined;
  if (error instanceof AttachmentStorageFullError) {
    return new ApiError(507, errorCodes.attachmentStorageFull, storageMessages.full);
  }
  if (error instanceof AttachmentStorageUnavailableError) {
    return new ApiError(503, errorCodes.attachmentStorageUnavailable, storageMessages.unavailable, {
      'Retry-After': String(RETRY_AFTER_SECONDS),
    });
  }
  return undefined;
}
