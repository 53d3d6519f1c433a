// The product's contract: types, constants, rules, messages and permission helpers. Pure code
// that the API uses too; the browser's typed calls are the second entry, '@verity/shared-api/calls'.
export {
  USER_TYPES,
  ROLES,
  ROLE_LABELS,
  USER_TYPE_LABELS,
  USER_TYPE_AREA_PATHS,
  USER_TYPE_SIGN_IN_SEGMENT,
  PRODUCT_SIGN_IN_SUFFIX,
  API_BASE_PATH,
  DEFAULT_CLIENT_USER_ROLE,
  DEFAULT_AUDITOR_USER_ROLE,
  DEFAULT_COMPANY_USER_ROLE,
  signInUrl,
  dashboardTitle,
  isUserType,
  isRole,
  toUserType,
} from './domain/user';
export type { UserType, Role, SessionUser } from './domain/user';

export {
  PERMISSIONS,
  may,
  permissionFlags,
  usesLetterAvatar,
  canAddClientUsersAndAuditors,
  canAddTargetCompany,
  canDeleteClientUser,
  canAddAuditOrCompanyAuditor,
  canCreateAudit,
  showsCompanyDashboardLink,
  canChangeGapStatus,
  canAddRemark,
  canWithdrawRemark,
  canAddGap,
  canEditGap,
  canEditActionPlan,
  canRequestClosure,
  canReviewClosure,
} from './domain/permissions';
export type { Permission, PermissionFlags, PermissionSubject } from './domain/permissions';

export {
  STATUS_KEYS,
  STATUS_LABELS,
  STATUS_COLORS,
  STATUS_COLOR_HEX,
  GAP_STATUSES,
  GAP_STORED_STATUSES,
  GAP_STATUS_OPTION_LABELS,
  isStatusKey,
  isGapStatus,
} from './domain/status';
export type {
  StatusKey,
  StatusColor,
  ChartStatus,
  GapStatus,
  GapStoredStatus,
} from './domain/status';

export {
  CLOSURE_DECISIONS,
  CLOSURE_METHODS,
  CLOSURE_METHOD_LABELS,
  CLOSURE_METHOD_STATUS,
  RETURN_REASON_MIN_LENGTH,
  CLOSURE_NOTE_MAX_LENGTH,
  CLOSURE_NEEDS_EVIDENCE,
  CLOSURE_NOT_REQUESTABLE,
  CLOSURE_NOT_PENDING,
  CLOSURE_PENDING_SELECTOR,
  CLOSURE_METHOD_REQUIRED,
  CLOSURE_RETURN_REASON_SHORT,
  CLOSURE_NOTE_TOO_LONG,
  CLOSURE_NEEDS_REVIEW,
  CLOSURE_REQUESTED,
  CLOSURE_ACCEPTED,
  CLOSURE_RETURNED,
  openedAt,
  hasClosureEvidence,
  closureRequestProblem,
  checkClosureReview,
  CLOSURE_DECISION_REQUIRED,
} from './domain/closure';
export type { ClosureDecision, ClosureMethod, ClosureGap, ClosureReview } from './domain/closure';

export {
  RISK_SEVERITIES,
  RISK_SEVERITY_LABELS,
  RISK_SEVERITY_COLORS,
  DEFAULT_RISK_SEVERITY,
  isRiskSeverity,
} from './domain/risk';
export type { RiskSeverity } from './domain/risk';

export {
  COMPANY_TYPES,
  COMPANY_TYPE_LABELS,
  DEFAULT_COMPANY_TYPE,
  isCompanyType,
} from './domain/company';
export type { CompanyType } from './domain/company';

export {
  AUDIT_TYPES,
  AUDIT_TYPE_LABELS,
  AUDIT_TYPE_SHORT_LABELS,
  AUDIT_CATEGORIES_BY_TYPE,
  AUDIT_FORMS,
  AUDIT_FORM_LABELS,
  ACTION_PLAN_CATEGORIES,
  ACTION_PLAN_CATEGORY_LABELS,
  ESG_ASPECTS,
  CUSTOM_FIELD_TYPES,
  formHasDueDate,
  formHasTimeline,
  formHasEsgAspect,
  formHasAreaCode,
  isAuditType,
  isAuditForm,
} from './domain/audit';
export type {
  AuditType,
  AuditForm,
  ActionPlanCategory,
  EsgAspect,
  CustomFieldType,
} from './domain/audit';

