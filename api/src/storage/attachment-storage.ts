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
  /** Stores the bytes as pending under `key` (a new key: an existing one is never overwritten); gives the byte count. */
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

export class AttachmentNotFoundError extends Error {
  override name = 'AttachmentNotFoundError';
  constructor(key: string) {
    super(`No attachment stored under ${key}`);
  }
}
