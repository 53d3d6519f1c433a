// The contract of action plans, gaps, remarks and the CSV export (docs/api.md "Shapes").
import { Type, type Static } from '@sinclair/typebox';
import { ACTION_PLAN_CATEGORIES, AUDIT_FORMS, ESG_ASPECTS } from '../domain/audit';
import { EVIDENCE_WARNINGS } from '../domain/attachments';
import { DEVICE_RECORDED_FIELDS } from '../domain/capture';
import { CURRENCY_CODES } from '../domain/currency';
import { CONDITION_TYPES, REQUIREMENT_REFERENCES } from '../domain/esap';
import { BULK_GAPS_MAX, MY_ACTIONS_MAX } from '../domain/bulk-changes';
import { GAP_CHANGE_PREVIEW, GAP_REMARK_PREVIEW, PLAN_LIST_GAP_PREVIEW } from '../domain/limits';
import { RISK_SEVERITIES } from '../domain/risk';
import { SDG_CODES } from '../domain/sdg';
import { CLOSURE_CHECK_FLAGS, CLOSURE_DECISIONS, CLOSURE_METHODS } from '../domain/closure';
import { EXTENSION_APPROVERS, EXTENSION_DECISIONS } from '../domain/extensions';
import { GAP_STATUSES, GAP_STORED_STATUSES, STATUS_KEYS } from '../domain/status';
import { ROLES, USER_TYPES } from '../domain/user';
import { BasedOnVersion, ChangeEntry, ChangeReason, GapRevision } from './change-history';
import {
  FileAnswer,
  IsoDate,
  Nullable,
  PageInfo,
  PageQuery,
  Uuid,
  errorAnswers,
  literals,
  oneOf,
  routeSchemas,
  signedInErrors,
  successWith,
} from './common';

/* ---------- What the browser sends ---------- */

const NameValueMap = Type.Record(
  Type.String(),
  Type.Object({ name: Type.String(), value: Type.String() }),
);

// Bodies only type their fields: which are required is checked after tenancy by the shared rules
// (../rules), with the spec's messages.

/** A gap as a form fills it in; the server sets ids, dates, statuses and remarks. */
export const GapInput = Type.Object({
  KPI: Type.Optional(Type.String()),
  gapName: Type.Optional(Type.String()),
  recommendation: Type.Optional(Type.String()),
  responsibility: Type.Optional(Type.String()),
  actionTakenByCompany: Type.Optional(Type.String()),
  residualRisk: Type.Optional(Type.String()),
  riskSeverity: Type.Optional(Type.String({ description: 'low, moderate (default) or high' })),
  impactedSDGs: Type.Optional(Type.Array(Type.String(), { description: 'SDG1 to SDG17' })),
  dueDate: Type.Optional(Nullable(Type.String({ description: 'ISO date; ap, capa and mp' }))),
  timeline: Type.Optional(Nullable(Type.String({ description: 'ISO date; ap, capa and mp' }))),
  ESGAspect: Type.Optional(
    Nullable(
      Type.String({
        description: 'Environmental, Social or Governance; ap, mp and recommendation',
      }),
    ),
  ),
  areaCode: Type.Optional(Nullable(Type.String({ description: 'capa' }))),
  amount: Type.Optional(
    Type.Union([
      Type.Object({
        currency: Type.Optional(Type.String({ description: 'USD or INR' })),
        value: Type.Optional(
          Type.Union([Type.Number(), Type.String(), Type.Null()], {
            description: 'at least 0, two decimals; a non-numeric value counts as 0',
          }),
        ),
      }),
      Type.Null(),
    ]),
  ),
  fields: Type.Optional(NameValueMap),
  addOns: Type.Optional(NameValueMap),
  // The lender's ESAP fields, optional on every form type (docs/api.md "Lender fields").
  esapItemNumber: Type.Optional(
    Nullable(Type.String({ description: 'ESAP item number, as "1.2": unique within the plan' })),
  ),
  requirementReferences: Type.Optional(
    Type.Array(Type.String(), {
      description: 'IFC PS1–PS8, EBRD PR1–PR10, EP1–EP10, National law, Other',
    }),
  ),
  completionIndicator: Type.Optional(
    Nullable(Type.String({ description: 'the completion indicator or deliverable' })),
  ),
  resources: Type.Optional(
    Nullable(Type.String({ description: 'the resources or investment the action needs' })),
  ),
  esapSection: Type.Optional(
    Nullable(Type.String({ description: "the ESAP's section the item sits under" })),
  ),
  timetable: Type.Optional(
    Nullable(Type.String({ description: 'the timetable as the ESAP words it, kept verbatim' })),
  ),
  conditionType: Type.Optional(
    Nullable(Type.String({ description: 'precedent, subsequent, ongoing or recurring' })),
  ),
  loanClause: Type.Optional(
    Nullable(
      Type.String({ description: 'the loan agreement clause it serves ("Clause 21.3(b)")' }),
    ),
  ),
  // Due relative to a financing milestone of the company (docs/decisions/0084-financing-milestones.md).
  dueMilestone: Type.Optional(
    Nullable(
      Type.String({
        description:
          "a milestone's name (Financial close, First disbursement or the client's): the due date is its date plus the offset, and dueDate is ignored; ap, capa and mp",
      }),
    ),
  ),
  dueOffsetMonths: Type.Optional(
    Nullable(
      Type.Union([Type.Integer(), Type.String()], { description: '0 to 600; 0 when absent' }),
    ),
  ),
  dueOffsetDays: Type.Optional(
    Nullable(
      Type.Union([Type.Integer(), Type.String()], { description: '0 to 3650; 0 when absent' }),
    ),
  ),
});
export type GapInput = Static<typeof GapInput>;

