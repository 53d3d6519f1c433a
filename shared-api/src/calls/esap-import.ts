import type { AnswerData, EsapImportResult, esapImportSchemas } from '../contract';
import type { EsapColumnMapping, ImportStatusTarget } from '../domain/esap-import';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf } from './envelope';

type Answer<S extends number> = AnswerData<(typeof esapImportSchemas)['importEsap'], S>;

export interface EsapImportTarget {
  targetCompanyId: string;
  auditId: string;
  /** Check only: the answer is what the import would do, and nothing is saved. */
  dryRun: boolean;
  /** Import into this plan of the audit instead of a new one: a revision of its ESAP. */
  actionPlanId?: string;
  /** A new plan even though a plan of the audit already has the file's items. */
  newPlan?: boolean;
}

export interface EsapImportPayload {
  file: Blob;
  /** The new plan's fields (not sent into an existing plan). */
  actionPlanHeading?: string;
  category?: string;
  /** 'YYYY-MM-DD'. */
  timeline?: string;
  /** Each column's letter to its field, or null (not imported); the automatic mapping without it. */
  mapping?: EsapColumnMapping;
  /** The table of ESAP statuses the user confirmed: each status to a gap status, or null (text only). */
  statusMapping?: Readonly<Record<string, ImportStatusTarget | null>>;
  /** For every item whose file has no column for it. */
  ESGAspect?: string;
  impactedSDGs?: readonly string[];
  /** Into an existing plan: the revision's note. */
  revisionNote?: string;
}

/**
 * POST /action-plan/import: an ESAP spreadsheet (.xlsx or .csv) into a new plan of the audit, or
 * into `actionPlanId`; sent as multipart form data. A dry run answers the same, saving nothing.
 */
export async function importEsap(
  { targetCompanyId, auditId, dryRun, actionPlanId, newPlan }: EsapImportTarget,
  payload: EsapImportPayload,
  client: KyInstance = apiClient,
): Promise<EsapImportResult> {
  const form = new FormData();
  const text = (name: string, value: string | undefined) => {
    if (value !== undefined && value !== '') form.append(name, value);
  };
  text('actionPlanHeading', payload.actionPlanHeading);
  text('category', payload.category);
  text('timeline', payload.timeline);
  text('ESGAspect', payload.ESGAspect);
  text('revisionNote', payload.revisionNote);
  if (payload.impactedSDGs) text('impactedSDGs', JSON.stringify(payload.impactedSDGs));
  if (payload.mapping) text('mapping', JSON.stringify(payload.mapping));
  if (payload.statusMapping && Object.keys(payload.statusMapping).length > 0) {
    text('statusMapping', JSON.stringify(payload.statusMapping));
  }
  form.append('file', payload.file, (payload.file as File).name || 'esap');
  const searchParams: Record<string, string> = {
    targetCompanyId,
    auditId,
    dryRun: String(dryRun),
  };
  if (actionPlanId) searchParams.actionPlanId = actionPlanId;
  if (newPlan) searchParams.newPlan = 'true';
  // A 10 MB workbook of 2,000 items takes a while to read and write.
  return dataOf<Answer<200>>(
    client.post('action-plan/import', { searchParams, body: form, timeout: 120_000 }),
  );
}
