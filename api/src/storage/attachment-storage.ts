import type { Readable } from 'node:stream';

/** One stored object, as the orphan sweep sees it. */
export interface StoredObject {
  key: string;
  /** Uploaded, but the row naming it was not committed yet (or never will be). */
  pending: boolean;
  modifiedAt: Date;
}

/**
 * Where remark attachments live, under keys the API generates. The local folder is the default; an
 * S3-compatible bucket implements the same calls (pending objects under their own prefix).
 *
 * An upload is stored pending, and made permanent (`commit`) once the row naming it is committed, so
 * a crash between the two leaves a pending object the sweep can tell apart and settle.
 */
export interface AttachmentStorage {
  /**
   * Stores the bytes as pending under `key` and gives the byte count. The key must be new: for one
   * already stored, pending or permanent, it rejects with `AttachmentExistsError` and overwrites nothing.
   */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<{ size: number }>;
  /** Makes a pending object permanent; an object already permanent is left as it is. */
  commit(key: string): Promise<void>;
  /** The bytes, permanent or still pending; rejects with `AttachmentNotFoundError` for an unknown key. */
  get(key: string): Promise<Readable>;
  /** Removes the bytes, permanent or pending; an unknown key is not an error. */
  delete(key: string): Promise<void>;
  /** Every object, permanent and pending (for the orphan sweep). */
  list(): AsyncIterable<StoredObject>;
  /** Resolves only when the storage can write, read and delete right now (readiness). */
  check(): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Whether `key` is named like an attachment (`<uuid>.<extension>`, as the API generates them): one
 * plain name, so it cannot walk out of a folder or into another prefix, and never `.pending`.
 */
export function isAttachmentKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.endsWith('.pending');
}

export class AttachmentNotFoundError extends Error {
  override name = 'AttachmentNotFoundError';
  constructor(key: string) {
    super(`No attachment stored under ${key}`);
  }
}

export class AttachmentExistsError extends Error {
  override name = 'AttachmentExistsError';
  constructor(key: string) {
    super(`An attachment is already stored under ${key}`);
  }
}

/**
 * The storage cannot be reached or answers with its own failure (a network error, a time-out, a 5xx;
 * a folder read-only, refused or failing): "not now" rather than "never", so the API answers 503
 * with Retry-After (`statusCode`), not 500.
 */
export class AttachmentStorageUnavailableError extends Error {
  override name = 'AttachmentStorageUnavailableError';
  readonly statusCode = 503;
  constructor(cause: unknown) {
    super(`Attachment storage unavailable: ${(cause as Error).message}`, { cause });
  }
}

/**
 * The storage has no room for the bytes (the folder's volume or the user's disk quota is full, the
 * bucket's server is out of space or past its quota). The API answers 507 (`statusCode`).
 */
export class AttachmentStorageFullError extends Error {
  override name = 'AttachmentStorageFullError';
  readonly statusCode = 507;
  constructor(cause: unknown) {
    super(`Attachment storage full: ${(cause as Error).message}`, { cause });
  }
}

/** No room: the volume is full (ENOSPC), or the user's disk quota (EDQUOT). */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
/**
 * Not now: a volume mounted read-only (EROFS, as Linux remounts a failing disk), a folder the
 * process may not write (EACCES, EPERM), a failing disk or network file system (EIO, ESTALE, ENOTCONN).
 */
const UNAVAILABLE_CODES = new Set(['EROFS', 'EACCES', 'EPERM', 'EIO', 'ESTALE', 'ENOTCONN']);

/** A file system's failure as the storage error it means, or the error itself (ENOENT, a refusal...). */
export function storageFaultOf(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string') return error;
  if (FULL_CODES.has(code)) return new AttachmentStorageFullError(error);
  if (UNAVAILABLE_CODES.has(code)) return new AttachmentStorageUnavailableError(error);
  return error;
}
