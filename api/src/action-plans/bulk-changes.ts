// One change to many gaps of a plan (docs/decisions/0087-bulk-gap-changes.md): each gap is
// changed exactly as its single edit changes it (the status selector's PATCH, the edit form's PUT),
// in one transaction, so one refused gap refuses them all, with its refusal naming the gap.
import {
  BULK_GAPS_MAX,
  BULK_TEXT,
  formHasDueDate,
  gapItemName,
  type AuditForm,
  type BulkGapChange,
  type GapStatus,
  type SessionUser,
} from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import { ApiError, invalid, notFound } from '../errors';
import { requirePermission } from '../auth/tenancy';
import { guardClosureLoop } from './closure';
import { editGap, setGapStatus } from './gap-writes';

/** The one change a bulk request makes. */
export type BulkChange =
  | { kind: 'status'; status: GapStatus }
  | { kind: 'dueDate'; dueDate: string; reason?: string }
  | { kind: 'responsibility'; responsibility: string };

/**
 * The request's one change, and who may make it: a status as the status selector (changeGapStatus),
 * a due date or a responsibility as the edit form (editGap); 400 for no change, two, or a list out of
 * bounds, 403 for a change the caller may not make. Checked before any gap is read.
 */
export function bulkChangeOf(user: SessionUser, body: BulkGapChange): BulkChange {
  const given = [
    body.status !== undefined,
    body.dueDate !== undefined,
    body.responsibility !== undefined,
  ].filter(Boolean).length;
  if (given > 1) throw invalid(BULK_TEXT.oneChangeAtATime);
  let change: BulkChange;
  if (body.status !== undefined) {
    change = { kind: 'status', status: body.status };
  } else if (body.dueDate !== undefined) {
    change = { kind: 'dueDate', dueDate: body.dueDate, reason: body.reason };
  } else if (body.responsibility !== undefined) {
    change = { kind: 'responsibility', responsibility: body.responsibility };
  } else {
    throw invalid(BULK_TEXT.noChange);
  }
  requirePermission(user, change.kind === 'status' ? 'changeGapStatus' : 'editGap');
  if (body.gaps.length === 0) throw invalid(BULK_TEXT.noGaps);
  if (body.gaps.length > BULK_GAPS_MAX) throw invalid(BULK_TEXT.tooMany);
  if (new Set(body.gaps.map((gap) => gap.id)).size !== body.gaps.length) {
    throw invalid(BULK_TEXT.repeated);
  }
  return change;
}

interface NamedGap {
  id: string;
  status: string;
  esap_item_number: string | null;
  gap_name: string;
  kpi: string;
}

/**
 * Applies the change to every gap named, in the caller's transaction: all of them in `plan` (else
 * 404), each at the version the user saw (else 409), each allowed by its own rules (the closure loop
 * for a status; the gap rules and a reason for a later due date). A refusal keeps its status and code
 * and names the gap. Gives each gap's version after the change.
 */
export async function applyBulkChange(
  tx: Queryable,
  plan: { id: string; form_type: string; timeline: Date | null },
  gaps: readonly { id: string; version: number }[],
  change: BulkChange,
  actor: SessionUser,
): Promise<{ id: string; version: number }[]> {
  if (change.kind === 'dueDate' && !formHasDueDate(plan.form_type as AuditForm)) {
    throw invalid(BULK_TEXT.noDueDate);
  }
  const ids = gaps.map((gap) => gap.id);
  // Locked in one order (by id), so two bulk changes over the same gaps wait rather than deadlock.
  const { rows } = await tx.query<NamedGap>(
    `SELECT id, status, esap_item_number, gap_name, kpi FROM gaps
     WHERE action_plan_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
    [plan.id, ids],
  );
  if (rows.length !== ids.length) throw notFound();
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const { id, version } of gaps) {
    const gap = byId.get(id) as NamedGap;
    try {
      if (change.kind === 'status') {
        await guardClosureLoop(tx, id, change.status);
        await setGapStatus(tx, id, change.status, actor, { version });
      } else if (change.kind === 'dueDate') {
        await editGap(
          tx,
          { ...plan, id },
          { changes: { dueDate: change.dueDate }, reason: change.reason, version },
          actor,
        );
      } else {
        await editGap(
          tx,
          { ...plan, id },
          { changes: { responsibility: change.responsibility }, version },
          actor,
        );
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const name = gapItemName({
        esapItemNumber: gap.esap_item_number,
        gapName: gap.gap_name,
        KPI: gap.kpi,
      });
      throw new ApiError(
        error.statusCode,
        error.code,
        BULK_TEXT.refused(name, error.message),
        error.headers,
      );
    }
  }
  const { rows: versions } = await tx.query<{ id: string; version: number }>(
    `SELECT id, version FROM gaps WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  const versionOf = new Map(versions.map((row) => [row.id, row.version]));
  return ids.map((id) => ({ id, version: versionOf.get(id) as number }));
}
