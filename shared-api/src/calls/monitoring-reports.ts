// The annual monitoring reports' calls (docs/api.md "Annual monitoring reports").
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import type { CompanyReports, MonitoringReport, ReportPortfolioRow, ReportRule } from '../contract';
import type { ReportDecision, ReportFrequency, ReportSections } from '../domain/monitoring-reports';
import { fileNameFromDisposition } from './csv-export';
import { dataOf } from './envelope';
import type { ReportFile } from './reports';

const id = encodeURIComponent;

/** GET /target-company/{id}/monitoring-reports: the reports, the rule and the periods to start. */
export function getCompanyReports(
  targetCompanyId: string,
  client: KyInstance = apiClient,
): Promise<CompanyReports> {
  return dataOf<CompanyReports>(
    client.get(`target-company/${id(targetCompanyId)}/monitoring-reports`),
  );
}

/** PUT /target-company/{id}/report-rule (client, not viewer). */
export async function updateReportRule(
  targetCompanyId: string,
  rule: { frequency: ReportFrequency; yearEnd: string; dueDays: number },
  client: KyInstance = apiClient,
): Promise<ReportRule> {
  const data = await dataOf<{ rule: ReportRule }>(
    client.put(`target-company/${id(targetCompanyId)}/report-rule`, { json: rule }),
  );
  return data.rule;
}

const reportOf = async (response: ReturnType<KyInstance['get']>) =>
  (await dataOf<{ report: MonitoringReport }>(response)).report;

/** POST /target-company/{id}/monitoring-reports: starts the draft of an ended period (company). */
export function startMonitoringReport(
  targetCompanyId: string,
  periodEnd: string,
  client: KyInstance = apiClient,
): Promise<MonitoringReport> {
  return reportOf(
    client.post(`target-company/${id(targetCompanyId)}/monitoring-reports`, {
      json: { periodEnd },
    }),
  );
}

/** GET /monitoring-report/{id} */
export function getMonitoringReport(
  reportId: string,
  client: KyInstance = apiClient,
): Promise<MonitoringReport> {
  return reportOf(client.get(`monitoring-report/${id(reportId)}`));
}

/** PUT /monitoring-report/{id}: saves the sections sent (company, while it may change it). */
export function saveMonitoringReport(
  reportId: string,
  change: { revision: number; sections: ReportSections },
  client: KyInstance = apiClient,
): Promise<MonitoringReport> {
  return reportOf(client.put(`monitoring-report/${id(reportId)}`, { json: change }));
}

/** POST /monitoring-report/{id}/submit: the sections and figures become the next version. */
export function submitMonitoringReport(
  reportId: string,
  revision: number,
  client: KyInstance = apiClient,
): Promise<MonitoringReport> {
  return reportOf(client.post(`monitoring-report/${id(reportId)}/submit`, { json: { revision } }));
}

/** POST /monitoring-report/{id}/review: request changes or accept (client, not viewer). */
export function reviewMonitoringReport(
  reportId: string,
  review: {
    revision: number;
    decision: ReportDecision;
    comment?: string;
    sectionComments?: ReportSections;
  },
  client: KyInstance = apiClient,
): Promise<MonitoringReport> {
  return reportOf(client.post(`monitoring-report/${id(reportId)}/review`, { json: review }));
}

/** GET /monitoring-report/{id}/pdf: the accepted report with its review trail. */
export async function downloadMonitoringReportPdf(
  reportId: string,
  client: KyInstance = apiClient,
): Promise<ReportFile> {
  const response = await client.get(`monitoring-report/${id(reportId)}/pdf`);
  const blob = await response.blob();
  const fileName =
    fileNameFromDisposition(response.headers.get('content-disposition')) ??
    'Annual monitoring report.pdf';
  return { blob, fileName };
}

/** GET /client/monitoring-reports: each company's report of its latest ended period. */
export async function getReportPortfolio(
  client: KyInstance = apiClient,
): Promise<ReportPortfolioRow[]> {
  const data = await dataOf<{ companies?: ReportPortfolioRow[] }>(
    client.get('client/monitoring-reports'),
  );
  return data.companies ?? [];
}
