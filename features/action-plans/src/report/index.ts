export { CompanyReportButton, DownloadReportButton } from './download-report-button';
export type { DownloadReportButtonProps, ReportSubject } from './download-report-button';
