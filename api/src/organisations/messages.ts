import { ApiError } from '../errors';

/** Texts of the organisation routes that the spec does not word. */
export const organisationMessages = {
  auditorAlreadyAssigned: 'This auditor is already assigned to this target company',
  auditorAlreadyEngaged: 'This auditor is already one of your auditors',
  userExists: 'A user with this email already exists',
  alreadyJoined: 'This user has already joined.',
  invitationNotSent: 'The invitation e-mail could not be sent. Please try again later.',
  auditTypeNotAssigned: 'This auditor is not assigned this audit type for this target company',
  auditCategoryNotAssigned:
    'This auditor is not assigned this audit category for this target company',
  auditFormNotAssigned: 'This auditor is not assigned this audit form for this target company',
  auditorIdMismatch: 'The auditorId in the query must match the one in the path',
} as const;

/** A second copy of something that must be unique (a membership, an assignment): 409. */
export const conflict = (message: string) => new ApiError(409, 'CONFLICT', message);
