import { t } from '#texts';
import { USER_TYPE_LABELS, toUserType } from './domain/user';
import { textRecord } from './text-records';

// Generic errors
export const SOMETHING_WENT_WRONG = 'Something went wrong.';
export const SOMETHING_WENT_WRONG_SHORT = 'Something went wrong';
export const NETWORK_ERROR = 'Network error. Please check your internet connection.';
export const SERVER_ERROR_OCCURRED = 'Server error occurred';
export const UNEXPECTED_ERROR_OCCURRED = 'Unexpected error occurred';
/** A 503 from the API or the shell's proxy: the database or the API cannot serve right now. */
export const SERVICE_UNAVAILABLE =
  'Verity is temporarily unavailable. Please try again in a moment.';

// Session
export const LOGOUT_FAILED = 'Logout failed. Please try again.';

// Email check
export const EMAIL_NOT_FOUND = 'Email not found in our records';
export const EMAIL_VALIDATION_FAILED = 'Failed to validate email. Please try again.';
export const EMAIL_VALIDATED = 'Email validated successfully!';
export const EMAIL_INPUT_DEFAULT_LABEL = 'Email Address';

// Target company creation
export const EMAIL_MUST_EXIST = 'Please enter a valid email that exists in our records';
export const SELECT_AUDITOR = 'Please select auditor';

// Caller fallbacks
export const FAILED_FETCH_TARGET_COMPANIES = 'Failed to fetch targetCompanies';
export const FAILED_CREATE_TARGET_COMPANY = 'Failed to create targetCompany';
export const FAILED_CREATE_TARGET_COMPANY_TITLE = 'Failed to create Target Company';
export const FAILED_FETCH_AUDITORS = 'Failed to fetch auditors';
export const FAILED_FETCH_TARGET_COMPANY_AUDITORS = 'Failed to fetch target company auditors';
export const FAILED_FETCH_CLIENT_DETAILS = 'Failed to fetch client details';
export const FAILED_DELETE_CLIENT_USER = 'Failed to delete client user';
export const FAILED_CREATE_CLIENT_USER = 'Failed to create client user';
export const FAILED_CREATE_AUDITOR = 'Failed to create auditor';
export const FAILED_FETCH_AUDITOR_USER_DETAILS = 'Failed to fetch auditor user details';
export const FAILED_DELETE_AUDITOR_USER = 'Failed to delete auditor user';
export const FAILED_CREATE_AUDITOR_USER = 'Failed to create auditor user';

// Company users
export const FAILED_FETCH_TARGET_COMPANY_USERS = 'Failed to fetch targetCompany users.';
export const NO_TARGET_COMPANY_ID_FOR_USER = 'No targetCompanyId found for current user';
export const NO_USER_ID_FOR_DELETION = 'No user id provided for deletion';

// Action plan and gap validation
export const ACTION_PLAN_HEADING_REQUIRED = 'Action Plan Heading Required';
export const CATEGORY_REQUIRED = 'Category Required';
export const FIX_ERRORS_BELOW = 'Please fix the errors below';
export const KPI_REQUIRED = 'KPI is required';
export const GAP_NAME_REQUIRED = 'Gap name is required';
export const RECOMMENDATION_REQUIRED = 'Recommendation is required';
export const RESPONSIBILITY_REQUIRED = 'Responsibility is required';
export const IMPACTED_SDG_REQUIRED = 'At least one impacted SDG is required';
export const DUE_DATE_REQUIRED = 'Due date is required';
export const ESG_ASPECT_REQUIRED = 'ESG Aspect is required';
export const AREA_CODE_REQUIRED = 'Area Code is required';
export const DUE_DATE_IN_FUTURE = 'Due date must be in the future';
export const DUE_DATE_AFTER_TIMELINE = 'Gap due date cannot be later than Action Plan timeline';

// Action plan create
export function actionPlanCreatedBanner(type: string): string {
  return t('contract.message.actionPlanCreatedBanner', { type });
}
export function actionPlanCreatedToast(type: string): string {
  return t('contract.message.actionPlanCreatedToast', { type });
}

// A page opened at an address that names nothing the user can see (a mistyped, removed or foreign id)
export const PAGE_NOT_FOUND = 'Not found';
export const PAGE_NOT_FOUND_DETAIL =
  'Nothing you can see is at this address. It may be mistyped, or what it named was removed.';

// CSV export
export const EXPORT_FAILED = 'Failed to export data. Please try again.';
export const TARGET_COMPANY_ID_NOT_FOUND = 'TargetCompany ID not found';

// Remarks and status
export const ADD_YOUR_COMMENTS = 'Please add your comments';
export const MISSING_STATUS = 'Missing status';
export const CONFIRM_STATUS_UPDATE = 'Are you sure you want to update the status?';