/** PUT /gap/{gapId}: only the fields that change, the version they were made on, and a reason. */
export const GapChanges = Type.Object({
  ...Type.Partial(GapInput).properties,
  reason: ChangeReason,
  version: BasedOnVersion,
});
export type GapChanges = Static<typeof GapChanges>;

/** POST /action-plan body (targetCompanyId and auditId go in the query). */
export const ActionPlanCreatePayload = Type.Object({
  actionPlanHeading: Type.Optional(Type.String()),
  category: Type.Optional(
    Type.String({ description: 'environment, social, governance or prosperity' }),
  ),
  formType: Type.Optional(
    Type.String({ description: "ap, capa, mp or recommendation: the audit's form" }),
  ),
  timeline: Type.Optional(
    Nullable(Type.String({ description: 'ISO date; not for recommendation' })),
  ),
  gap: Type.Optional(GapInput),
});
export type ActionPlanCreatePayload = Static<typeof ActionPlanCreatePayload>;

export const StatusChange = Type.Object({
  status: Type.Optional(literals(GAP_STATUSES)),
  version: BasedOnVersion,
});

/** PUT /action-plan/{id}: the fields that change, the version they were made on, and a reason. */
export const ActionPlanChanges = Type.Object({
  actionPlanHeading: Type.Optional(Type.String()),
  category: Type.Optional(
    Type.String({ description: 'environment, social, governance or prosperity' }),
  ),
  timeline: Type.Optional(
    Nullable(Type.String({ description: 'ISO date; not for recommendation' })),
  ),
  reason: ChangeReason,
  version: BasedOnVersion,
});
export type ActionPlanChanges = Static<typeof ActionPlanChanges>;

/** GET /action-plan/{auditId}/action-plans query. */
export const ActionPlanFilters = Type.Object({
  targetCompanyId: Uuid,
  search: Type.Optional(
    Type.String({ maxLength: 200, description: 'in headings, gap names and KPIs' }),
  ),
  status: Type.Optional(literals(STATUS_KEYS)),
  category: Type.Optional(literals(ACTION_PLAN_CATEGORIES)),
  ...PageQuery,
});
export type ActionPlanFilters = Static<typeof ActionPlanFilters>;

