import { AUDIT_TYPES, AUDIT_TYPE_LABELS } from '@verity/shared-api';

/** The audit type filter's choices, in the API's order with their labels (read when shown). */
export const auditTypeOptions = () =>
  AUDIT_TYPES.map((type) => ({
    value: type,
    label: AUDIT_TYPE_LABELS[type],
  }));
