import { ApiError } from '../errors';

/** Texts of the organisation routes that the spec does not word. */
export const organisationMessages = {
  companyEmailTaken: 'This email already belongs to a user of another target company',
  auditorAlreadyAssigned: 'This auditor is already assigned to this target company',
  auditorAlreadyEngaged: 'This auditor is already one of your auditors',
  userExists: 'A user with this email already exists',
  auditTypeNotAssigned: 'This auditor is not assigned this audit type for this target company',
  auditCategoryNotAssigned:
    'This auditor is not assigned this audit category for this target company',
  auditFormNotAssigned: 'This auditor is not assigned this audit form for this target company',
  auditorIdMismatch: 'The auditorId in the query must match the one in the path',
} as const;

/** A second copy of something that must be unique (a membership, an assignment): 409. */
export const conflict = (message: string) => new ApiError(409, 'CONFLICT', message);