/** GET /action-plan/{id}/gaps query. */
export const PlanGapsQuery = Type.Object({ targetCompanyId: Uuid, ...PageQuery });
export type PlanGapsQuery = Static<typeof PlanGapsQuery>;

/** The query of a gap's list read by key: `before`, one of its rows (absent, the newest page). */
const beforeQuery = (before: string) =>
  Type.Object({
    targetCompanyId: Uuid,
    before: Type.Optional(Type.String({ format: 'uuid', description: before })),
    pageSize: PageQuery.pageSize,
  });

/** GET /gap/{gapId}/remarks query: the remarks before `before` (a remark of the gap), newest page. */
export const GapRemarksQuery = beforeQuery(
  'a remark of the gap: the page ends just before it; absent, the newest',
);
export type GapRemarksQuery = Static<typeof GapRemarksQuery>;

/** GET /gap/{gapId}/changes query: the changes before `before` (a change of the gap), newest page. */
export const GapChangesQuery = beforeQuery(
  'a change of the gap: the page holds those made before it; absent, the newest',
);
export type GapChangesQuery = Static<typeof GapChangesQuery>;

/* ---------- What the API answers ---------- */

export const StatusHistoryEntry = Type.Object({
  status: oneOf(GAP_STORED_STATUSES),
  timestamp: IsoDate,
});
export type StatusHistoryEntry = Static<typeof StatusHistoryEntry>;

/** Who withdrew a remark or an attachment, and when. */
export const Withdrawal = Type.Object({
  at: IsoDate,
  by: Type.Object({ fullname: Type.String(), userId: Type.String() }),
});
export type Withdrawal = Static<typeof Withdrawal>;

const WithdrawalOrNull = Type.Union([Withdrawal, Type.Null()], {
  description: 'who withdrew it and when; null while it stands',
});

export const RemarkUser = Type.Object({
  userType: oneOf(USER_TYPES),
  fullname: Type.String(),
  userId: Type.String(),
  role: oneOf(ROLES),
});
export type RemarkUser = Static<typeof RemarkUser>;

/**
 * What an image tells about itself, read once at upload
 * (docs/decisions/0036-evidence-you-can-trust.md).
 */
export const RemarkEvidence = Type.Object({
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the file, in hex' }),
  width: Nullable(
    Type.Integer({
      minimum: 1,
      description: "pixels as shown; null when the header can't be read",
    }),
  ),
  height: Nullable(Type.Integer({ minimum: 1 })),
  capturedAt: Nullable(
    Type.String({
      description:
        "EXIF DateTimeOriginal, the camera's clock (or the device's, see deviceRecorded), as ISO 8601: with its UTC offset when the image records one (2026-03-01T10:00:00+05:30), without otherwise (2026-03-01T10:00:00)",
    }),
  ),
  camera: Nullable(Type.String({ description: 'EXIF make and model' })),
  gps: Nullable(
    Type.Object({
      latitude: Type.Number({ minimum: -90, maximum: 90 }),
      longitude: Type.Number({ minimum: -180, maximum: 180 }),
    }),
  ),
  deviceRecorded: Type.Array(oneOf(DEVICE_RECORDED_FIELDS), {
    description:
      "which of capturedAt and gps the uploading device recorded (its clock with its UTC offset, its position when allowed) because the file carries no capture time: not the camera's record; empty when all is the camera's",
  }),
  warnings: Type.Array(oneOf(EVIDENCE_WARNINGS), {
    description:
      'noCaptureData: no capture time, camera or position; takenBeforeGap: captured before the gap was raised; sameFileOnAnotherGap: the same file (SHA-256) was attached earlier to another gap of the client that the reader can see',
  }),
  duplicateOf: Nullable(
    Type.Object(
      { gapId: Uuid, KPI: Type.String() },
      { description: 'the gap that had the same file first, with sameFileOnAnotherGap' },
    ),
  ),
});
export type RemarkEvidence = Static<typeof RemarkEvidence>;