export {
  CURRENCY_CODES,
  CURRENCIES,
  AMOUNT_MIN,
  AMOUNT_STEP,
  AMOUNT_MAX,
  toAmountValue,
} from './domain/currency';
export type { CurrencyCode } from './domain/currency';

export { SDGS, SDG_CODES, isSdgCode, findSdg } from './domain/sdg';

export {
  OVERDUE_AGES,
  OVERDUE_AGE_LABELS,
  PORTFOLIO_REQUIREMENT_ORDER,
  PORTFOLIO_STATUSES,
  PORTFOLIO_SORTS,
  NOT_CLOSED_STATUSES,
  CLOSURE_TIMINGS,
  PORTFOLIO_TEXT,
  isCategoryColumn,
  quarterDays,
} from './domain/portfolio';
export type { OverdueAge, PortfolioStatus, PortfolioSort, ClosureTiming } from './domain/portfolio';
export type { Sdg, SdgCode, SdgNumber } from './domain/sdg';

export {
  DATE_FORMATS,
  MISSING_DATE_TEXT,
  DATE_RANGE,
  formatDate,
  daysRemaining,
  daysPassed,
  minSelectableDate,
  formatFileSizeKb,
} from './domain/dates';
export type { DateFormatName, DateInput } from './domain/dates';

export {
  TOAST_MAX,
  TOAST_DURATIONS,
  EMAIL_CHECK_DEBOUNCE_MS,
  LOGIN_IMAGE_ROTATION_MS,
  LOGIN_IMAGE_COUNT,
  RETRIES_AFTER_403,
  REMARK_SCROLL_DELAY_MS,
  SIDEBAR_WIDTH,
  PORTFOLIO_BAR_SIZE,
  portfolioChartHeight,
  LIST_PAGE_SIZE,
  LIST_MAX_PAGE_SIZE,
  PLAN_LIST_GAP_PREVIEW,
} from './domain/limits';
export { MALFORMED_ID_CODE } from './domain/error-codes';
export { TEXT_LIMITS, tooLongMessage } from './domain/text-limits';
export {
  ATTACHMENT_NOT_AN_IMAGE,
  ATTACHMENT_TOO_LARGE,
  EVIDENCE_WARNINGS,
  REMARK_ATTACHMENT_MAX_BYTES,
  REMARK_ATTACHMENT_MAX_FILES,
  REMARK_ATTACHMENT_TYPES,
  TOO_MANY_ATTACHMENTS,
  attachmentProblem,
} from './domain/attachments';
export type { EvidenceWarning } from './domain/attachments';

// The API's shapes, derived from the contract's schemas: types only, so no schema reaches a bundle.
export type {
  IsoDate,
  AnswerData,
  RouteSchemas,
  OrganisationChoice,
  LookedUpUser,
  AccountLookupResult,
  TargetCompany,
  CreateTargetCompanyPayload,
  AuditorListItem,
  CreateAuditorPayload,
  CompanyAuditorEntry,
  AddCompanyAuditorPayload,
  CreatedTargetCompany,
  ClientUser,
  OrganisationUser,
  UserCounts,
  ClientUsers,
  UserPage,
  UserQuery,
  TargetCompanyPage,
  TargetCompanyQuery,
  AuditorPage,
  AuditorQuery,
  CompanyAuditorPage,
  CompanyAuditorQuery,
  AuditPage,
  AuditQuery,
  ClientSettings,
  ClosureRequest,
  NewUserPayload,
  CustomFieldOption,
  CustomField,
  AuditAddOnField,
  Audit,
  CreateAuditPayload,
  StatusHistoryEntry,
  RemarkUser,
  RemarkDoc,
  RemarkEvidence,
  Withdrawal,
  Remark,
  NameValue,
  Amount,
  Gap,
  GapInput,
  GapChanges,
  ActionPlan,
  ActionPlanWithGaps,
  ActionPlanPage,
  GapListItem,
  PlanGapPage,
  ActionPlanCreatePayload,
  ActionPlanFilters,
  ActionPlanStatistics,
  ActionPlanDetail,
  ActionPlanChanges,
  ChangeEntry,
  GapRevision,
  ChartSlice,
  CompanyGapStats,
  AuditorDashboard,
  TargetCompanyDashboard,
  ClientDashboard,
  Portfolio,
  PortfolioGap,
  PortfolioGapPage,
  PortfolioGapQuery,
  PortfolioFilters,
  MatrixCell,
  ClosureCount,
  LiveChange,
} from './contract';
export { LIVE_CHANGE_EVENT, LIVE_EVENTS_PATH, LIVE_RESYNC_EVENT } from './domain/live';
export type { RemarkChange, RemarkPayload } from './calls/action-plans';
export type { CsvExport } from './calls/csv-export';
export type { ReportFile, ReportRequest } from './calls/reports';
export {
  REPORT_FORMATS,
  REPORT_FORMAT_LABELS,
  REPORT_DEFAULT_PERIOD_DAYS,
  ESAP_REPORT_COLUMNS,
  REPORT_DIALOG_TEXT,
  reportMessages,
  isReportDay,
  isReportFormat,
  reportDayMinus,
  checkReportPeriod,
  reportFileName,
} from './domain/reports';
export type { ReportFormat, ReportPeriodResult } from './domain/reports';

