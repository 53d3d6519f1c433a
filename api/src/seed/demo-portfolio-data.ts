// What the demo portfolio holds: companies, the audits on them, their action plans and gaps. Dates
// are days from the moment the seed runs, so 'overdue' and 'days left' look right on any day.
import type {
  ActionPlanCategory,
  AuditForm,
  AuditType,
  ConditionType,
  RiskSeverity,
  GapStatus,
} from '@verity/shared-api/src/server';

export const DEMO_CLIENT = 'Northwind Capital';
export const DEMO_AUDITOR = 'GreenAudit Partners';
export const FIRST_COMPANY = 'Acme Steel Ltd';
export const SECOND_COMPANY = 'Blue River Textiles';
export const SOUTHBANK_CLIENT = 'Southbank Finance';
export const SOUTHBANK_COMPANY = 'Kestrel Harbour Logistics';

export interface DemoAuditSpec {
  type: AuditType;
  category: string;
  form: AuditForm;
  /** Days ago the audit was created. */
  ageDays: number;
  /** Plan categories, one plan each. */
  plans: ActionPlanCategory[];
  /** The plan whose gaps are items of the lender's ESAP (DEMO_ESAP_ITEMS). */
  lenderPlan?: ActionPlanCategory;
}

/** Each company's audits: every type, with categories valid for the type (AUDIT_CATEGORIES_BY_TYPE). */
export const DEMO_AUDITS: Record<string, DemoAuditSpec[]> = {
  [FIRST_COMPANY]: [
    {
      type: 'normal_audit',
      category: 'EHS',
      form: 'ap',
      ageDays: 90,
      plans: ['environment', 'social'],
    },
    {
      type: 'normal_audit',
      category: 'QA',
      form: 'capa',
      ageDays: 75,
      plans: ['governance', 'environment'],
    },
    {
      type: 'dd',
      category: 'Environment',
      form: 'mp',
      ageDays: 60,
      plans: ['environment', 'prosperity'],
    },
    { type: 'dd', category: 'Social', form: 'recommendation', ageDays: 45, plans: ['social'] },
    {
      type: 'esap',
      category: 'Environment',
      form: 'ap',
      ageDays: 30,
      plans: ['environment', 'governance'],
      lenderPlan: 'environment',
    },
  ],
  [SECOND_COMPANY]: [
    {
      type: 'normal_audit',
      category: 'F&LS',
      form: 'capa',
      ageDays: 80,
      plans: ['social', 'environment'],
    },
    {
      type: 'dd',
      category: 'Governance',
      form: 'ap',
      ageDays: 50,
      plans: ['governance', 'prosperity'],
    },
    { type: 'esap', category: 'Environment', form: 'mp', ageDays: 35, plans: ['environment'] },
    {
      type: 'normal_audit',
      category: 'EHS',
      form: 'recommendation',
      ageDays: 20,
      plans: ['social'],
    },
  ],
};

export interface DemoFinding {
  kpi: string;
  gapName: string;
  recommendation: string;
  responsibility: string;
  sdgs: string[];
}

export const DEMO_FINDINGS: Record<ActionPlanCategory, DemoFinding[]> = {
  environment: [
    {
      kpi: 'Wastewater discharge quality',
      gapName: 'Effluent COD above consent limits',
      recommendation: 'Commission a tertiary treatment stage and test COD weekly',
      responsibility: 'Plant Head',
      sdgs: ['SDG6', 'SDG14'],
    },
    {
      kpi: 'Energy intensity',
      gapName: 'No energy audit in the last three years',
      recommendation: 'Carry out a certified energy audit and act on its top five findings',
      responsibility: 'Energy Manager',
      sdgs: ['SDG7', 'SDG13'],
    },
    {
      kpi: 'Hazardous waste',
      gapName: 'Spent oil stored on open ground',
      recommendation: 'Build a bunded, roofed store and use authorised recyclers only',
      responsibility: 'EHS Manager',
      sdgs: ['SDG12'],
    },
  ],
  social: [
    {
      kpi: 'Worker safety',
      gapName: 'Lost-time injuries not investigated',
      recommendation: 'Investigate the root cause of every lost-time injury within 48 hours',
      responsibility: 'Safety Officer',
      sdgs: ['SDG3', 'SDG8'],
    },
    {
      kpi: 'Working hours',
      gapName: 'Overtime above 60 hours a week in peak season',
      recommendation: 'Cap overtime and record hours in the payroll system',
      responsibility: 'HR Manager',
      sdgs: ['SDG8'],
    },
    {
      kpi: 'Grievance mechanism',
      gapName: 'No anonymous channel for workers',
      recommendation: 'Open a hotline and report its cases to the board each quarter',
      responsibility: 'HR Manager',
      sdgs: ['SDG5', 'SDG10'],
    },
  ],
  governance: [
    {
      kpi: 'Board oversight of ESG',
      gapName: 'ESG risks not on the board agenda',
      recommendation: 'Add an ESG report to every quarterly board meeting',
      responsibility: 'Company Secretary',
      sdgs: ['SDG16'],
    },
    {
      kpi: 'Anti-bribery',
      gapName: 'No anti-bribery policy for sales agents',
      recommendation: 'Adopt an anti-bribery policy and train every sales agent',
      responsibility: 'Compliance Officer',
      sdgs: ['SDG16', 'SDG17'],
    },
  ],
  prosperity: [
    {
      kpi: 'Local sourcing',
      gapName: 'Under 10% of spend with local suppliers',
      recommendation: 'Set a local-sourcing target and a supplier development plan',
      responsibility: 'Procurement Head',
      sdgs: ['SDG8', 'SDG9'],
    },
    {
      kpi: 'Community investment',
      gapName: 'No budget for community programmes',
      recommendation: 'Set aside 1% of profit for a community skills programme',
      responsibility: 'CSR Lead',
      sdgs: ['SDG1', 'SDG4'],
    },
  ],
};