export const RemarkDoc = Type.Object({
  _id: Uuid,
  url: Type.String({
    description: "the authorised /api/v1/remark-document/{id} route; '' once withdrawn",
  }),
  fileName: Type.String({ description: "'' once withdrawn" }),
  size: Type.Integer({ description: 'bytes; 0 once withdrawn' }),
  withdrawn: WithdrawalOrNull,
  evidence: Type.Union([RemarkEvidence, Type.Null()], {
    description: 'null once withdrawn, and for images stored before evidence was kept',
  }),
});
export type RemarkDoc = Static<typeof RemarkDoc>;

export const Remark = Type.Object({
  _id: Uuid,
  id: Uuid,
  comments: Type.String({ description: "'' once withdrawn" }),
  createdAt: IsoDate,
  withdrawableUntil: Type.Union([IsoDate, Type.Null()], {
    description: 'until when its author may withdraw it; null once withdrawn',
  }),
  withdrawn: WithdrawalOrNull,
  user: RemarkUser,
  docs: Type.Array(RemarkDoc),
});
export type Remark = Static<typeof Remark>;

/** A request to close a gap on its evidence, and its review once made. */
export const ClosureRequest = Type.Object({
  id: Uuid,
  requestedAt: IsoDate,
  requestedBy: Type.Object({ fullname: Type.String() }),
  note: Nullable(Type.String()),
  review: Nullable(
    Type.Object({
      decision: oneOf(CLOSURE_DECISIONS),
      method: Type.Union([oneOf(CLOSURE_METHODS), Type.Null()], {
        description: 'desk or site, when accepted',
      }),
      reason: Type.Union([Type.String(), Type.Null()], { description: 'why it was returned' }),
      comment: Nullable(Type.String({ description: "the reviewer's comment on an acceptance" })),
      visitDate: Nullable(
        Type.String({ description: 'YYYY-MM-DD: the site visit of a site verification' }),
      ),
      visitedBy: Nullable(Type.String({ description: 'who visited the site' })),
      checkedFlags: Type.Array(oneOf(CLOSURE_CHECK_FLAGS), {
        description: 'the evidence warnings the reviewer confirmed they checked',
      }),
      reviewedAt: IsoDate,
      reviewedBy: Type.Object({
        fullname: Type.String(),
        userType: oneOf(['client', 'auditor'] as const),
      }),
    }),
  ),
});
export type ClosureRequest = Static<typeof ClosureRequest>;

/** A company's request for a later due date, and its answer once given (decision 0086). */
export const ExtensionRequest = Type.Object({
  id: Uuid,
  requestedAt: IsoDate,
  requestedBy: Type.Object({ fullname: Type.String() }),
  currentDueDate: Nullable(IsoDate),
  dueDate: IsoDate,
  reason: Type.String(),
  approver: oneOf(EXTENSION_APPROVERS, {
    description: "who answers the client's extension requests (the client's setting as it now is)",
  }),
  answer: Nullable(
    Type.Object({
      decision: oneOf(EXTENSION_DECISIONS),
      comment: Nullable(Type.String()),
      answeredAt: IsoDate,
      answeredBy: Type.Object({
        fullname: Type.String(),
        userType: oneOf(['client', 'auditor'] as const),
      }),
    }),
  ),
});
export type ExtensionRequest = Static<typeof ExtensionRequest>;

export const NameValue = Type.Object({ name: Type.String(), value: Type.String() });
export type NameValue = Static<typeof NameValue>;

export const Amount = Type.Object({ currency: oneOf(CURRENCY_CODES), value: Type.Number() });
export type Amount = Static<typeof Amount>;