// Success toasts
export const TARGET_COMPANY_ADDED = 'Target Company Added Successfully';
export const CLIENT_USER_DELETED = 'Client user deleted successfully.';
export const AUDITOR_USER_DELETED = 'Auditor user deleted successfully.';
export const AUDITOR_CREATED = 'Auditor created successfully.';
export const STATUS_UPDATED = 'Status updated successfully';
export const CLOSING_IN_A_MOMENT = 'Closing in a moment...';

// Empty and loading states
export const NO_DATA = 'No Data';
export const NO_ACTION_PLANS_FOUND = 'No action plans found.';
export const NO_ACTION_PLAN_FOUND = 'No action plan found.';
export const NO_REMARKS_YET = 'No remarks yet';
export const NO_TARGET_COMPANIES_FOUND = 'No targetCompanies found';
export const NO_USERS_FOUND = 'No users found';
export const NO_AUDITORS_FOUND = 'No auditors found';
export const NO_AUDIT_RECORDS_FOUND = 'No audit records found';
export const NO_AUDITS_FOUND = 'No audits found';
export const LOADING = 'Loading...';
export const LOADING_ACTION_PLANS = 'Loading Action Plans...';
export const TRY_AGAIN = 'Try Again';

// Confirmation
export const DELETE_USER_TITLE = 'Delete User';
export const DELETE_USER_CONFIRM_TEXT =
  "Are you sure you want to delete this user? This can't be undo.";

// Sign-in errors shown on /login (the API redirects there with ?error=<code>)
export const SIGN_IN_FAILED = 'Sign-in failed. Please try again.';
export const SIGN_IN_ERROR_CODES = {
  noMembership: 'no_membership',
  emailUnverified: 'email_unverified',
  invitationInvalid: 'invitation_invalid',
  invitationEmailMismatch: 'invitation_email_mismatch',
  identityUnavailable: 'identity_unavailable',
  ssoRequired: 'sso_required',
  ssoUnknown: 'sso_unknown',
} as const;

const SIGN_IN_ERROR_TEXTS = textRecord({
  [SIGN_IN_ERROR_CODES.emailUnverified]: 'contract.signIn.emailUnverified',
  [SIGN_IN_ERROR_CODES.invitationInvalid]: 'contract.signIn.invitationInvalid',
  [SIGN_IN_ERROR_CODES.invitationEmailMismatch]: 'contract.signIn.invitationEmailMismatch',
  [SIGN_IN_ERROR_CODES.identityUnavailable]: 'contract.signIn.identityUnavailable',
  [SIGN_IN_ERROR_CODES.ssoRequired]: 'contract.signIn.ssoRequired',
  [SIGN_IN_ERROR_CODES.ssoUnknown]: 'contract.signIn.ssoUnknown',
}) as Readonly<Record<string, string>>;

export function SIGN_IN_ERROR_TEXT(
  code: string | null | undefined,
  userType?: string | null,
): string {
  if (code === SIGN_IN_ERROR_CODES.noMembership) {
    const known = toUserType(userType);
    return known
      ? t('contract.signIn.noMembershipOf', { area: USER_TYPE_LABELS[known] })
      : t('contract.signIn.noMembership');
  }
  return (code && SIGN_IN_ERROR_TEXTS[code]) || MESSAGES.SIGN_IN_FAILED;
}

/**
 * The messages above in the language in use, for the screens: `MESSAGES.FIX_ERRORS_BELOW`. The
 * constants stay English, the spec's words, for the API's answers and the tests.
 */
