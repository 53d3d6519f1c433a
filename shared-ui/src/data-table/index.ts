export { RowLink, followRowLink } from './row-link';
export type { RowLinkTarget } from './row-link';
export { DataTable } from './data-table';
export type { DataTableColumn, DataTableProps, DataTableSelection } from './data-table';
