import { apiClient } from '@verity/session';
import { TARGET_COMPANY_ID_NOT_FOUND } from '../messages';
import type { KyInstance } from '@verity/session';

/** A CSV export ready to save. */
export interface CsvExport {
  blob: Blob;
  fileName: string;
}

/** The name the server gives the file: company id, 'esap_export' and today's (UTC) date. */
export function exportFileNameFallback(targetCompanyId: string, today: Date = new Date()): string {
  return `${targetCompanyId}_esap_export_${today.toISOString().slice(0, 10)}.csv`;
}

export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // a malformed encoding falls through to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || undefined;
}

/**
 * GET /action-plan/export/csv: every action plan and gap of a company (of one of its audits when
 * `auditId` is given) as a CSV file.
 * Rejects with 'TargetCompany ID not found' without a company id, before any request.
 */
export async function exportActionPlansCsv(
  targetCompanyId: string,
  { auditId }: { auditId?: string } = {},
  client: KyInstance = apiClient,
): Promise<CsvExport> {
  if (!targetCompanyId || targetCompanyId.trim() === '') {
    throw new Error(TARGET_COMPANY_ID_NOT_FOUND);
  }
  const response = await client.get('action-plan/export/csv', {
    searchParams: auditId ? { targetCompanyId, auditId } : { targetCompanyId },
  });
  const blob = await response.blob();
  const fileName =
    fileNameFromDisposition(response.headers.get('content-disposition')) ??
    exportFileNameFallback(targetCompanyId);
  return { blob, fileName };
}

/** Saves a file in the browser: an object URL and a click on a temporary download link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next turn: some browsers start the download after the click handler returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
