import type {
  AddCompanyAuditorPayload,
  CompanyAuditorEntry,
  CreatedTargetCompany,
  CreateTargetCompanyPayload,
  TargetCompany,
} from '../contract';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf, query } from './envelope';

export interface AuditorFilter {
  /** Narrows the list to the companies of that auditor firm. */
  auditorId?: string;
}

/** GET /target-company: the companies the user sees; an empty list when the answer has none. */
export async function getTargetCompanies(
  filter: AuditorFilter = {},
  client: KyInstance = apiClient,
): Promise<TargetCompany[]> {
  const data = await dataOf<{ targetCompanies?: TargetCompany[] }>(
    client.get('target-company', { searchParams: query({ auditorId: filter.auditorId }) }),
  );
  return data.targetCompanies ?? [];
}

/** POST /target-company: creates the company with its owner user and first auditor (client owner). */
export function createTargetCompany(
  payload: CreateTargetCompanyPayload,
  client: KyInstance = apiClient,
): Promise<CreatedTargetCompany> {
  return dataOf<CreatedTargetCompany>(client.post('target-company', { json: payload }));
}

/** POST /client/add-target-company-auditor: assigns an auditor firm to a company; answers the assignment. */
export async function addTargetCompanyAuditor(
  payload: AddCompanyAuditorPayload,
  client: KyInstance = apiClient,
): Promise<CompanyAuditorEntry> {
  const data = await dataOf<{ audit: CompanyAuditorEntry }>(
    client.post('client/add-target-company-auditor', { json: payload }),
  );
  return data.audit;
}

/** GET /auditor/target-company: the companies the auditor's firm is assigned to. */
export async function getAuditorTargetCompanies(
  filter: AuditorFilter = {},
  client: KyInstance = apiClient,
): Promise<TargetCompany[]> {
  const data = await dataOf<{ targetCompanies?: TargetCompany[] }>(
    client.get('auditor/target-company', { searchParams: query({ auditorId: filter.auditorId }) }),
  );
  return data.targetCompanies ?? [];
}

/** GET /target-company/auditors: the auditor firms assigned to a company, with their settings. */
export async function getCompanyAuditors(
  targetCompanyId: string,
  client: KyInstance = apiClient,
): Promise<CompanyAuditorEntry[]> {
  const data = await dataOf<{ auditors?: CompanyAuditorEntry[] }>(
    client.get('target-company/auditors', { searchParams: { targetCompanyId } }),
  );
  return data.auditors ?? [];
}
