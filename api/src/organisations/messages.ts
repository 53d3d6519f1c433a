import { ApiError } from '../errors';
import { translate } from '../language/translate';

/** Texts of the organisation routes that the spec does not word. */
export const organisationMessages = {
  auditorAlreadyAssigned: translate('en', 'error.organisation.auditorAlreadyAssigned'),
  auditorAlreadyEngaged: translate('en', 'error.organisation.auditorAlreadyEngaged'),
  userExists: translate('en', 'error.organisation.userExists'),
  alreadyJoined: translate('en', 'error.organisation.alreadyJoined'),
  invitationNotSent: translate('en', 'error.organisation.invitationNotSent'),
  auditTypeNotAssigned: translate('en', 'error.organisation.auditTypeNotAssigned'),
  auditCategoryNotAssigned: translate('en', 'error.organisation.auditCategoryNotAssigned'),
  auditFormNotAssigned: translate('en', 'error.organisation.auditFormNotAssigned'),
  auditorIdMismatch: translate('en', 'error.organisation.auditorIdMismatch'),
} as const;

/** A second copy of something that must be unique (a membership, an assignment): 409. */
export const conflict = (message: string) => new ApiError(409, 'CONFLICT', message);
