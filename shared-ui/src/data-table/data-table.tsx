import { Fragment, type KeyboardEvent, type ReactNode } from 'react';
import '../styles/display.css';

export interface DataTableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: string;
}

export interface DataTableProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowKey: (row: Row) => string;
  /** Names the table for screen readers; shown only to them unless captionVisible. */
  caption: string;
  captionVisible?: boolean;
  /** Makes each row open something on click, Enter or Space. */
  onRowClick?: (row: Row) => void;
  /** The accessible name of a clickable row, e.g. 'Open Solar roof'. */
  rowLabel?: (row: Row) => string;
  loading?: boolean;
  loadingText?: string;
  emptyText?: string;
  /** Extra rows after a row, e.g. a plan's nested gap rows; they get the same column count. */
  renderAfterRow?: (row: Row, columnCount: number) => ReactNode;
}

function isInsideControl(target: EventTarget, row: HTMLElement): boolean {
  const control = (target as HTMLElement).closest('a, button, input, select, textarea, label');
  return control !== null && row.contains(control);
}

export function DataTable<Row>({
  columns,
  rows,
  getRowKey,
  caption,
  captionVisible = false,
  onRowClick,
  rowLabel,
  loading = false,
  loadingText = 'Loading...',
  emptyText = 'No Data',
  renderAfterRow,
}: DataTableProps<Row>) {
  const message = loading ? loadingText : rows.length === 0 ? emptyText : null;

  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, row: Row) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  }

  return (
    <div className="vui-table-wrap">
      <table className="vui-table" aria-busy={loading || undefined}>
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
                  data-clickable={onRowClick ? 'true' : undefined}
                  tabIndex={onRowClick ? 0 : undefined}
                  aria-label={onRowClick && rowLabel ? rowLabel(row) : undefined}
                  onClick={
                    onRowClick
                      ? (event) => {
                          if (!isInsideControl(event.target, event.currentTarget)) onRowClick(row);
                        }
                      : undefined
                  }
                  onKeyDown={onRowClick ? (event) => onRowKeyDown(event, row) : undefined}
                >
                  {columns.map((column) => (
                    <td key={column.key} data-align={column.align}>
                      {column.cell(row)}
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