export const Gap = Type.Object({
  id: Uuid,
  actionPlanId: Uuid,
  KPI: Type.String(),
  gapName: Type.String(),
  recommendation: Type.String(),
  responsibility: Type.String(),
  actionTakenByCompany: Type.String(),
  residualRisk: Type.String(),
  riskSeverity: oneOf(RISK_SEVERITIES),
  status: oneOf(GAP_STORED_STATUSES, {
    description: "what was set; 'pending' while a requested closure waits for review",
  }),
  displayStatus: oneOf(STATUS_KEYS, {
    description: 'overdue when not closed past the due date, else status',
  }),
  createdAt: IsoDate,
  dueDate: Nullable(IsoDate),
  ESGAspect: Nullable(oneOf(ESG_ASPECTS)),
  timeline: Nullable(IsoDate),
  areaCode: Nullable(Type.String()),
  amount: Nullable(Amount),
  impactedSDGs: Type.Array(oneOf(SDG_CODES)),
  fields: Type.Record(Type.String(), NameValue),
  /** Add-on values keyed by the audit's add-on field id. */
  addOns: Type.Record(Type.String(), NameValue),
  esapItemNumber: Nullable(Type.String({ description: 'unique within the plan' })),
  requirementReferences: Type.Array(oneOf(REQUIREMENT_REFERENCES)),
  completionIndicator: Nullable(Type.String()),
  resources: Nullable(Type.String()),
  esapSection: Nullable(Type.String({ description: "the ESAP's section the item sits under" })),
  timetable: Nullable(Type.String({ description: 'as written, beside the due date' })),
  conditionType: Nullable(oneOf(CONDITION_TYPES)),
  loanClause: Nullable(Type.String({ description: 'the loan agreement clause it serves' })),
  dueMilestone: Nullable(
    Type.String({
      description:
        'the milestone it is due relative to; with dueDate null, waiting for that milestone (never overdue)',
    }),
  ),
  dueOffsetMonths: Type.Integer({ minimum: 0 }),
  dueOffsetDays: Type.Integer({ minimum: 0 }),
  statusHistory: Type.Array(StatusHistoryEntry),
  remark: Type.Array(Remark, {
    description: `oldest first: the newest ${GAP_REMARK_PREVIEW} remarks; GET /gap/{id}/remarks gives earlier ones`,
  }),
  remarkCount: Type.Integer({ minimum: 0, description: 'all the remarks of the gap' }),
  version: Type.Integer({ description: 'grows by one with every change; sent back to edit' }),
  changeHistory: Type.Array(ChangeEntry, {
    description: `newest first: the newest ${GAP_CHANGE_PREVIEW} changes; GET /gap/{id}/changes gives earlier ones`,
  }),
  changeCount: Type.Integer({ minimum: 0, description: 'all the changes of the gap' }),
  closure: Type.Union([ClosureRequest, Type.Null()], {
    description: 'the latest closure request and its review; null when none was made',
  }),
  extension: Type.Union([ExtensionRequest, Type.Null()], {
    description: 'the latest due-date extension request and its answer; null when none was made',
  }),
});
export type Gap = Static<typeof Gap>;

const actionPlanProperties = {
  id: Uuid,
  auditId: Uuid,
  targetCompanyId: Uuid,
  actionPlanHeading: Type.String(),
  category: oneOf(ACTION_PLAN_CATEGORIES),
  formType: oneOf(AUDIT_FORMS),
  timeline: Nullable(IsoDate),
  createdAt: IsoDate,
  overallStatus: oneOf(STATUS_KEYS),
  version: Type.Integer({
    description: 'grows by one with every change of heading, category or timeline',
  }),
};

export const ActionPlan = Type.Object(actionPlanProperties);
export type ActionPlan = Static<typeof ActionPlan>;

/** A gap as a row under its plan in the list: what the row shows, without history or remarks. */
export const GapListItem = Type.Object({
  id: Uuid,
  actionPlanId: Uuid,
  KPI: Type.String(),
  gapName: Type.String(),
  riskSeverity: oneOf(RISK_SEVERITIES),
  status: oneOf(GAP_STORED_STATUSES),
  displayStatus: oneOf(STATUS_KEYS),
  createdAt: IsoDate,
  dueDate: Nullable(IsoDate),
  /** The lender's item number ('2.3a'), where the gap has one. */
  esapItemNumber: Nullable(Type.String()),
  dueMilestone: Nullable(
    Type.String({
      description: 'due relative to this milestone; waiting for it while dueDate is null',
    }),
  ),
});
export type GapListItem = Static<typeof GapListItem>;

