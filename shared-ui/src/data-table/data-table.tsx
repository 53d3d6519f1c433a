import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { useLanguage } from '@verity/session';
import { RowLink, followRowLink, type RowLinkTarget } from './row-link';
import '../styles/display.css';
import { t } from '../texts';

export interface DataTableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: string;
  /** The column the rows are sorted by, and which way (its heading then carries `aria-sort`). */
  sorted?: 'ascending' | 'descending';
}

/** A checkbox before each row and one in the heading that selects every row shown. */
export interface DataTableSelection<Row> {
  isSelected: (row: Row) => boolean;
  onToggle: (row: Row) => void;
  /** Selects every row shown, or clears them when all are selected. */
  onToggleAll: () => void;
  /** The accessible name of a row's checkbox ('Select gap 1.1 Water'). */
  rowLabel: (row: Row) => string;
  /** The accessible name of the heading's checkbox ('Select all shown gaps'). */
  allLabel: string;
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
  /** Rows the user can select (a checkbox column before the others). */
  selection?: DataTableSelection<Row>;
}

/** The heading's checkbox: checked when every row is, mixed when some are. */
function SelectAllBox({
  checked,
  mixed,
  label,
  onChange,
}: {
  checked: boolean;
  mixed: boolean;
  label: string;
  onChange: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="vui-table__check"
      aria-label={label}
      checked={checked}
      onChange={onChange}
    />
  );
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
  loadingText = t('ui.common.loading'),
  emptyText = t('ui.common.noData'),
  renderAfterRow,
  selection,
}: DataTableProps<Row>) {
  useLanguage();
  const message = loading ? loadingText : rows.length === 0 ? emptyText : null;
  const selectedCount = selection ? rows.filter((row) => selection.isSelected(row)).length : 0;
  const columnCount = columns.length + (selection ? 1 : 0);

  return (
    <div className="vui-table-wrap">
      <table className="vui-table" aria-busy={loading || busy || undefined}>
        <caption className={captionVisible ? 'vui-table__caption' : 'vui-sr-only'}>
          {caption}
        </caption>
        <thead>
          <tr>
            {selection ? (
              <th scope="col" className="vui-table__select">
                <SelectAllBox
                  label={selection.allLabel}
                  checked={rows.length > 0 && selectedCount === rows.length}
                  mixed={selectedCount > 0 && selectedCount < rows.length}
                  onChange={selection.onToggleAll}
                />
              </th>
            ) : null}
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                data-column={column.key}
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
                colSpan={columnCount}
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
                  data-selected={selection?.isSelected(row) ? 'true' : undefined}
                  onClick={rowLink ? followRowLink : undefined}
                >
                  {selection ? (
                    <td className="vui-table__select">
                      {/* The whole cell toggles the box: a large target, never the row's link. */}
                      <label className="vui-table__select-target">
                        <input
                          type="checkbox"
                          className="vui-table__check"
                          aria-label={selection.rowLabel(row)}
                          checked={selection.isSelected(row)}
                          onChange={() => selection.onToggle(row)}
                        />
                      </label>
                    </td>
                  ) : null}
                  {columns.map((column, index) => (
                    <td key={column.key} data-column={column.key} data-align={column.align}>
                      {rowLink && index === 0 ? (
                        <RowLink {...rowLink(row)}>{column.cell(row)}</RowLink>
                      ) : (
                        column.cell(row)
                      )}
                    </td>
                  ))}
                </tr>
                {renderAfterRow?.(row, columnCount)}
              </Fragment>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