export interface DemoGapState {
  status: GapStatus;
  /** Days from now the gap is due (negative: in the past); ignored for recommendations. */
  dueDays: number;
  risk: RiskSeverity;
}

export interface DemoPlanPattern {
  /** Days from now of the plan's timeline; no timeline for recommendations. */
  timelineDays: number;
  gaps: DemoGapState[];
}

/** Plan shapes the demo cycles through: every overall status, overdue gaps, on-track and late timelines. */
export const DEMO_PLAN_PATTERNS: DemoPlanPattern[] = [
  // Overdue: one open gap past its due date.
  {
    timelineDays: 40,
    gaps: [
      { status: 'open', dueDays: -7, risk: 'high' },
      { status: 'provClosed', dueDays: 15, risk: 'moderate' },
      { status: 'closed', dueDays: -12, risk: 'low' },
    ],
  },
  // Closed: every gap closed.
  {
    timelineDays: -5,
    gaps: [
      { status: 'closed', dueDays: -20, risk: 'low' },
      { status: 'closed', dueDays: -8, risk: 'moderate' },
    ],
  },
  // Open and on track.
  {
    timelineDays: 60,
    gaps: [
      { status: 'open', dueDays: 20, risk: 'moderate' },
      { status: 'open', dueDays: 45, risk: 'low' },
      { status: 'closed', dueDays: -3, risk: 'high' },
    ],
  },
  // Provisionally closed, awaiting verification.
  {
    timelineDays: 30,
    gaps: [
      { status: 'provClosed', dueDays: 10, risk: 'high' },
      { status: 'closed', dueDays: -2, risk: 'low' },
    ],
  },
  // Timeline passed with work left: overdue gaps, one of them provisionally closed.
  {
    timelineDays: -3,
    gaps: [
      { status: 'open', dueDays: -15, risk: 'high' },
      { status: 'provClosed', dueDays: -4, risk: 'moderate' },
    ],
  },
];

/** Add-on fields some audits define; their values go to each gap's add-ons. */
export const DEMO_AUDIT_FIELDS = [
  { id: 'site', name: 'Site', type: 'text', placeholder: 'Plant or site' },
  { id: 'evidence-ref', name: 'Evidence reference', type: 'text', placeholder: 'Document number' },
];

export const DEMO_SITES: Record<string, string> = {
  [FIRST_COMPANY]: 'Pune rolling mill',
  [SECOND_COMPANY]: 'Tiruppur dye house',
};

/** CAPA area codes and amounts (the only form with them). */
export const DEMO_AREA_CODES = ['PRD-01', 'WWT-02', 'STR-03', 'ADM-04'];

/** A gap's place in the lender's ESAP: the lender fields of a gap of the lender plan. */
export interface DemoEsapItem {
  requirementReferences: string[];
  completionIndicator: string;
  timetable: string;
  conditionType: ConditionType;
}

/** The ESAP item numbers of the lender plan's gaps, in their order. */
export const DEMO_ESAP_ITEM_NUMBERS = ['1.1', '1.2', '2.1', '2.2', '3.1'];

/** What the lender's ESAP says of each environmental finding (by gap name). */
export const DEMO_ESAP_ITEMS: Record<string, DemoEsapItem> = {
  'Effluent COD above consent limits': {
    requirementReferences: ['IFC PS1', 'IFC PS3', 'EP3', 'National law'],
    completionIndicator:
      'Tertiary treatment commissioned; three consecutive months of COD results within the consent limits, certified by an accredited laboratory, sent to the lenders',
    timetable: 'Prior to first disbursement',
    conditionType: 'precedent',
  },
  'No energy audit in the last three years': {
    requirementReferences: ['IFC PS3', 'EBRD PR3'],
    completionIndicator:
      'Certified energy audit report, and a resource-efficiency plan for its top five findings approved by management',
    timetable: 'Within 6 months of first disbursement',
    conditionType: 'subsequent',
  },
  'Spent oil stored on open ground': {
    requirementReferences: ['IFC PS3', 'IFC PS4', 'National law'],
    completionIndicator:
      'Hazardous waste manifests and the recyclers’ authorisations in the Annual Environmental & Social Monitoring Report',
    timetable: 'Annually within 60 days of year-end',
    conditionType: 'recurring',
  },
};