export const ActionPlanStatistics = Type.Object({
  totalGaps: Type.Integer(),
  openGaps: Type.Integer(),
  closedGaps: Type.Integer(),
  overdueGaps: Type.Integer(),
  completionPercentage: Type.Integer(),
});
export type ActionPlanStatistics = Static<typeof ActionPlanStatistics>;

/** An action plan as the list sends it: its statistics and its newest gaps (PLAN_LIST_GAP_PREVIEW). */
export const ActionPlanWithGaps = Type.Object({
  ...actionPlanProperties,
  statistics: ActionPlanStatistics,
  gaps: Type.Array(GapListItem, {
    description: `the plan's newest gaps, at most ${PLAN_LIST_GAP_PREVIEW}; statistics.totalGaps counts all, GET /action-plan/{id}/gaps gives them`,
  }),
});
export type ActionPlanWithGaps = Static<typeof ActionPlanWithGaps>;

/** One page of an audit's action plans. */
export const ActionPlanPage = Type.Object({
  actionPlans: Type.Array(ActionPlanWithGaps, { description: 'newest first' }),
  ...PageInfo,
});
export type ActionPlanPage = Static<typeof ActionPlanPage>;

/** One page of a plan's gaps as list rows. */
export const PlanGapPage = Type.Object({
  gaps: Type.Array(GapListItem, { description: 'newest first' }),
  ...PageInfo,
});
export type PlanGapPage = Static<typeof PlanGapPage>;

/** Remarks of a gap just before a given one (or the newest), oldest first. */
export const RemarkPage = Type.Object({
  remarks: Type.Array(Remark, { description: 'oldest first' }),
  earlier: Type.Integer({ minimum: 0, description: 'remarks still before the first one given' }),
  total: Type.Integer({ minimum: 0, description: 'all the remarks of the gap' }),
});
export type RemarkPage = Static<typeof RemarkPage>;

/** Changes of a gap made before a given one (or the newest), newest first. */
export const ChangePage = Type.Object({
  changes: Type.Array(ChangeEntry, { description: 'newest first' }),
  earlier: Type.Integer({ minimum: 0, description: 'changes still before the last one given' }),
  total: Type.Integer({ minimum: 0, description: 'all the changes of the gap' }),
});
export type ChangePage = Static<typeof ChangePage>;

export const ActionPlanDetail = Type.Object({
  actionPlan: ActionPlan,
  statistics: ActionPlanStatistics,
  gaps: Type.Array(Gap),
  /** The plan's own changes (heading, category, timeline), newest first. */
  changeHistory: Type.Array(ChangeEntry),
  /** The plan's ESAP revision: 0 as first created (docs/decisions/0083-esap-revisions.md). */
  currentRevision: Type.Optional(Type.Integer()),
  /**
   * The plan's ESAP was imported from a workbook that can be written back in its layout
   * (docs/decisions/0093-esap-back-in-the-lenders-layout.md).
   */
  sourceWorkbook: Type.Optional(Type.Boolean()),
});
export type ActionPlanDetail = Static<typeof ActionPlanDetail>;

/** POST /action-plan/{actionPlanId}/gaps/bulk: one change for the gaps named, each with the version the user saw. */
export const BulkGapChange = Type.Object({
  gaps: Type.Array(
    Type.Object({
      id: Uuid,
      version: Type.Integer({
        minimum: 1,
        description: 'the version the user saw; 409 when stale',
      }),
    }),
    { description: `the gaps of the plan to change, at most ${BULK_GAPS_MAX}` },
  ),
  status: Type.Optional(literals(GAP_STATUSES)),
  dueDate: Type.Optional(Type.String({ description: 'ISO date; ap, capa and mp' })),
  reason: ChangeReason,
  responsibility: Type.Optional(Type.String()),
});
export type BulkGapChange = Static<typeof BulkGapChange>;

/** The gaps a bulk change wrote, with their new versions. */
export const BulkGapResult = Type.Object({
  gaps: Type.Array(Type.Object({ id: Uuid, version: Type.Integer() })),
});
export type BulkGapResult = Static<typeof BulkGapResult>;

