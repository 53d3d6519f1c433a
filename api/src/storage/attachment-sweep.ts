// Settles what a crash left between attachment storage and the database: a pending upload whose row
// was committed is made permanent; an object without a row, old enough that no upload can still be
// writing it, is deleted.
import type { Queryable } from '../db';
import type { AttachmentStorage, StoredObject } from './attachment-storage';

/** Longer than any upload and its transaction can take (the remark route's time limit is 2 minutes). */
export const ORPHAN_GRACE_MS = 15 * 60 * 1000;
/** How often a running API sweeps, besides once at start. */
export const SWEEP_EVERY_MS = 10 * 60 * 1000;
const BATCH = 500;

export interface SweepResult {
  committed: number;
  removed: number;
}

async function* batches(objects: AsyncIterable<StoredObject>) {
  let batch: StoredObject[] = [];
  for await (const object of objects) {
    batch.push(object);
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

export async function sweepAttachments(
  db: Queryable,
  storage: AttachmentStorage,
  { graceMs = ORPHAN_GRACE_MS, now = Date.now() }: { graceMs?: number; now?: number } = {},
): Promise<SweepResult> {
  const result: SweepResult = { committed: 0, removed: 0 };
  for await (const batch of batches(storage.list())) {
    const { rows } = await db.query<{ storage_key: string }>(
      // Remarks' images, the lenders' workbooks plans were imported from (decision 0093), and
      // incidents' photos (decision 0099).
      `SELECT storage_key FROM remark_documents WHERE storage_key = ANY($1::text[])
       UNION ALL SELECT storage_key FROM esap_workbooks WHERE storage_key = ANY($1::text[])
       UNION ALL SELECT storage_key FROM incident_photos WHERE storage_key = ANY($1::text[])`,
      [batch.map((object) => object.key)],
    );
    const named = new Set(rows.map((row) => row.storage_key));
    for (const object of batch) {
      if (named.has(object.key)) {
        if (!object.pending) continue;
        await storage.commit(object.key);
        result.committed += 1;
      } else if (now - object.modifiedAt.getTime() >= graceMs) {
        await storage.delete(object.key);
        result.removed += 1;
      }
    }
  }
  return result;
}
