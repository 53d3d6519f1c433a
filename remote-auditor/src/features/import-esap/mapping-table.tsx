// The file's columns with the field each is imported as (changeable), and its first rows.
import {
  ESAP_IMPORT_FIELDS,
  GAP_STATUS_OPTION_LABELS,
  IMPORT_STATUS_TARGETS,
  isEsapImportField,
  isImportStatusTarget,
  type EsapColumnMapping,
  type EsapImportColumn,
  type EsapImportPreviewRow,
  type EsapImportStatus,
  type ImportStatusTarget,
} from '@verity/shared-api';
import { useLanguage } from '@verity/session';
import { ESAP_IMPORT_TEXTS as text } from '../../strings';

export interface MappingTableProps {
  columns: readonly EsapImportColumn[];
  mapping: EsapColumnMapping;
  onChange: (column: string, field: EsapColumnMapping[string]) => void;
  /** Two columns on one field, naming both. */
  problem?: string;
}

export function MappingTable({ columns, mapping, onChange, problem }: MappingTableProps) {
  useLanguage();
  const fieldOptions = ESAP_IMPORT_FIELDS.map((field) => ({
    value: field,
    label: text.fieldLabels[field],
  }));
  return (
    <section className="va-import__section" aria-labelledby="va-import-columns">
      <h2 id="va-import-columns" className="va-import__section-title">
        {text.mappingTitle}
      </h2>
      {problem ? (
        <p className="va-import__banner" data-tone="error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="va-import__scroll">
        <table className="va-import__table va-import__mapping">
          <thead>
            <tr>
              <th scope="col">{text.columnHeader}</th>
              <th scope="col">{text.fieldHeader}</th>
            </tr>
          </thead>
          <tbody>
            {columns.map((column) => (
              <tr key={column.column}>
                <th scope="row">
                  {column.column}
                  <span className="va-import__column-header">{column.header}</span>
                </th>
                <td className="va-import__field">
                  <select
                    className="vui-input"
                    aria-label={text.fieldLabel(column.column, column.header)}
                    value={mapping[column.column] ?? ''}
                    onChange={(event) => {
                      const value = event.target.value;
                      onChange(column.column, isEsapImportField(value) ? value : null);
                    }}
                  >
                    <option value="">{text.notImported}</option>
                    {fieldOptions.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function PreviewTable({
  columns,
  rows,
}: {
  columns: readonly EsapImportColumn[];
  rows: readonly EsapImportPreviewRow[];
}) {
  useLanguage();
  return (
    <section className="va-import__section" aria-labelledby="va-import-preview">
      <h2 id="va-import-preview" className="va-import__section-title">
        {text.previewTitle}
      </h2>
      <div className="va-import__scroll" tabIndex={0} aria-labelledby="va-import-preview">
        <table className="va-import__table va-import__preview">
          <thead>
            <tr>
              <th scope="col">{text.rowHeader}</th>
              {columns.map((column) => (
                <th scope="col" key={column.column}>
                  {column.column}
                  <span className="va-import__header-text"> {column.header}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row} data-kind={row.kind}>
                <th scope="row">
                  {row.row}
                  {row.kind !== 'item' ? (
                    <span className="va-import__row-kind">
                      {row.kind === 'section' ? text.sectionRow : text.footnoteRow}
                    </span>
                  ) : null}
                </th>
                {row.kind === 'item' ? (
                  row.cells.map((value, index) => (
                    <td key={columns[index]?.column ?? index}>{value}</td>
                  ))
                ) : (
                  <td colSpan={columns.length}>
                    {row.title ?? row.cells.find((value) => value !== '')}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The choices made in the table of statuses: each status as the file writes it to its target. */
export type StatusChoices = Readonly<Record<string, ImportStatusTarget | null>>;

/** The table as sent: every status of the file, with the choice made or the one answered. */
export function statusTable(
  statuses: readonly EsapImportStatus[],
  choices: StatusChoices,
): Record<string, ImportStatusTarget | null> {
  return Object.fromEntries(
    statuses.map((status) => [
      status.text,
      status.text in choices ? (choices[status.text] ?? null) : status.target,
    ]),
  );
}

/**
 * The file's ESAP statuses, each once, with the gap status the import sets for it: proposed where
 * the import knows the status, remembered from the client's last import, or the user's choice.
 */
export function StatusTable({
  statuses,
  choices,
  onChange,
}: {
  statuses: readonly EsapImportStatus[];
  choices: StatusChoices;
  onChange: (status: string, target: ImportStatusTarget | null) => void;
}) {
  useLanguage();
  if (statuses.length === 0) return null;
  return (
    <section className="va-import__section" aria-labelledby="va-import-statuses">
      <h2 id="va-import-statuses" className="va-import__section-title">
        {text.statusTitle}
      </h2>
      <p className="va-import__hint">{text.statusHint}</p>
      <div className="va-import__scroll">
        <table className="va-import__table va-import__mapping va-import__statuses">
          <thead>
            <tr>
              <th scope="col">{text.statusHeader}</th>
              <th scope="col">{text.statusItemsHeader}</th>
              <th scope="col">{text.statusTargetHeader}</th>
            </tr>
          </thead>
          <tbody>
            {statuses.map((status) => {
              const chosen = status.text in choices;
              const value = chosen ? (choices[status.text] ?? null) : status.target;
              return (
                <tr key={status.text} data-source={chosen ? 'sent' : status.source}>
                  <th scope="row">
                    {status.text}
                    <span className="va-import__column-header">
                      {text.statusSources[chosen ? 'sent' : status.source]}
                    </span>
                  </th>
                  <td>{status.items}</td>
                  <td className="va-import__field">
                    <select
                      className="vui-input"
                      aria-label={text.statusTargetLabel(status.text)}
                      value={value ?? ''}
                      onChange={(event) => {
                        const next = event.target.value;
                        onChange(status.text, isImportStatusTarget(next) ? next : null);
                      }}
                    >
                      {IMPORT_STATUS_TARGETS.map((target) => (
                        <option key={target} value={target}>
                          {GAP_STATUS_OPTION_LABELS[target]}
                        </option>
                      ))}
                      <option value="">{text.keepAsText}</option>
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