/** One open gap a company user is responsible for, with where it sits (GET /target-company/my-actions). */
export const MyAction = Type.Object({
  gapId: Uuid,
  actionPlanId: Uuid,
  auditId: Uuid,
  auditorId: Uuid,
  actionPlanHeading: Type.String(),
  esapItemNumber: Nullable(Type.String()),
  KPI: Type.String(),
  gapName: Type.String(),
  responsibility: Type.String(),
  dueDate: Nullable(IsoDate),
  displayStatus: oneOf(STATUS_KEYS),
  overdue: Type.Boolean(),
});
export type MyAction = Static<typeof MyAction>;

export const MyActions = Type.Object({
  actions: Type.Array(MyAction, {
    description: `overdue first, then by due date; at most ${MY_ACTIONS_MAX}`,
  }),
  total: Type.Integer({ minimum: 0, description: 'all the open gaps naming the user' }),
});
export type MyActions = Static<typeof MyActions>;

/* ---------- The routes ---------- */

const CompanyQuery = Type.Object({ targetCompanyId: Uuid });
const AuditQuery = Type.Object({ auditId: Uuid });
const GapAnswer = successWith(Type.Object({ gap: Gap }));
/** A remark as it now stands, and its gap's version and history after the write. */
const RemarkAnswer = successWith(Type.Object({ remark: Remark, gap: GapRevision }));
/** A refused stale write (409) and a later date without its reason (422). */
const changeErrors = errorAnswers(409, 422);
/** A file: a stream the server sends, a Blob the browser reads. */
export const actionPlanSchemas = routeSchemas({
  create: {
    querystring: Type.Object({ targetCompanyId: Uuid, auditId: Uuid }),
    body: ActionPlanCreatePayload,
    response: { 201: successWith(Type.Object({ actionPlan: ActionPlan })), ...signedInErrors },
  },
  list: {
    params: Type.Object({ auditId: Uuid }),
    querystring: ActionPlanFilters,
    response: {
      200: successWith(ActionPlanPage),
      ...signedInErrors,
    },
  },
  planGaps: {
    params: Type.Object({ actionPlanId: Uuid }),
    querystring: PlanGapsQuery,
    response: { 200: successWith(PlanGapPage), ...signedInErrors },
  },
  remarks: {
    params: Type.Object({ gapId: Uuid }),
    querystring: GapRemarksQuery,
    response: { 200: successWith(RemarkPage), ...signedInErrors },
  },
  changes: {
    params: Type.Object({ gapId: Uuid }),
    querystring: GapChangesQuery,
    response: { 200: successWith(ChangePage), ...signedInErrors },
  },
  detail: {
    params: Type.Object({ id: Uuid }),
    querystring: CompanyQuery,
    response: { 200: successWith(ActionPlanDetail), ...signedInErrors },
  },
  editActionPlan: {
    params: Type.Object({ id: Uuid }),
    querystring: AuditQuery,
    body: ActionPlanChanges,
    response: {
      200: successWith(
        Type.Object({ actionPlan: ActionPlan, changeHistory: Type.Array(ChangeEntry) }),
      ),
      ...signedInErrors,
      ...changeErrors,
    },
  },
  exportCsv: {
    querystring: Type.Object({
      targetCompanyId: Type.Optional(Type.String()),
      /** Only this audit's plans; the whole company's without it. */
      auditId: Type.Optional(Uuid),
    }),
    response: {
      200: FileAnswer('text/csv in UTF-8 with its byte-order mark, then a header line'),
      ...signedInErrors,
      // The user's downloads under way are at their cap (TOO_MANY_EXPORTS, with Retry-After).
      ...errorAnswers(429),
    },
  },
  addGap: {
    params: Type.Object({ actionPlanId: Uuid }),
    querystring: AuditQuery,
    body: GapInput,
    response: { 201: GapAnswer, ...signedInErrors },
  },
  editGap: {
    params: Type.Object({ gapId: Uuid }),
    querystring: AuditQuery,
    body: GapChanges,
    response: { 200: GapAnswer, ...signedInErrors, ...changeErrors },
  },
  changeGapStatus: {
    params: Type.Object({ id: Uuid }),
    querystring: CompanyQuery,
    body: StatusChange,
    response: { 200: GapAnswer, ...signedInErrors, ...errorAnswers(409) },
  },
  bulkChangeGaps: {
    params: Type.Object({ actionPlanId: Uuid }),
    querystring: CompanyQuery,
    body: BulkGapChange,
    response: { 200: successWith(BulkGapResult), ...signedInErrors, ...changeErrors },
  },
  myActions: {
    response: { 200: successWith(MyActions), ...signedInErrors },
  },
  requestClosure: {
    params: Type.Object({ id: Uuid }),
    querystring: CompanyQuery,
    body: Type.Object({ note: Type.Optional(Type.String()) }),
    response: { 200: GapAnswer, ...signedInErrors, ...errorAnswers(409, 422) },
  },
  reviewClosure: {
    params: Type.Object({ id: Uuid }),
    querystring: CompanyQuery,
    // Checked after tenancy, with the loop's own messages (../domain/closure).
    body: Type.Object({
      decision: Type.Optional(Type.String({ description: 'accept or return' })),
      method: Type.Optional(Type.String({ description: 'desk or site: needed to accept' })),
      reason: Type.Optional(
        Type.String({ description: 'why it goes back: needed to return, 10 characters or more' }),
      ),
      comment: Type.Optional(
        Type.String({ description: 'the reviewer’s comment on an acceptance (optional)' }),
      ),
      visitDate: Type.Optional(
        Type.String({ description: 'YYYY-MM-DD, not in the future: needed for site' }),
      ),
      visitedBy: Type.Optional(Type.String({ description: 'who visited: needed for site' })),
      checkedFlags: Type.Optional(
        Type.Array(Type.String(), {
          description:
            'the evidence warnings the reviewer checked (takenBeforeGap, sameFileOnAnotherGap): each one the evidence carries must be here',
        }),
      ),
    }),
    response: { 200: GapAnswer, ...signedInErrors, ...errorAnswers(409, 422) },
  },
  requestExtension: {
    params: Type.Object({ id: Uuid }),
    querystring: CompanyQuery,
    // Checked after tenancy, with the extension rules' own messages (../domain/extensions).
    body: Type.Object({
      dueDate: Type.Optional(
        Type.String({ description: 'the new due date (ISO 8601): after now and the present one' }),
      ),
      reason: Type.Optional(Type.String({ description: 'why, up to 2,000 characters' })),
    }),
    response: { 200: GapAnswer, ...signedInErrors, ...errorAnswers(409) },
  },
  answerExtension: {
    params: Type.Object({ id: Uuid }),
    querystring: CompanyQuery,
    body: Type.Object({
      decision: Type.Optional(Type.String({ description: 'approve or decline' })),
      comment: Type.Optional(Type.String({ description: 'optional, up to 2,000 characters' })),
    }),
    response: { 200: GapAnswer, ...signedInErrors, ...errorAnswers(409) },
  },
  // multipart/form-data, read by the route itself: `comments` and `documents` (files).
  addRemark: {
    params: Type.Object({ id: Uuid }),
    querystring: CompanyQuery,
    response: { 200: RemarkAnswer, ...signedInErrors, ...errorAnswers(413, 429, 507) },
  },
  withdrawRemark: {
    params: Type.Object({ gapId: Uuid, remarkId: Uuid }),
    querystring: CompanyQuery,
    response: { 200: RemarkAnswer, ...signedInErrors, ...errorAnswers(409) },
  },
  remarkDocument: {
    params: Type.Object({ documentId: Uuid }),
    response: { 200: FileAnswer('the image'), ...signedInErrors },
  },
  withdrawRemarkDocument: {
    params: Type.Object({ documentId: Uuid }),
    response: { 200: RemarkAnswer, ...signedInErrors, ...errorAnswers(409) },
  },
});
