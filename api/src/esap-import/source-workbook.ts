// The lender's own workbook a plan's ESAP came from, kept to write it back in its layout
// (docs/decisions/0093-esap-back-in-the-lenders-layout.md): the file, already read safely by the
// import, in the attachments storage; its sheet, header rows, columns, item and section rows here.
import { randomUUID } from 'node:crypto';
import type { EsapImportField } from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import type { AttachmentStorage } from '../storage/attachment-storage';
import { kindOfRow, type DetectedColumn, type Layout } from './layout';
import { columnsByField, type PreparedGap } from './prepare-gaps';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A column of the lender's table, as the import read and mapped it. */
export interface SourceColumn {
  column: string;
  index: number;
  header: string;
  field: EsapImportField | null;
  /** A combined column ('Status / Responsibility') whose cells the import split in two. */
  combined: boolean;
}

/** What the writing back needs of the lender's table, from the import's reading of it. */
export interface SourceLayout {
  sheetName: string;
  headerRows: number[];
  columns: SourceColumn[];
  itemRows: { row: number; itemNumber: string }[];
  sectionRows: { row: number; title: string }[];
  lastRow: number;
}

export interface SourceWorkbook extends SourceLayout {
  actionPlanId: string;
  storageKey: string;
  fileName: string;
  revision: number;
}

/** The table's layout as the import read it, with the columns as mapped and the items it checked. */
export function sourceLayoutOf(
  sheetName: string,
  layout: Layout,
  columns: readonly DetectedColumn[],
  gaps: readonly PreparedGap[],
): SourceLayout {
  const itemNumberIndex = columnsByField(columns).get('esapItemNumber')?.index ?? null;
  const sectionRows = layout.rows.flatMap((row) => {
    const kind = kindOfRow(row, itemNumberIndex);
    return kind.kind === 'section' ? [{ row: row.number, title: kind.title }] : [];
  });
  const lastBodyRow = layout.rows.at(-1)?.number ?? 0;
  return {
    sheetName,
    headerRows: layout.headerRows,
    columns: columns.map(({ column, index, header, field, combined }) => ({
      column,
      index,
      header,
      field,
      combined: combined.length > 0,
    })),
    itemRows: gaps.map(({ row, gap }) => ({ row, itemNumber: gap.esapItemNumber ?? '' })),
    sectionRows,
    lastRow: Math.max(lastBodyRow, ...layout.headerRows),
  };
}

/** The file stored pending, before the import's transaction; made permanent once it commits. */
export async function stageWorkbook(storage: AttachmentStorage, bytes: Buffer): Promise<string> {
  const storageKey = `${randomUUID()}.xlsx`;
  await storage.put(storageKey, bytes, XLSX_TYPE);
  return storageKey;
}

/**
 * Keeps `workbook` as the plan's source, in the import's transaction, in place of the one it had;
 * gives the storage key of the file it replaces (to delete once committed), or null.
 */
export async function keepSourceWorkbook(
  tx: Queryable,
  workbook: SourceWorkbook,
  createdBy: string,
): Promise<string | null> {
  const { rows } = await tx.query<{ storage_key: string }>(
    'SELECT storage_key FROM esap_workbooks WHERE action_plan_id = $1 FOR UPDATE',
    [workbook.actionPlanId],
  );
  await tx.query(
    `INSERT INTO esap_workbooks (action_plan_id, storage_key, file_name, revision, sheet_name,
       header_rows, columns, item_rows, section_rows, last_row, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10, $11)
     ON CONFLICT (action_plan_id) DO UPDATE SET storage_key = EXCLUDED.storage_key,
       file_name = EXCLUDED.file_name, revision = EXCLUDED.revision, sheet_name = EXCLUDED.sheet_name,
       header_rows = EXCLUDED.header_rows, columns = EXCLUDED.columns, item_rows = EXCLUDED.item_rows,
       section_rows = EXCLUDED.section_rows, last_row = EXCLUDED.last_row,
       created_by = EXCLUDED.created_by, created_at = now()`,
    [
      workbook.actionPlanId,
      workbook.storageKey,
      workbook.fileName,
      workbook.revision,
      workbook.sheetName,
      workbook.headerRows,
      JSON.stringify(workbook.columns),
      JSON.stringify(workbook.itemRows),
      JSON.stringify(workbook.sectionRows),
      workbook.lastRow,
      createdBy,
    ],
  );
  return rows[0]?.storage_key ?? null;
}

/** The plan's source workbook, or undefined when its ESAP was not imported from one. */
export async function findSourceWorkbook(
  db: Queryable,
  actionPlanId: string,
): Promise<SourceWorkbook | undefined> {
  const { rows } = await db.query<{
    storage_key: string;
    file_name: string;
    revision: number;
    sheet_name: string;
    header_rows: number[];
    columns: SourceColumn[];
    item_rows: SourceLayout['itemRows'];
    section_rows: SourceLayout['sectionRows'];
    last_row: number;
  }>(
    `SELECT storage_key, file_name, revision, sheet_name, header_rows, columns, item_rows,
       section_rows, last_row FROM esap_workbooks WHERE action_plan_id = $1`,
    [actionPlanId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    actionPlanId,
    storageKey: row.storage_key,
    fileName: row.file_name,
    revision: row.revision,
    sheetName: row.sheet_name,
    headerRows: row.header_rows.map(Number),
    columns: row.columns,
    itemRows: row.item_rows,
    sectionRows: row.section_rows,
    lastRow: row.last_row,
  };
}

/** The name kept for the file: the browser's, without folders or control characters, at most 255. */
export function sourceFileName(sent: string): string {
  const name = (sent.split(/[\\/]/).at(-1) ?? '')
    // eslint-disable-next-line no-control-regex -- control characters have no place in a file name
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return (name || 'ESAP.xlsx').slice(0, 255);
}

/**
 * After the import: the staged file made permanent when a plan now names it (and the file it
 * replaced deleted), else deleted. Never throws: the import is committed, and the sweep settles a
 * file left pending or unnamed.
 */
export async function settleStagedWorkbook(
  storage: AttachmentStorage,
  staged: string,
  replaced: string | null | undefined,
  log: { warn: (details: object, message: string) => void },
): Promise<void> {
  const onError = (error: unknown) =>
    log.warn({ err: error }, 'source workbook left for the attachment sweep');
  if (replaced === undefined) {
    await storage.delete(staged).catch(onError);
    return;
  }
  await storage.commit(staged).catch(onError);
  if (replaced !== null) await storage.delete(replaced).catch(onError);
}
