import type { ActionPlanCategory, AuditForm, AuditType, CustomFieldType, EsgAspect } from './audit';
import type { CompanyType } from './company';
import type { CurrencyCode } from './currency';
import type { RiskSeverity } from './risk';
import type { SdgCode } from './sdg';
import type { GapStatus, StatusKey } from './status';
import type { Role, UserType } from './user';

/** Dates travel as ISO 8601 strings. */
export type IsoDate = string;

export interface TargetCompany {
  _id: string;
  id?: string;
  targetCompanyName: string;
  registeredName: string;
  emailId: string;
  companyType: CompanyType;
  sub: string;
  fullname: string;
  createdAt: IsoDate;
}

export interface AuditorListItem {
  id: string;
  auditorName: string;
  registeredName: string;
  emailId: string;
  sub: string;
}

export interface CompanyAuditorEntry {
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
}

export interface ClientUser {
  id: string;
  fullname: string;
  emailId: string;
  role: Role;
  createdAt: IsoDate;
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
  picture?: string;
  email_verified: boolean;
}

export interface AccountLookupResult {
  success: boolean;
  user?: LookedUpUser;
}

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

export interface AuditAddOnField {
  id: string;
  name: string;
  type: CustomFieldType | 'select';
  placeholder?: string;
}

export interface Audit {
  _id: string;
  auditCategory: string;
  auditType: AuditType;
  auditForm: AuditForm;
  fields: AuditAddOnField[];
  createdAt: IsoDate;
}

export interface CreateAuditPayload {
  auditCategory: string;
  auditForm: AuditForm;
  auditorId: string;
  auditType: AuditType;
  fields: AuditAddOnField[];
  targetCompanyId: string;
}

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

export interface RemarkDoc {
  _id: string;
  url: string;
  fileName: string;
  size: number;
}

export interface Remark {
  _id?: string;
  comments: string;
  createdAt: IsoDate;
  user: RemarkUser;
  docs: RemarkDoc[];
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
  KPI: string;
  gapName: string;
  createdAt: IsoDate;
  riskSeverity: RiskSeverity;
  status: StatusKey;
  statusHistory: StatusHistoryEntry[];
  remark: Remark[];
  recommendation: string;
  responsibility: string;
  actionTakenByCompany: string;
  residualRisk: string;
  impactedSDGs: SdgCode[];
  fields?: Record<string, NameValue>;
  /** Add-on values keyed by the audit's add-on field id. */
  addOns?: Record<string, NameValue>;
  dueDate?: IsoDate;
  timeline?: IsoDate;
  ESGAspect?: EsgAspect;
  areaCode?: string;
  amount?: Amount;
}

/** The fields a user fills in; the server sets id, createdAt, status history and remarks. */
export type GapInput = Omit<Gap, 'id' | 'createdAt' | 'status' | 'statusHistory' | 'remark'>;

export interface ActionPlan {
  id: string;
  actionPlanHeading: string;
  category: ActionPlanCategory;
  createdAt: IsoDate;
  timeline?: IsoDate;
  overallStatus: StatusKey;
  formType?: AuditForm;
  gaps: Gap[];
}

export interface ActionPlanCreatePayload {
  targetCompanyId: string;
  actionPlanHeading: string;
  timeline?: IsoDate;
  category: ActionPlanCategory;
  formType: AuditForm;
  gap: GapInput;
}

export interface ActionPlanStatistics {
  totalGaps: number;
  openGaps: number;
  closedGaps: number;
  overdueGaps: number;
  completionPercentage: number;
}

export interface ChartSlice {
  name: string;
  value: number;
}

export interface AuditorDashboard {
  projectsOverview: {
    totalProjects: number;
    completed: number;
    inProgress: number;
    overdue: number;
  };
  targetCompanyActionPlanStats: {
    targetCompanyName: string;
    open: number;
    closed: number;
    provClosed: number;
    overdue: number;
  }[];
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
