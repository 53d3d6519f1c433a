// The API's answers and request bodies (docs/api.md "Shapes"), as the browser sees them.
import type { ActionPlanCategory, AuditForm, AuditType, CustomFieldType, EsgAspect } from './audit';
import type { CompanyType } from './company';
import type { CurrencyCode } from './currency';
import type { RiskSeverity } from './risk';
import type { SdgCode } from './sdg';
import type { GapStatus, StatusKey } from './status';
import type { Role, UserType } from './user';

/** Dates travel as ISO 8601 strings. */
export type IsoDate = string;

/* ---------- Organisations ---------- */

export interface TargetCompany {
  _id: string;
  id: string;
  targetCompanyName: string;
  registeredName: string;
  emailId: string;
  companyType: CompanyType;
  sub: string;
  fullname: string;
  createdAt: IsoDate;
  clientId: string;
}

/** POST /target-company: the company, its owner user (the account of `emailId`) and first auditor. */
export interface CreateTargetCompanyPayload {
  targetCompanyName: string;
  registeredName?: string;
  emailId: string;
  companyType?: CompanyType;
  sub?: string;
  fullname?: string;
  auditorId: string;
  auditType: AuditType[];
  auditCategory: string[];
  formType: AuditForm[];
}

/** An auditor firm (GET /auditor). */
export interface AuditorListItem {
  id: string;
  auditorName: string;
  registeredName: string;
  emailId: string;
  sub: string;
  createdAt: IsoDate;
}

/** POST /auditor: creates the firm, engages it for the caller's client, the account of `emailId` owns it. */
export interface CreateAuditorPayload {
  emailId: string;
  sub?: string;
  registeredName: string;
  auditorName: string;
}

/** An auditor firm assigned to a target company, with the assignment's settings. */
export interface CompanyAuditorEntry {
  id: string;
  auditor: {
    _id: string;
    auditorName: string;
    emailId: string;
    registeredName: string;
    createdAt: IsoDate;
  };
  auditType: AuditType[];
  auditCategory: string[];
  formType: AuditForm[];
  createdAt: IsoDate;
}

/** POST /client/add-target-company-auditor. */
export interface AddCompanyAuditorPayload {
  targetCompanyId: string;
  auditorId: string;
  auditType: AuditType[];
  auditCategory: string[];
  formType: AuditForm[];
}

export interface CreatedTargetCompany {
  targetCompany: TargetCompany;
  companyAuditor: CompanyAuditorEntry;
}

/* ---------- Users ---------- */

/** A user of a client, auditor firm or target company (all three lists share this shape). */
export interface ClientUser {
  id: string;
  fullname: string;
  emailId: string;
  role: Role;
  createdAt: IsoDate;
}

export type OrganisationUser = ClientUser;

export interface UserCounts {
  total: number;
  admins: number;
  editors: number;
  viewers: number;
}

export interface ClientUsers {
  users: ClientUser[];
  counts: UserCounts;
}

export interface NewUserPayload {
  emailId: string;
  fullname: string;
  role: Role;
}

export interface LookedUpUser {
  name: string;
  email: string;
  sub: string;
  picture?: string | null;
  email_verified: boolean;
}

export interface AccountLookupResult {
  success: boolean;
  user?: LookedUpUser;
}

/** One organisation a person who belongs to several of one user type may sign in to. */
export interface OrganisationChoice {
  membershipId: string;
  organisationName: string;
  role: Role;
}

/* ---------- Audits ---------- */

export interface CustomFieldOption {
  value: string;
  name: string;
}

export interface CustomField {
  id: string;
  name: string;
  placeholder?: string;
  type: CustomFieldType;
  other?: string;
  /** Only meaningful for select or radio, which the type picker does not offer. */
  options?: CustomFieldOption[];
}

/** An audit's add-on field: a custom field its gaps fill in. */
export type AuditAddOnField = CustomField;

export interface Audit {
  _id: string;
  id: string;
  targetCompanyId: string;
  auditorId: string;
  auditorName: string;
  auditCategory: string;
  auditType: AuditType;
  auditForm: AuditForm;
  fields: CustomField[];
  createdAt: IsoDate;
}

export interface CreateAuditPayload {
  auditCategory: string;
  auditForm: AuditForm;
  auditorId: string;
  auditType: AuditType;
  fields: CustomField[];
  targetCompanyId: string;
}

/* ---------- Action plans and gaps ---------- */

export interface StatusHistoryEntry {
  status: GapStatus;
  timestamp: IsoDate;
}

export interface RemarkUser {
  userType: UserType;
  fullname: string;
  userId: string;
  role: Role;
}

/** Who withdrew a remark or an attachment, and when. */
export interface Withdrawal {
  at: IsoDate;
  by: { fullname: string; userId: string };
}

export interface RemarkDoc {
  _id: string;
  /** The authorised `/api/v1/remark-document/{id}` route; '' once withdrawn. */
  url: string;
  /** '' once withdrawn. */
  fileName: string;
  /** Bytes; 0 once withdrawn. */
  size: number;
  /** Null while it stands (absent from answers of an older API). */
  withdrawn?: Withdrawal | null;
}

