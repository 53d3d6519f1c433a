// Serious incidents' calls (docs/api.md "Serious incidents", docs/decisions/0099-serious-incidents.md).
import { API_BASE_PATH, apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import type {
  GapInput,
  Incident,
  IncidentRegister,
  IncidentSummary,
  IncidentClockSettings,
} from '../contract';
import type { IncidentCategory, IncidentInput, IncidentSeverity } from '../domain/incidents';
import type { Static } from '@sinclair/typebox';
import { fileNameFromDisposition, type CsvExport } from './csv-export';
import { dataOf, query } from './envelope';
import { appendImages, type RemarkDocument } from './remarks';

const id = encodeURIComponent;

export type IncidentClocks = Static<typeof IncidentClockSettings>;

/** The register's filters; unset ones are left out. */
export interface IncidentFilters {
  open?: boolean;
  late?: boolean;
  category?: IncidentCategory;
  severity?: IncidentSeverity;
}

const filterParams = ({ open, late, category, severity }: IncidentFilters = {}) =>
  query({
    open: open ? 'true' : undefined,
    late: late ? 'true' : undefined,
    category,
    severity,
  });

const incidentOf = async (response: ReturnType<KyInstance['get']>) =>
  (await dataOf<{ incident: Incident }>(response)).incident;

/** POST /target-company/{id}/incidents: reports an incident (company, not viewer). */
export function reportIncident(
  targetCompanyId: string,
  incident: IncidentInput,
  client: KyInstance = apiClient,
): Promise<Incident> {
  return incidentOf(
    client.post(`target-company/${id(targetCompanyId)}/incidents`, { json: incident }),
  );
}

/** GET /target-company/{id}/incidents: the company's register with its counts. */
export function getCompanyIncidents(
  targetCompanyId: string,
  filters?: IncidentFilters,
  client: KyInstance = apiClient,
): Promise<IncidentRegister> {
  return dataOf<IncidentRegister>(
    client.get(`target-company/${id(targetCompanyId)}/incidents`, {
      searchParams: filterParams(filters),
    }),
  );
}

/** GET /client/incidents: the register across the client's portfolio with its counts. */
export function getIncidentPortfolio(
  filters?: IncidentFilters,
  client: KyInstance = apiClient,
): Promise<IncidentRegister> {
  return dataOf<IncidentRegister>(
    client.get('client/incidents', { searchParams: filterParams(filters) }),
  );
}

/**
 * GET /target-company/{id}/incidents/export/csv, or /client/incidents/export/csv without a company:
 * the register as a CSV file.
 */
export async function exportIncidentsCsv(
  targetCompanyId: string | null,
  client: KyInstance = apiClient,
): Promise<CsvExport> {
  const path = targetCompanyId
    ? `target-company/${id(targetCompanyId)}/incidents/export/csv`
    : 'client/incidents/export/csv';
  const response = await client.get(path);
  const blob = await response.blob();
  const fileName =
    fileNameFromDisposition(response.headers.get('content-disposition')) ?? 'incidents.csv';
  return { blob, fileName };
}

/** GET /incident/{id}: the report, its clocks, root cause, questions and corrective actions. */
export function getIncident(incidentId: string, client: KyInstance = apiClient): Promise<Incident> {
  return incidentOf(client.get(`incident/${id(incidentId)}`));
}

/** PUT /incident/{id}: corrects the report (company, not viewer); a stale `revision` is 409. */
export function correctIncident(
  incidentId: string,
  change: IncidentInput & { revision: number },
  client: KyInstance = apiClient,
): Promise<Incident> {
  return incidentOf(client.put(`incident/${id(incidentId)}`, { json: change }));
}

/** PUT /incident/{id}/root-cause (company, not viewer); a stale `revision` is 409. */
export function submitRootCause(
  incidentId: string,
  change: { rootCause: string; revision: number },
  client: KyInstance = apiClient,
): Promise<Incident> {
  return incidentOf(client.put(`incident/${id(incidentId)}/root-cause`, { json: change }));
}

/** POST /incident/{id}/close (client, not viewer). */
export function closeIncident(
  incidentId: string,
  revision: number,
  client: KyInstance = apiClient,
): Promise<Incident> {
  return incidentOf(client.post(`incident/${id(incidentId)}/close`, { json: { revision } }));
}

/** POST /incident/{id}/questions (client, not viewer). */
export function askIncidentQuestion(
  incidentId: string,
  question: string,
  client: KyInstance = apiClient,
): Promise<Incident> {
  return incidentOf(client.post(`incident/${id(incidentId)}/questions`, { json: { question } }));
}

/** POST /incident-question/{id}/answer (company, not viewer). */
export function answerIncidentQuestion(
  questionId: string,
  answer: string,
  client: KyInstance = apiClient,
): Promise<Incident> {
  return incidentOf(
    client.post(`incident-question/${id(questionId)}/answer`, { json: { answer } }),
  );
}

/** POST /incident/{id}/corrective-actions: a gap in one of the company's plans, linked. */
export function addCorrectiveAction(
  incidentId: string,
  actionPlanId: string,
  gap: GapInput,
  client: KyInstance = apiClient,
): Promise<Incident> {
  return incidentOf(
    client.post(`incident/${id(incidentId)}/corrective-actions`, { json: { actionPlanId, gap } }),
  );
}

/** POST /incident/{id}/photos (multipart, `documents`): images only, checked as remarks' are. */
export function addIncidentPhotos(
  incidentId: string,
  photos: readonly (Blob | RemarkDocument)[],
  client: KyInstance = apiClient,
): Promise<Incident> {
  const form = new FormData();
  appendImages(form, photos);
  return incidentOf(client.post(`incident/${id(incidentId)}/photos`, { body: form }));
}

/** The address of an incident's photo, for an <img> of the signed-in page (GET /incident-photo/{id}). */
export function incidentPhotoUrl(photoId: string): string {
  return `${API_BASE_PATH}/incident-photo/${id(photoId)}`;
}

/** GET /gap/{gapId}/incidents: the incidents whose corrective action the gap is. */
export async function getGapIncidents(
  gapId: string,
  client: KyInstance = apiClient,
): Promise<IncidentSummary[]> {
  const data = await dataOf<{ incidents?: IncidentSummary[] }>(
    client.get(`gap/${id(gapId)}/incidents`),
  );
  return data.incidents ?? [];
}

/** GET /client/incident-clocks: the client's clocks (client users). */
export async function getIncidentClocks(client: KyInstance = apiClient): Promise<IncidentClocks> {
  return (await dataOf<{ clocks: IncidentClocks }>(client.get('client/incident-clocks'))).clocks;
}

/** PUT /client/incident-clocks: the client's owner sets them; reported incidents keep theirs. */
export async function updateIncidentClocks(
  clocks: { notifyWithinDays: number; rootCauseWithinDays: number },
  client: KyInstance = apiClient,
): Promise<IncidentClocks> {
  return (
    await dataOf<{ clocks: IncidentClocks }>(client.put('client/incident-clocks', { json: clocks }))
  ).clocks;
}
