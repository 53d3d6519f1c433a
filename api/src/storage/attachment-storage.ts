import type { Readable } from 'node:stream';

/**
 * Where remark attachments live, under keys the API generates. The local folder is the default;
 * an S3-compatible bucket implements the same three calls.
 */
export interface AttachmentStorage {
  /** Stores the bytes under `key` (a new key: an existing one is never overwritten); gives the byte count. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<{ size: number }>;
  /** The stored bytes; rejects with `AttachmentNotFoundError` for an unknown key. */
  get(key: string): Promise<Readable>;
  /** Removes the bytes; an unknown key is not an error. */
  delete(key: string): Promise<void>;
}

export class AttachmentNotFoundError extends Error {
  override name = 'AttachmentNotFoundError';
  constructor(key: string) {
    super(`No attachment stored under ${key}`);
  }
}