export interface Remark {
  _id: string;
  id: string;
  /** '' once withdrawn. */
  comments: string;
  createdAt: IsoDate;
  /** Until when its author may withdraw it; null once withdrawn or when the author never may. */
  withdrawableUntil?: IsoDate | null;
  /** Null while it stands: a withdrawn remark stays in the list as a trace. */
  withdrawn?: Withdrawal | null;
  user: RemarkUser;
  docs: RemarkDoc[];
}

/** PATCH /gap/{id}/remark (sent as multipart form data). */
export interface RemarkPayload {
  comments: string;
  /** Images only; each goes under the `documents` form field. */
  documents?: Blob[];
}

export interface NameValue {
  name: string;
  value: string;
}

export interface Amount {
  currency: CurrencyCode;
  value: number;
}

export interface Gap {
  id: string;
  actionPlanId: string;
  KPI: string;
  gapName: string;
  createdAt: IsoDate;
  riskSeverity: RiskSeverity;
  /** What was set: open, closed or provClosed. */
  status: GapStatus;
  /** `overdue` when the gap is not closed and its due date has passed, else `status`. */
  displayStatus: StatusKey;
  statusHistory: StatusHistoryEntry[];
  remark: Remark[];
  recommendation: string;
  responsibility: string;
  actionTakenByCompany: string;
  residualRisk: string;
  impactedSDGs: SdgCode[];
  fields: Record<string, NameValue>;
  /** Add-on values keyed by the audit's add-on field id. */
  addOns: Record<string, NameValue>;
  dueDate: IsoDate | null;
  timeline: IsoDate | null;
  ESGAspect: EsgAspect | null;
  areaCode: string | null;
  amount: Amount | null;
}

/** The fields a user fills in; the server sets ids, dates, statuses and remarks. */
export interface GapInput {
  KPI: string;
  gapName: string;
  recommendation: string;
  responsibility: string;
  actionTakenByCompany?: string;
  residualRisk?: string;
  riskSeverity?: RiskSeverity;
  impactedSDGs: SdgCode[];
  dueDate?: IsoDate | null;
  timeline?: IsoDate | null;
  ESGAspect?: EsgAspect | null;
  areaCode?: string | null;
  /** `value` may be typed text: a non-numeric value counts as 0. */
  amount?: { currency?: CurrencyCode; value?: number | string | null } | null;
  fields?: Record<string, NameValue>;
  addOns?: Record<string, NameValue>;
}

/** PUT /gap/{gapId}: only the fields that change. */
export type GapChanges = Partial<GapInput>;

export interface ActionPlan {
  id: string;
  auditId: string;
  targetCompanyId: string;
  actionPlanHeading: string;
  category: ActionPlanCategory;
  formType: AuditForm;
  createdAt: IsoDate;
  timeline: IsoDate | null;
  overallStatus: StatusKey;
  /** Present in lists (GET /action-plan/{auditId}/action-plans); the detail sends gaps beside it. */
  gaps?: Gap[];
}

/** An action plan as the list sends it: always with its gaps. */
export type ActionPlanWithGaps = ActionPlan & { gaps: Gap[] };

/** POST /action-plan body (targetCompanyId and auditId go in the query). */
export interface ActionPlanCreatePayload {
  actionPlanHeading: string;
  category: ActionPlanCategory;
  formType: AuditForm;
  timeline?: IsoDate | null;
  gap: GapInput;
}

export interface ActionPlanFilters {
  targetCompanyId: string;
  search?: string;
  status?: StatusKey;
  category?: ActionPlanCategory;
}

export interface ActionPlanStatistics {
  totalGaps: number;
  openGaps: number;
  closedGaps: number;
  overdueGaps: number;
  completionPercentage: number;
}

export interface ActionPlanDetail {
  actionPlan: ActionPlan;
  statistics: ActionPlanStatistics;
  gaps: Gap[];
}

/* ---------- Dashboards ---------- */

export interface ChartSlice {
  name: string;
  value: number;
}

export interface CompanyGapStats {
  targetCompanyId: string;
  targetCompanyName: string;
  open: number;
  closed: number;
  provClosed: number;
  overdue: number;
}

export interface AuditorDashboard {
  projectsOverview: {
    totalProjects: number;
    completed: number;
    inProgress: number;
    overdue: number;
  };
  targetCompanyActionPlanStats: CompanyGapStats[];
}

export interface TargetCompanyDashboard {
  actionPlans: {
    statusOverview: { total: number; closed: number; provClosed: number; open: number };
    categoryBreakdown: ChartSlice[];
    timelineAnalysis: ChartSlice[];
  };
  gaps: {
    riskSeverityDistribution: ChartSlice[];
  };
}

/** The client's dashboard: the company figures over all its companies, plus the portfolio bars. */
export interface ClientDashboard extends TargetCompanyDashboard {
  targetCompanyActionPlanStats: CompanyGapStats[];
}

/** A CSV export ready to save. */
export interface CsvExport {
  blob: Blob;
  fileName: string;
}
