// The lender's own workbook back (docs/decisions/0093-esap-back-in-the-lenders-layout.md): an ESAP
// imported from a workbook written again in that workbook's layout, with Verity's columns filled in
// as of a day. The words the button, the added columns and the API share; the columns and the cells
// are written in the spec's English, into the lender's workbook.
import { textRecord } from '../text-records';

export const DOWNLOAD_ESAP_WORKBOOK_LABEL = 'Download ESAP workbook';
/** DOWNLOAD_ESAP_WORKBOOK_LABEL in the language in use, for the button. */
export const ESAP_WORKBOOK_BUTTON_TEXT = textRecord({
  label: 'contract.esapWorkbook.downloadLabel',
});

/** The dialog's words. */
export const ESAP_WORKBOOK_DIALOG_TEXT = textRecord({
  title: 'contract.esapWorkbook.dialog.title',
  description: 'contract.esapWorkbook.dialog.description',
  asOf: 'contract.esapWorkbook.dialog.asOf',
  download: 'contract.esapWorkbook.dialog.download',
  cancel: 'contract.esapWorkbook.dialog.cancel',
});

/** The columns added right of the lender's own, in this order ('status' only when it had none). */
export const ESAP_WORKBOOK_COLUMNS = {
  status: 'Status',
  progress: 'Progress / latest remark',
  evidenceCount: 'Evidence (files)',
  evidenceLatest: 'Latest evidence',
  verified: 'Verified',
  verifiedOn: 'Verified on',
  dueDate: 'Due date (Verity)',
} as const;
export type EsapWorkbookColumn = keyof typeof ESAP_WORKBOOK_COLUMNS;

/** How a closure was verified, as the Verified column writes it. */
export const ESAP_WORKBOOK_VERIFIED = {
  desk: 'Desk review',
  site: 'Site verification',
} as const;

/** What an item's status cell says when the item did not exist yet on the day. */
export const ESAP_WORKBOOK_NOT_YET = 'Not yet in Verity';

export const ESAP_WORKBOOK_TEXT = {
  /** The line written in the title block. */
  asOf: (day: string) => `Status as of ${day}, from Verity`,
  /** The heading above the items added in Verity after the import, per section. */
  addedHeading: (section: string | null) =>
    section ? `${section} (added in Verity)` : 'Added in Verity',
  /** The heading above the items a revision dropped (the revision's file no longer lists them). */
  droppedHeading: 'Dropped in a revision',
} as const;

export const esapWorkbookMessages = textRecord({
  badAsOf: 'contract.esapWorkbook.badAsOf',
  noWorkbook: 'contract.esapWorkbook.noWorkbook',
  failed: 'contract.esapWorkbook.failed',
});

/** The file's name: '<original name without .xlsx> – as of <yyyy-mm-dd>.xlsx'. */
export function esapWorkbookFileName(originalName: string, asOf: string): string {
  const base = originalName.replace(/\.xlsx$/i, '').trim() || 'ESAP';
  return `${base} – as of ${asOf}.xlsx`;
}