export {
  SOMETHING_WENT_WRONG,
  SOMETHING_WENT_WRONG_SHORT,
  NETWORK_ERROR,
  SERVER_ERROR_OCCURRED,
  UNEXPECTED_ERROR_OCCURRED,
  LOGOUT_FAILED,
  EMAIL_NOT_FOUND,
  EMAIL_VALIDATION_FAILED,
  EMAIL_VALIDATED,
  EMAIL_INPUT_DEFAULT_LABEL,
  EMAIL_MUST_EXIST,
  SELECT_AUDITOR,
  FAILED_FETCH_TARGET_COMPANIES,
  FAILED_CREATE_TARGET_COMPANY,
  FAILED_CREATE_TARGET_COMPANY_TITLE,
  FAILED_FETCH_AUDITORS,
  FAILED_FETCH_TARGET_COMPANY_AUDITORS,
  FAILED_FETCH_CLIENT_DETAILS,
  FAILED_DELETE_CLIENT_USER,
  FAILED_CREATE_CLIENT_USER,
  FAILED_CREATE_AUDITOR,
  FAILED_FETCH_AUDITOR_USER_DETAILS,
  FAILED_DELETE_AUDITOR_USER,
  FAILED_CREATE_AUDITOR_USER,
  FAILED_FETCH_TARGET_COMPANY_USERS,
  NO_TARGET_COMPANY_ID_FOR_USER,
  NO_USER_ID_FOR_DELETION,
  ACTION_PLAN_HEADING_REQUIRED,
  CATEGORY_REQUIRED,
  FIX_ERRORS_BELOW,
  KPI_REQUIRED,
  GAP_NAME_REQUIRED,
  RECOMMENDATION_REQUIRED,
  RESPONSIBILITY_REQUIRED,
  IMPACTED_SDG_REQUIRED,
  DUE_DATE_REQUIRED,
  ESG_ASPECT_REQUIRED,
  AREA_CODE_REQUIRED,
  DUE_DATE_IN_FUTURE,
  DUE_DATE_AFTER_TIMELINE,
  actionPlanCreatedBanner,
  actionPlanCreatedToast,
  EXPORT_FAILED,
  PAGE_NOT_FOUND,
  PAGE_NOT_FOUND_DETAIL,
  TARGET_COMPANY_ID_NOT_FOUND,
  ADD_YOUR_COMMENTS,
  MISSING_STATUS,
  CONFIRM_STATUS_UPDATE,
  TARGET_COMPANY_ADDED,
  CLIENT_USER_DELETED,
  AUDITOR_USER_DELETED,
  AUDITOR_CREATED,
  STATUS_UPDATED,
  CLOSING_IN_A_MOMENT,
  NO_DATA,
  NO_ACTION_PLANS_FOUND,
  NO_ACTION_PLAN_FOUND,
  NO_REMARKS_YET,
  NO_TARGET_COMPANIES_FOUND,
  NO_USERS_FOUND,
  NO_AUDITORS_FOUND,
  NO_AUDIT_RECORDS_FOUND,
  NO_AUDITS_FOUND,
  LOADING,
  LOADING_ACTION_PLANS,
  TRY_AGAIN,
  DELETE_USER_TITLE,
  DELETE_USER_CONFIRM_TEXT,
  SIGN_IN_FAILED,
  SIGN_IN_ERROR_CODES,
  SIGN_IN_ERROR_TEXT,
} from './messages';

