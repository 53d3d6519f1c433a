import type { AuditType, CompanyAuditorEntry } from '@verity/shared-api';

export interface CompanyAuditorFilters {
  search: string;
  /** '' means every type. */
  auditType: AuditType | '';
}

/** Auditors assigned the chosen audit type whose name, registered name or email contains the search text. */
export function filterCompanyAuditors(
  entries: readonly CompanyAuditorEntry[],
  filters: CompanyAuditorFilters,
): CompanyAuditorEntry[] {
  const needle = filters.search.trim().toLowerCase();
  return entries.filter((entry) => {
    if (filters.auditType && !entry.auditType.includes(filters.auditType)) return false;
    if (!needle) return true;
    const { auditorName, registeredName, emailId } = entry.auditor;
    return [auditorName, registeredName, emailId].some((text) =>
      (text ?? '').toLowerCase().includes(needle),
    );
  });
}
