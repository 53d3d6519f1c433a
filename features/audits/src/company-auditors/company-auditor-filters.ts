import type { AuditType } from '@verity/shared-api';

/** The table's filter (the search text is beside it); the server applies it. */
export interface CompanyAuditorFilters {
  /** '' means every type. */
  auditType: AuditType | '';
}