export type { RuleResult } from './rules/rule-result';
export {
  organisationRuleMessages,
  companyAuditorSettingsSchema,
  targetCompanySchema,
  auditorSchema,
  DEFAULT_NEW_USER_ROLE,
  newUserSchema,
  auditSchema,
  runRules,
} from './rules/organisation-rules';
export type {
  CompanyAuditorSettings,
  TargetCompanyInput,
  AuditorInput,
  NewUserInput,
  AuditInput,
} from './rules/organisation-rules';
export {
  gapRuleMessages,
  gapFieldsOf,
  gapSchema,
  GAP_FIELD_ORDER,
  firstMessageInOrder,
  checkGap,
} from './rules/gap-rules';
export type { GapRuleOptions, GapValues } from './rules/gap-rules';
export { ESAP_FIELDS, esapSchemaFields } from './rules/esap-rules';
export type { EsapValues } from './rules/esap-rules';
export {
  actionPlanRuleMessages,
  actionPlanSchema,
  checkActionPlan,
} from './rules/action-plan-rules';
export type { ActionPlanValues, CheckedActionPlan } from './rules/action-plan-rules';
export {
  CHANGE_REASON_MIN_LENGTH,
  changeRuleMessages,
  staleGapMessage,
  staleActionPlanMessage,
  movesLater,
  changeReasonSchema,
  checkChangeReason,
  actionPlanEditSchema,
  checkActionPlanEdit,
} from './rules/change-rules';
export type { LaterDateSubject, ActionPlanEditValues } from './rules/change-rules';
export {
  GAP_FORM_CHANGE_FIELDS,
  GAP_CHANGE_FIELDS,
  ACTION_PLAN_CHANGE_FIELDS,
} from './domain/change-history';
export type {
  GapFormChangeField,
  GapChangeField,
  ActionPlanChangeField,
  ChangeField,
  RemarkChangeValue,
  AttachmentChangeValue,
} from './domain/change-history';
export {
  NOTIFICATION_KINDS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KIND_CHANNELS,
  LOCKED_NOTIFICATION_KINDS,
  REMINDER_DAYS_BEFORE,
  OVERDUE_DAYS_AFTER,
  ESCALATION_DAYS_AFTER,
  DEFAULT_TIME_ZONE,
  UNREAD_COUNT_REFRESH_MS,
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_MAX_PAGE_SIZE,
  NOTIFICATIONS_LABEL,
  MARK_ALL_READ_LABEL,
  NO_NOTIFICATIONS,
  NOTIFICATION_SETTINGS_LABEL,
  ORGANISATION_TIME_ZONE_LABEL,
  ESCALATION_LOCKED,
  UNKNOWN_TIME_ZONE,
  UNKNOWN_NOTIFICATION_KIND,
  DIGEST_EMAIL_ONLY,
  NOTIFICATION_PREFERENCES_SAVED,
  TIME_ZONE_SAVED,
  isNotificationKind,
  isTimeZone,
  unreadBadgeText,
} from './domain/notifications';
export type { NotificationKind, NotificationChannel } from './domain/notifications';
export {
  REQUIREMENT_REFERENCES,
  isRequirementReference,
  CONDITION_TYPES,
  CONDITION_TYPE_LABELS,
  isConditionType,
  ESAP_TEXT_LIMITS,
  ESAP_FIELD_LABELS,
  ESAP_CSV_COLUMNS,
  ESAP_ITEM_NUMBER_TAKEN,
  ESAP_ITEM_NUMBER_TAKEN_CODE,
  ESAP_ITEM_NUMBER_REPEATED,
  esapItemNumberKey,
  repeatedEsapItemNumber,
  UNKNOWN_REQUIREMENT_REFERENCE,
  UNKNOWN_CONDITION_TYPE,
  PRIOR_TO_FIRST_DISBURSEMENT,
  ESAP_IMPORT_MAX_BYTES,
  ESAP_IMPORT_MAX_ROWS,
  IMPORT_ESAP_LABEL,
  DOWNLOAD_REPORT_LABEL,
} from './domain/esap';
export type { ConditionType, EsapField } from './domain/esap';
export {
  ESAP_IMPORT_FIELDS,
  ESAP_IMPORT_FIELD_LABELS,
  ESAP_HEADER_SYNONYMS,
  ESAP_IMPORT_MESSAGES,
  ESAP_IMPORT_SCREEN,
  ESAP_IMPORT_TWO_COLUMNS,
  NOT_IMPORTED_LABEL,
  columnLetter,
  fieldOfHeader,
  isEsapImportField,
  normaliseHeader,
  repeatedMapping,
  withoutFootnote,
} from './domain/esap-import';
export type { EsapColumnMapping, EsapImportField } from './domain/esap-import';
export type {
  EsapImportColumn,
  EsapImportPreviewRow,
  EsapImportProblem,
  EsapImportQuery,
  EsapImportResult,
} from './contract/esap-import';
