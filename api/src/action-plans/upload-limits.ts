// The two limits on remark attachments: a storage quota per target company (what its gaps' files
// hold) and an upload rate per user (bytes stored in the last hour). Both are read from the rows,
// so they hold across API processes and restarts.
import type { Queryable } from '../db';
import { ApiError } from '../errors';
import { remarkLimitMessages } from '../messages';

export interface UploadLimits {
  quotaBytes: number;
  rateBytesPerHour: number;
}

export interface Uploader {
  targetCompanyId: string;
  userId: string;
}

/** How many more bytes of files a remark may bring, and the refusal once it brings more. */
export interface UploadAllowance {
  bytes: number;
  refusal(): ApiError;
}

const HOUR_MS = 60 * 60 * 1000;

/** '1 GB', '200 MB', '512 KB': binary units with the names people read. */
export function formatBytes(bytes: number): string {
  const units: [number, string][] = [
    [1024 ** 3, 'GB'],
    [1024 ** 2, 'MB'],
    [1024, 'KB'],
  ];
  for (const [size, name] of units) {
    if (bytes >= size) {
      const value = bytes / size;
      return `${Number.isInteger(value) ? value : value.toFixed(1)} ${name}`;
    }
  }
  return `${bytes} bytes`;
}

/** '24 hours', '1 hour', '15 minutes', '1 minute'. */
export function formatDuration(seconds: number): string {
  const [amount, unit] =
    seconds >= 3600 && seconds % 3600 === 0
      ? [seconds / 3600, 'hour']
      : [Math.max(1, Math.ceil(seconds / 60)), 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

const storageFull = (limits: UploadLimits) =>
  new ApiError(
    413,
    'STORAGE_FULL',
    remarkLimitMessages.storageFull(formatBytes(limits.quotaBytes)),
  );

function uploadRateExceeded(limits: UploadLimits, oldestInWindow: Date | null, now: Date) {
  const waitSeconds = oldestInWindow
    ? Math.max(1, Math.ceil((oldestInWindow.getTime() + HOUR_MS - now.getTime()) / 1000))
    : 3600;
  return new ApiError(
    429,
    'UPLOAD_RATE_EXCEEDED',
    remarkLimitMessages.uploadRateExceeded(
      formatBytes(limits.rateBytesPerHour),
      formatDuration(waitSeconds),
    ),
    { 'Retry-After': String(waitSeconds) },
  );
}

interface Usage {
  stored: number;
  uploaded: number;
  oldest: Date | null;
  now: Date;
}

async function usageOf(db: Queryable, uploader: Uploader): Promise<Usage> {
  const { rows } = await db.query<{
    stored: string | number;
    uploaded: string | number;
    oldest: Date | null;
    now: Date;
  }>(
    // Remarks' images and incidents' photos (docs/decisions/0099-serious-incidents.md) alike.
    `SELECT
       (SELECT COALESCE(sum(size), 0) FROM remark_documents
        WHERE target_company_id = $1 AND withdrawn_at IS NULL)
       + (SELECT COALESCE(sum(size), 0) FROM incident_photos WHERE target_company_id = $1) AS stored,
       COALESCE(sum(u.size), 0) AS uploaded, min(u.created_at) AS oldest, now() AS now
     FROM (
       SELECT d.size, r.created_at FROM remarks r JOIN remark_documents d ON d.remark_id = r.id
       WHERE r.user_id = $2 AND r.created_at > now() - interval '1 hour'
       UNION ALL
       SELECT p.size, p.created_at FROM incident_photos p
       WHERE p.uploaded_by = $2 AND p.created_at > now() - interval '1 hour'
     ) u`,
    [uploader.targetCompanyId, uploader.userId],
  );
  const row = rows[0]!;
  return {
    stored: Number(row.stored),
    uploaded: Number(row.uploaded),
    oldest: row.oldest && new Date(row.oldest),
    now: new Date(row.now),
  };
}

function allowanceOf(usage: Usage, limits: UploadLimits): UploadAllowance {
  const quotaLeft = limits.quotaBytes - usage.stored;
  const rateLeft = limits.rateBytesPerHour - usage.uploaded;
  return quotaLeft <= rateLeft
    ? { bytes: Math.max(0, quotaLeft), refusal: () => storageFull(limits) }
    : {
        bytes: Math.max(0, rateLeft),
        refusal: () => uploadRateExceeded(limits, usage.oldest, usage.now),
      };
}

/** What the uploader may still store now: checked before and while the files stream in. */
export async function uploadAllowance(
  db: Queryable,
  uploader: Uploader,
  limits: UploadLimits,
): Promise<UploadAllowance> {
  return allowanceOf(await usageOf(db, uploader), limits);
}

/**
 * The final word, inside the transaction that saves the remark: with the company's and the user's
 * rows locked, two uploads at once cannot both take the last bytes. Throws the refusal.
 */
export async function claimUpload(
  tx: Queryable,
  uploader: Uploader,
  bytes: number,
  limits: UploadLimits,
): Promise<void> {
  if (bytes === 0) return;
  await tx.query('SELECT 1 FROM target_companies WHERE id = $1 FOR NO KEY UPDATE', [
    uploader.targetCompanyId,
  ]);
  await tx.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [uploader.userId]);
  const allowance = allowanceOf(await usageOf(tx, uploader), limits);
  if (bytes > allowance.bytes) throw allowance.refusal();
}

/**
 * The most a multipart body holds besides its files: the comments field (at most 20,000 bytes) and
 * the part headers and boundaries. A body longer than the allowance plus this surely brings more.
 */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