export const MESSAGES = textRecord({
  SOMETHING_WENT_WRONG: 'contract.message.somethingWentWrong',
  SOMETHING_WENT_WRONG_SHORT: 'contract.message.somethingWentWrongShort',
  NETWORK_ERROR: 'contract.message.networkError',
  SERVER_ERROR_OCCURRED: 'contract.message.serverErrorOccurred',
  UNEXPECTED_ERROR_OCCURRED: 'contract.message.unexpectedErrorOccurred',
  SERVICE_UNAVAILABLE: 'contract.message.serviceUnavailable',
  LOGOUT_FAILED: 'contract.message.logoutFailed',
  EMAIL_NOT_FOUND: 'contract.message.emailNotFound',
  EMAIL_VALIDATION_FAILED: 'contract.message.emailValidationFailed',
  EMAIL_VALIDATED: 'contract.message.emailValidated',
  EMAIL_INPUT_DEFAULT_LABEL: 'contract.message.emailInputDefaultLabel',
  EMAIL_MUST_EXIST: 'contract.message.emailMustExist',
  SELECT_AUDITOR: 'contract.message.selectAuditor',
  FAILED_FETCH_TARGET_COMPANIES: 'contract.message.failedFetchTargetCompanies',
  FAILED_CREATE_TARGET_COMPANY: 'contract.message.failedCreateTargetCompany',
  FAILED_CREATE_TARGET_COMPANY_TITLE: 'contract.message.failedCreateTargetCompanyTitle',
  FAILED_FETCH_AUDITORS: 'contract.message.failedFetchAuditors',
  FAILED_FETCH_TARGET_COMPANY_AUDITORS: 'contract.message.failedFetchTargetCompanyAuditors',
  FAILED_FETCH_CLIENT_DETAILS: 'contract.message.failedFetchClientDetails',
  FAILED_DELETE_CLIENT_USER: 'contract.message.failedDeleteClientUser',
  FAILED_CREATE_CLIENT_USER: 'contract.message.failedCreateClientUser',
  FAILED_CREATE_AUDITOR: 'contract.message.failedCreateAuditor',
  FAILED_FETCH_AUDITOR_USER_DETAILS: 'contract.message.failedFetchAuditorUserDetails',
  FAILED_DELETE_AUDITOR_USER: 'contract.message.failedDeleteAuditorUser',
  FAILED_CREATE_AUDITOR_USER: 'contract.message.failedCreateAuditorUser',
  FAILED_FETCH_TARGET_COMPANY_USERS: 'contract.message.failedFetchTargetCompanyUsers',
  NO_TARGET_COMPANY_ID_FOR_USER: 'contract.message.noTargetCompanyIdForUser',
  NO_USER_ID_FOR_DELETION: 'contract.message.noUserIdForDeletion',
  ACTION_PLAN_HEADING_REQUIRED: 'contract.message.actionPlanHeadingRequired',
  CATEGORY_REQUIRED: 'contract.message.categoryRequired',
  FIX_ERRORS_BELOW: 'contract.message.fixErrorsBelow',
  KPI_REQUIRED: 'contract.message.kpiRequired',
  GAP_NAME_REQUIRED: 'contract.message.gapNameRequired',
  RECOMMENDATION_REQUIRED: 'contract.message.recommendationRequired',
  RESPONSIBILITY_REQUIRED: 'contract.message.responsibilityRequired',
  IMPACTED_SDG_REQUIRED: 'contract.message.impactedSdgRequired',
  DUE_DATE_REQUIRED: 'contract.message.dueDateRequired',
  ESG_ASPECT_REQUIRED: 'contract.message.esgAspectRequired',
  AREA_CODE_REQUIRED: 'contract.message.areaCodeRequired',
  DUE_DATE_IN_FUTURE: 'contract.message.dueDateInFuture',
  DUE_DATE_AFTER_TIMELINE: 'contract.message.dueDateAfterTimeline',
  PAGE_NOT_FOUND: 'contract.message.pageNotFound',
  PAGE_NOT_FOUND_DETAIL: 'contract.message.pageNotFoundDetail',
  EXPORT_FAILED: 'contract.message.exportFailed',
  TARGET_COMPANY_ID_NOT_FOUND: 'contract.message.targetCompanyIdNotFound',
  ADD_YOUR_COMMENTS: 'contract.message.addYourComments',
  MISSING_STATUS: 'contract.message.missingStatus',
  CONFIRM_STATUS_UPDATE: 'contract.message.confirmStatusUpdate',
  TARGET_COMPANY_ADDED: 'contract.message.targetCompanyAdded',
  CLIENT_USER_DELETED: 'contract.message.clientUserDeleted',
  AUDITOR_USER_DELETED: 'contract.message.auditorUserDeleted',
  AUDITOR_CREATED: 'contract.message.auditorCreated',
  STATUS_UPDATED: 'contract.message.statusUpdated',
  CLOSING_IN_A_MOMENT: 'contract.message.closingInAMoment',
  NO_DATA: 'contract.message.noData',
  NO_ACTION_PLANS_FOUND: 'contract.message.noActionPlansFound',
  NO_ACTION_PLAN_FOUND: 'contract.message.noActionPlanFound',
  NO_REMARKS_YET: 'contract.message.noRemarksYet',
  NO_TARGET_COMPANIES_FOUND: 'contract.message.noTargetCompaniesFound',
  NO_USERS_FOUND: 'contract.message.noUsersFound',
  NO_AUDITORS_FOUND: 'contract.message.noAuditorsFound',
  NO_AUDIT_RECORDS_FOUND: 'contract.message.noAuditRecordsFound',
  NO_AUDITS_FOUND: 'contract.message.noAuditsFound',
  LOADING: 'contract.message.loading',
  LOADING_ACTION_PLANS: 'contract.message.loadingActionPlans',
  TRY_AGAIN: 'contract.message.tryAgain',
  DELETE_USER_TITLE: 'contract.message.deleteUserTitle',
  DELETE_USER_CONFIRM_TEXT: 'contract.message.deleteUserConfirmText',
  SIGN_IN_FAILED: 'contract.message.signInFailed',
});
