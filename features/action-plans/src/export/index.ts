export { CompanyPlansExport, ExportPlansButton } from './export-plans-button';
export type { ExportPlansButtonProps } from './export-plans-button';
