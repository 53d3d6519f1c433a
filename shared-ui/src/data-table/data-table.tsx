import { Fragment, type ReactNode } from 'react';
import { RowLink, followRowLink, type RowLinkTarget } from './row-link';
import '../styles/display.css';

export interface DataTableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: string;
  /** The column the rows are sorted by, and which way (its heading then carries `aria-sort`). */
  sorted?: 'ascending' | 'descending';
}

export interface DataTableProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowKey: (row: Row) => string;
  /** Names the table for screen readers; shown only to them unless captionVisible. */
  caption: string;
  captionVisible?: boolean;
  /**
   * Makes each row open something: the first column's content becomes a real link (Tab, Enter,
   * a new tab), and a click anywhere else on the row follows it.
   */
  rowLink?: (row: Row) => RowLinkTarget;
  loading?: boolean;
  /** Rows shown while the next ones load (a new page or sort): marked busy, not replaced. */
  busy?: boolean;
  loadingText?: string;
  emptyText?: string;
  /** Extra rows after a row, e.g. a plan's nested gap rows; they get the same column count. */
  renderAfterRow?: (row: Row, columnCount: number) => ReactNode;
}

export function DataTable<Row>({
  columns,
  rows,
  getRowKey,
  caption,
  captionVisible = false,
  rowLink,
  loading = false,
  busy = false,
  loadingText = 'Loading...',
  emptyText = 'No Data',
  renderAfterRow,
}: DataTableProps<Row>) {
  const message = loading ? loadingText : rows.length === 0 ? emptyText : null;

  return (
    <div className="vui-table-wrap">
      <table className="vui-table" aria-busy={loading || busy || undefined}>
        <caption className={captionVisible ? 'vui-table__caption' : 'vui-sr-only'}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                data-align={column.align}
                style={column.width ? { width: column.width } : undefined}
                aria-sort={column.sorted}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {message !== null ? (
            <tr>
              <td
                colSpan={columns.length}
                className="vui-table__message"
                role={loading ? 'status' : undefined}
              >
                {message}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <Fragment key={getRowKey(row)}>
                <tr
                  data-clickable={rowLink ? 'true' : undefined}
                  onClick={rowLink ? followRowLink : undefined}
                >
                  {columns.map((column, index) => (
                    <td key={column.key} data-align={column.align}>
                      {rowLink && index === 0 ? (
                        <RowLink {...rowLink(row)}>{column.cell(row)}</RowLink>
                      ) : (
                        column.cell(row)
                      )}
                    </td>
                  ))}
                </tr>
                {renderAfterRow?.(row, columns.length)}
              </Fragment>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
