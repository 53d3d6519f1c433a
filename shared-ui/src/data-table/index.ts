export { DataTable } from './data-table';
export type { DataTableColumn, DataTableProps } from './data-table';
