// The rows an import skipped for their errors, as a CSV the user can fix and import again: built in
// the browser from the answer, so no second request and nothing kept on the server.
import type { EsapImportResult } from '@verity/shared-api';
import { ESAP_IMPORT_TEXTS as text } from '../../strings';

const cell = (value: string) => {
  // A formula-looking text is kept as text when the file is opened in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The header's columns, each skipped row as it was, and its errors in a last column. */
export function errorRowsCsv(result: EsapImportResult): string {
  const header = [
    text.rowHeader,
    ...result.columns.map((column) => column.header || column.column),
    text.errorsColumn,
  ];
  const lines = result.rejectedRows.map((rejected) => [
    String(rejected.row),
    ...rejected.cells,
    result.errors
      .filter((error) => error.row === rejected.row)
      .map((error) => error.message)
      .join('; '),
  ]);
  return `\uFEFF${[header, ...lines].map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}
