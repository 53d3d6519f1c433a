export { CompanyReportButton, DownloadReportButton } from './download-report-button';
export type { DownloadReportButtonProps, ReportSubject } from './download-report-button';
export { EsapWorkbookButton } from './esap-workbook-button';
export type { EsapWorkbookButtonProps } from './esap-workbook-button';
