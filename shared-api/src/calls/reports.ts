import { apiClient } from '@verity/session';
import type { KyInstance, Language } from '@verity/session';
import { esapWorkbookFileName } from '../domain/esap-workbook';
import { reportFileName, type ReportFormat } from '../domain/reports';
import { fileNameFromDisposition } from './csv-export';

/** A monitoring report ready to save. */
export interface ReportFile {
  blob: Blob;
  fileName: string;
}

export interface ReportRequest {
  format: ReportFormat;
  /** yyyy-mm-dd; the server's defaults (the last 90 days to today) when left out. */
  from?: string;
  to?: string;
  /** The language of the PDF's own words; the user's language when left out. */
  language?: Language;
  /** Each of those words followed by its English ('Synthèse par section / Summary by section'). */
  bilingual?: boolean;
}

function reportSearch({
  format,
  from,
  to,
  language,
  bilingual,
}: ReportRequest): Record<string, string> {
  return {
    format,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(language ? { language } : {}),
    ...(bilingual ? { bilingual: 'true' } : {}),
  };
}

async function readReport(
  response: Response,
  request: ReportRequest,
  fallbackName: string,
): Promise<ReportFile> {
  const blob = await response.blob();
  const fileName =
    fileNameFromDisposition(response.headers.get('content-disposition')) ??
    reportFileName(fallbackName, request.from ?? '', request.to ?? '', request.format);
  return { blob, fileName };
}

/** GET /action-plan/{id}/report: one action plan's monitoring report (PDF or Excel). */
export async function downloadActionPlanReport(
  actionPlanId: string,
  targetCompanyId: string,
  request: ReportRequest,
  client: KyInstance = apiClient,
): Promise<ReportFile> {
  const response = await client.get(`action-plan/${actionPlanId}/report`, {
    searchParams: { targetCompanyId, ...reportSearch(request) },
  });
  return readReport(response, request, 'Action plan');
}

/** GET /target-company/{id}/report: the monitoring report of every plan of the company the user sees. */
export async function downloadCompanyReport(
  targetCompanyId: string,
  request: ReportRequest,
  client: KyInstance = apiClient,
): Promise<ReportFile> {
  const response = await client.get(`target-company/${targetCompanyId}/report`, {
    searchParams: reportSearch(request),
  });
  return readReport(response, request, 'Company');
}

/**
 * GET /action-plan/{id}/esap-workbook: the plan's ESAP in the lender's own workbook, filled in as of
 * `asOf` (yyyy-mm-dd; the company's today when left out).
 */
export async function downloadEsapWorkbook(
  actionPlanId: string,
  targetCompanyId: string,
  asOf?: string,
  client: KyInstance = apiClient,
): Promise<ReportFile> {
  const response = await client.get(`action-plan/${actionPlanId}/esap-workbook`, {
    searchParams: { targetCompanyId, ...(asOf ? { asOf } : {}) },
  });
  const blob = await response.blob();
  const fileName =
    fileNameFromDisposition(response.headers.get('content-disposition')) ??
    esapWorkbookFileName('ESAP', asOf ?? new Date().toISOString().slice(0, 10));
  return { blob, fileName };
}
