// The grievance log's calls (docs/api.md "Grievances", docs/decisions/0104-grievances.md).
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import type { Grievance, GrievanceRegister, GrievanceSettings } from '../contract';
import type {
  GrievanceCategory,
  GrievanceInput,
  GrievanceResponse,
  GrievanceStep,
  GrievanceTargets,
} from '../domain/grievances';
import { fileNameFromDisposition, type CsvExport } from './csv-export';
import { dataOf, query } from './envelope';

const id = encodeURIComponent;

/** The register's filters; unset ones are left out. */
export interface GrievanceFilters {
  open?: boolean;
  late?: boolean;
  category?: GrievanceCategory;
}

const filterParams = ({ open, late, category }: GrievanceFilters = {}) =>
  query({ open: open ? 'true' : undefined, late: late ? 'true' : undefined, category });

const grievanceOf = async (response: ReturnType<KyInstance['get']>) =>
  (await dataOf<{ grievance: Grievance }>(response)).grievance;

const settingsOf = async (response: ReturnType<KyInstance['get']>) =>
  (await dataOf<{ settings: GrievanceSettings }>(response)).settings;

/** POST /target-company/{id}/grievances: records a grievance received (company, not viewer). */
export function recordGrievance(
  targetCompanyId: string,
  grievance: GrievanceInput,
  client: KyInstance = apiClient,
): Promise<Grievance> {
  return grievanceOf(
    client.post(`target-company/${id(targetCompanyId)}/grievances`, { json: grievance }),
  );
}

/** GET /target-company/{id}/grievances: the company's log with its counts by category and month. */
export function getCompanyGrievances(
  targetCompanyId: string,
  filters?: GrievanceFilters,
  client: KyInstance = apiClient,
): Promise<GrievanceRegister> {
  return dataOf<GrievanceRegister>(
    client.get(`target-company/${id(targetCompanyId)}/grievances`, {
      searchParams: filterParams(filters),
    }),
  );
}

/** GET /client/grievances: the log across the client's portfolio with its counts. */
export function getGrievancePortfolio(
  filters?: GrievanceFilters,
  client: KyInstance = apiClient,
): Promise<GrievanceRegister> {
  return dataOf<GrievanceRegister>(
    client.get('client/grievances', { searchParams: filterParams(filters) }),
  );
}

/**
 * GET /target-company/{id}/grievances/export/csv, or /client/grievances/export/csv without a
 * company: the log as a CSV file, without complainants' identities.
 */
export async function exportGrievancesCsv(
  targetCompanyId: string | null,
  client: KyInstance = apiClient,
): Promise<CsvExport> {
  const path = targetCompanyId
    ? `target-company/${id(targetCompanyId)}/grievances/export/csv`
    : 'client/grievances/export/csv';
  const response = await client.get(path);
  const blob = await response.blob();
  const fileName =
    fileNameFromDisposition(response.headers.get('content-disposition')) ?? 'grievances.csv';
  return { blob, fileName };
}

/** GET /grievance/{id}: the grievance with its steps; the identity only for those named. */
export function getGrievance(
  grievanceId: string,
  client: KyInstance = apiClient,
): Promise<Grievance> {
  return grievanceOf(client.get(`grievance/${id(grievanceId)}`));
}

/**
 * POST /grievance/{id}/steps (company, not viewer): the next step on its day; `text` for
 * investigated and resolved, `response` for closed. Out of order or a stale `revision` is 409.
 */
export function takeGrievanceStep(
  grievanceId: string,
  step: {
    step: GrievanceStep;
    on: string;
    text?: string;
    response?: GrievanceResponse;
    revision?: number;
  },
  client: KyInstance = apiClient,
): Promise<Grievance> {
  return grievanceOf(client.post(`grievance/${id(grievanceId)}/steps`, { json: step }));
}

/** GET /target-company/{id}/grievance-targets: the targets and who sees identities. */
export function getGrievanceSettings(
  targetCompanyId: string,
  client: KyInstance = apiClient,
): Promise<GrievanceSettings> {
  return settingsOf(client.get(`target-company/${id(targetCompanyId)}/grievance-targets`));
}

/** PUT /target-company/{id}/grievance-targets: the company's owner or an admin sets them. */
export function updateGrievanceTargets(
  targetCompanyId: string,
  targets: GrievanceTargets,
  client: KyInstance = apiClient,
): Promise<GrievanceSettings> {
  return settingsOf(
    client.put(`target-company/${id(targetCompanyId)}/grievance-targets`, { json: targets }),
  );
}

/** PUT /target-company/{id}/grievance-identity-viewers: the owner names who sees identities. */
export function updateGrievanceIdentityViewers(
  targetCompanyId: string,
  userIds: readonly string[],
  client: KyInstance = apiClient,
): Promise<GrievanceSettings> {
  return settingsOf(
    client.put(`target-company/${id(targetCompanyId)}/grievance-identity-viewers`, {
      json: { userIds },
    }),
  );
}
