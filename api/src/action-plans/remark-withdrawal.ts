// Withdrawing a remark or one of its attachments: who may (the author within the remark's window, an
// owner of the author's organisation at any time), and the writes that leave a trace but no content.
import type { Queryable } from '../db';
import { ApiError } from '../errors';
import { remarkLimitMessages } from '../messages';
import { may, type SessionUser } from '@verity/shared-api/src/server';
import { formatDuration } from './upload-limits';

/** What the rule needs to know of a remark. */
export interface RemarkAuthorship {
  user_id: string | null;
  user_type: string;
  author_organisation_id: string | null;
  withdrawable_until: Date | null;
  withdrawn_at: Date | null;
}

/** The authorship columns of remarks aliased `r` (the author's organisation from the user when not stored). */
export const authorshipSql = (r: string) =>
  `${r}.user_id, ${r}.user_type, ${r}.withdrawable_until, ${r}.withdrawn_at,
   COALESCE(${r}.author_organisation_id,
     (SELECT COALESCE(u.client_id, u.auditor_id, u.target_company_id) FROM users u WHERE u.id = ${r}.user_id)
   ) AS author_organisation_id`;

export const organisationOf = (user: SessionUser) =>
  user.clientId ?? user.auditorId ?? user.targetCompanyId ?? null;

/**
 * Throws 403 unless the user may withdraw the remark (or an attachment of it) now: an owner of the
 * organisation the author wrote for, at any time; the author, until the remark's window closes.
 */
export function requireWithdrawalRight(
  user: SessionUser,
  remark: RemarkAuthorship,
  windowSeconds: number,
  now: Date,
): void {
  const ownerOfAuthors =
    may(user, 'withdrawOrganisationRemarks') &&
    user.userType === remark.user_type &&
    remark.author_organisation_id !== null &&
    remark.author_organisation_id === organisationOf(user);
  if (ownerOfAuthors) return;
  if (remark.user_id !== user._id) {
    throw new ApiError(403, 'FORBIDDEN', remarkLimitMessages.notAuthorOrOwner);
  }
  if (
    !remark.withdrawable_until ||
    now.getTime() >= new Date(remark.withdrawable_until).getTime()
  ) {
    throw new ApiError(
      403,
      'WITHDRAWAL_WINDOW_PASSED',
      remarkLimitMessages.windowPassed(formatDuration(windowSeconds)),
    );
  }
}

export const alreadyWithdrawn = (message: string) =>
  new ApiError(409, 'ALREADY_WITHDRAWN', message);

/**
 * Withdraws the remark and every attachment still standing: the text and file names are erased,
 * who and when are kept. Gives the storage keys whose files the caller deletes after the commit.
 */
export async function withdrawRemark(
  tx: Queryable,
  remarkId: string,
  user: SessionUser,
): Promise<string[]> {
  const { rows } = await tx.query(
    `UPDATE remarks SET comments = '', withdrawn_at = now(), withdrawn_by = $2, withdrawn_by_name = $3
     WHERE id = $1 AND withdrawn_at IS NULL RETURNING id`,
    [remarkId, user._id, user.fullname],
  );
  if (rows.length === 0) throw alreadyWithdrawn(remarkLimitMessages.remarkAlreadyWithdrawn);
  return withdrawDocuments(tx, 'remark_id', remarkId, user);
}

/** Withdraws one attachment; gives its storage key, or 409 when it was already withdrawn. */
export async function withdrawDocument(
  tx: Queryable,
  documentId: string,
  user: SessionUser,
): Promise<string[]> {
  const keys = await withdrawDocuments(tx, 'id', documentId, user);
  if (keys.length === 0) throw alreadyWithdrawn(remarkLimitMessages.attachmentAlreadyWithdrawn);
  return keys;
}

async function withdrawDocuments(
  tx: Queryable,
  column: 'id' | 'remark_id',
  id: string,
  user: SessionUser,
): Promise<string[]> {
  const { rows } = await tx.query<{ storage_key: string }>(
    `UPDATE remark_documents d
     SET storage_key = NULL, file_name = '', withdrawn_at = now(), withdrawn_by = $2, withdrawn_by_name = $3,
       sha256 = NULL, width = NULL, height = NULL, captured_at = NULL, captured_utc_offset_minutes = NULL,
       camera = NULL, gps_latitude = NULL, gps_longitude = NULL, device_recorded = '{}'
     FROM (SELECT id, storage_key FROM remark_documents
           WHERE ${column} = $1 AND withdrawn_at IS NULL FOR UPDATE) standing
     WHERE d.id = standing.id
     RETURNING standing.storage_key`,
    [id, user._id, user.fullname],
  );
  return rows.map((row) => row.storage_key);
}
