import { COMPANY_TYPE_LABELS, type TargetCompany } from '@verity/shared-api';

/** Companies whose name, registered name, email or company type contains the query (any case). */
export function searchTargetCompanies(
  companies: readonly TargetCompany[],
  query: string,
): TargetCompany[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...companies];
  return companies.filter((company) =>
    [
      company.targetCompanyName,
      company.registeredName,
      company.emailId,
      COMPANY_TYPE_LABELS[company.companyType] ?? company.companyType,
    ].some((text) => (text ?? '').toLowerCase().includes(needle)),
  );
}
