import type {
  AddCompanyAuditorPayload,
  CompanyMilestones,
  MilestonesPayload,
  CompanyAuditorEntry,
  CompanyAuditorPage,
  CompanyAuditorQuery,
  CreatedTargetCompany,
  CreateTargetCompanyPayload,
  TargetCompanyPage,
  TargetCompanyQuery,
} from '../contract';
import { apiClient } from '@verity/session';
import type { KyInstance } from '@verity/session';
import { dataOf, pageInfoOf, query } from './envelope';

/** `auditorId` narrows the list to the companies of that auditor firm; `search`, `page`, `pageSize`. */
export type AuditorFilter = TargetCompanyQuery;

async function companyPage(
  path: string,
  { auditorId, targetCompanyId, search, page, pageSize }: TargetCompanyQuery,
  client: KyInstance,
): Promise<TargetCompanyPage> {
  const data = await dataOf<Partial<TargetCompanyPage>>(
    client.get(path, {
      searchParams: query({ auditorId, targetCompanyId, search: search?.trim(), page, pageSize }),
    }),
  );
  const targetCompanies = data.targetCompanies ?? [];
  return { targetCompanies, ...pageInfoOf(targetCompanies, data) };
}

/** GET /target-company: one page of the companies the user sees; no companies when the answer has none. */
export function getTargetCompanies(
  filter: TargetCompanyQuery = {},
  client: KyInstance = apiClient,
): Promise<TargetCompanyPage> {
  return companyPage('target-company', filter, client);
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

/** GET /auditor/target-company: one page of the companies the auditor's firm is assigned to. */
export function getAuditorTargetCompanies(
  filter: TargetCompanyQuery = {},
  client: KyInstance = apiClient,
): Promise<TargetCompanyPage> {
  return companyPage('auditor/target-company', filter, client);
}

/** GET /target-company/auditors: one page of the auditor firms assigned to a company, with their settings. */
export async function getCompanyAuditors(
  targetCompanyId: string,
  {
    search,
    auditType,
    auditorId,
    page,
    pageSize,
  }: Omit<CompanyAuditorQuery, 'targetCompanyId'> = {},
  client: KyInstance = apiClient,
): Promise<CompanyAuditorPage> {
  const data = await dataOf<Partial<CompanyAuditorPage>>(
    client.get('target-company/auditors', {
      searchParams: query({
        targetCompanyId,
        search: search?.trim(),
        auditType,
        auditorId,
        page,
        pageSize,
      }),
    }),
  );
  const auditors = data.auditors ?? [];
  return { auditors, ...pageInfoOf(auditors, data) };
}

/** GET /target-company/{id}/milestones: the company's financing milestones. */
export function getCompanyMilestones(
  targetCompanyId: string,
  client: KyInstance = apiClient,
): Promise<CompanyMilestones> {
  return dataOf<CompanyMilestones>(client.get(`target-company/${targetCompanyId}/milestones`));
}

/** PUT /target-company/{id}/milestones: sets the whole list (client, not viewer). */
export function updateCompanyMilestones(
  targetCompanyId: string,
  payload: MilestonesPayload,
  client: KyInstance = apiClient,
): Promise<CompanyMilestones> {
  return dataOf<CompanyMilestones>(
    client.put(`target-company/${targetCompanyId}/milestones`, { json: payload }),
  );
}
