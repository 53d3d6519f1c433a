// The contract of serious incidents (docs/decisions/0099-serious-incidents.md, docs/api.md
// "Serious incidents"). Bodies are loose here and checked by the shared rules (../domain/incidents),
// so bad input is answered in the incident's own words.
import { Type, type Static } from '@sinclair/typebox';
import { INCIDENT_CATEGORIES, INCIDENT_SEVERITIES } from '../domain/incidents';
import { GapInput } from './action-plans';
import {
  FileAnswer,
  IsoDate,
  Nullable,
  Uuid,
  errorAnswers,
  oneOf,
  routeSchemas,
  signedInErrors,
  successWith,
} from './common';

const Day = Type.String({ description: 'YYYY-MM-DD, a day of the client (its time zone)' });
const Count = Type.Integer({ minimum: 0 });

/** The clocks of one incident as they stand at the answer's moment. */
export const IncidentClockState = Type.Object({
  notifyDueOn: Day,
  notifiedInTime: Type.Boolean({
    description: 'the lender (through the client) told on or before notifyDueOn',
  }),
  rootCauseDueOn: Day,
  rootCauseLate: Type.Boolean({ description: 'not submitted, open, and past rootCauseDueOn' }),
  rootCauseDaysLeft: Type.Integer({ description: 'days to rootCauseDueOn; negative once past it' }),
});

export const IncidentSummary = Type.Object({
  id: Uuid,
  targetCompanyId: Uuid,
  targetCompanyName: Type.String(),
  category: oneOf(INCIDENT_CATEGORIES),
  severity: oneOf(INCIDENT_SEVERITIES),
  occurredAt: IsoDate,
  location: Type.String(),
  peopleAffected: Count,
  reportedAt: IsoDate,
  rootCauseSubmittedAt: Nullable(IsoDate),
  closedAt: Nullable(IsoDate),
  clocks: IncidentClockState,
});
export type IncidentSummary = Static<typeof IncidentSummary>;

export const IncidentQuestion = Type.Object({
  id: Uuid,
  question: Type.String(),
  askedByName: Type.String(),
  askedAt: IsoDate,
  answer: Nullable(Type.String()),
  answeredByName: Nullable(Type.String()),
  answeredAt: Nullable(IsoDate),
});

export const IncidentCorrectiveAction = Type.Object({
  gapId: Uuid,
  actionPlanId: Uuid,
  auditId: Uuid,
  auditorId: Type.String({ description: "the audit's firm, for the gap's page in each area" }),
  gapName: Type.String(),
  status: Type.String(),
  dueDate: Nullable(IsoDate),
});

export const IncidentPhoto = Type.Object({
  id: Uuid,
  fileName: Type.String(),
  contentType: Type.String(),
  size: Count,
  sha256: Nullable(Type.String()),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  uploadedAt: IsoDate,
});

export const Incident = Type.Object({
  ...IncidentSummary.properties,
  description: Type.String(),
  immediateActions: Type.String(),
  reportedByName: Type.String(),
  lenderNotifiedAt: IsoDate,
  rootCause: Nullable(Type.String()),
  revision: Type.Integer({ minimum: 1, description: 'send it back with a change: stale is 409' }),
  questions: Type.Array(IncidentQuestion, { description: 'oldest first' }),
  correctiveActions: Type.Array(IncidentCorrectiveAction, { description: 'oldest first' }),
  photos: Type.Array(IncidentPhoto, { description: 'oldest first' }),
});
export type Incident = Static<typeof Incident>;

export const IncidentCounts = Type.Object({
  total: Count,
  open: Count,
  late: Count,
  byCategory: Type.Record(Type.String(), Count),
  bySeverity: Type.Record(Type.String(), Count),
});

export const IncidentRegister = Type.Object({
  incidents: Type.Array(IncidentSummary, { description: 'newest event first, as filtered' }),
  counts: IncidentCounts,
});
export type IncidentRegister = Static<typeof IncidentRegister>;

export const IncidentClockSettings = Type.Object({
  notifyWithinDays: Type.Integer({
    minimum: 1,
    description: 'days after the event to tell the lender',
  }),
  rootCauseWithinDays: Type.Integer({
    minimum: 1,
    description: 'days after the event for the root-cause analysis',
  }),
  isDefault: Type.Boolean({ description: 'not set yet: 3 and 30 days' }),
});

const IncidentId = Type.Object({ id: Uuid });
const CompanyId = Type.Object({ id: Uuid });
const IncidentAnswer = successWith(Type.Object({ incident: Incident }));
const Revision = Type.Optional(Type.Integer());
/** A text checked by the shared rules, so a number is refused rather than read as words. */
const Text = Type.Unknown({ description: 'text' });

const IncidentBody = {
  category: Type.Optional(Type.String({ maxLength: 100 })),
  severity: Type.Optional(Type.String({ maxLength: 100 })),
  occurredAt: Type.Optional(Type.String({ maxLength: 100 })),
  location: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  peopleAffected: Type.Optional(Type.Number()),
  immediateActions: Type.Optional(Type.String()),
};

const RegisterQuery = Type.Object({
  open: Type.Optional(Type.Boolean({ description: 'true: only incidents not closed' })),
  late: Type.Optional(Type.Boolean({ description: 'true: only a late root-cause analysis' })),
  category: Type.Optional(oneOf(INCIDENT_CATEGORIES)),
  severity: Type.Optional(oneOf(INCIDENT_SEVERITIES)),
});

export const incidentSchemas = routeSchemas({
  reportIncident: {
    params: CompanyId,
    body: Type.Object(IncidentBody),
    response: { 201: IncidentAnswer, ...signedInErrors },
  },
  companyIncidents: {
    params: CompanyId,
    querystring: RegisterQuery,
    response: { 200: successWith(IncidentRegister), ...signedInErrors },
  },
  incident: { params: IncidentId, response: { 200: IncidentAnswer, ...signedInErrors } },
  editIncident: {
    params: IncidentId,
    body: Type.Object({ ...IncidentBody, revision: Revision }),
    response: { 200: IncidentAnswer, ...signedInErrors, ...errorAnswers(409) },
  },
  submitRootCause: {
    params: IncidentId,
    body: Type.Object({ rootCause: Type.Optional(Text), revision: Revision }),
    response: { 200: IncidentAnswer, ...signedInErrors, ...errorAnswers(409) },
  },
  closeIncident: {
    params: IncidentId,
    body: Type.Object({ revision: Revision }),
    response: { 200: IncidentAnswer, ...signedInErrors, ...errorAnswers(409) },
  },
  askQuestion: {
    params: IncidentId,
    body: Type.Object({ question: Type.Optional(Text) }),
    response: { 201: IncidentAnswer, ...signedInErrors, ...errorAnswers(409) },
  },
  answerQuestion: {
    params: Type.Object({ id: Uuid }),
    body: Type.Object({ answer: Type.Optional(Text) }),
    response: { 200: IncidentAnswer, ...signedInErrors, ...errorAnswers(409) },
  },
  addCorrectiveAction: {
    params: IncidentId,
    body: Type.Object({ actionPlanId: Uuid, gap: GapInput }),
    response: { 201: IncidentAnswer, ...signedInErrors, ...errorAnswers(409) },
  },
  addPhotos: {
    params: IncidentId,
    response: { 201: IncidentAnswer, ...signedInErrors, ...errorAnswers(409, 413, 429, 507) },
  },
  incidentPhoto: {
    params: IncidentId,
    response: { 200: FileAnswer('the image'), ...signedInErrors },
  },
  gapIncidents: {
    params: Type.Object({ gapId: Uuid }),
    response: {
      200: successWith(Type.Object({ incidents: Type.Array(IncidentSummary) })),
      ...signedInErrors,
    },
  },
  incidentPortfolio: {
    querystring: RegisterQuery,
    response: { 200: successWith(IncidentRegister), ...signedInErrors },
  },
  exportIncidents: {
    params: CompanyId,
    response: {
      200: FileAnswer('text/csv in UTF-8 with its byte-order mark, then a header line'),
      ...signedInErrors,
    },
  },
  exportIncidentPortfolio: {
    response: {
      200: FileAnswer('text/csv in UTF-8 with its byte-order mark, then a header line'),
      ...signedInErrors,
    },
  },
  incidentClocks: {
    response: {
      200: successWith(Type.Object({ clocks: IncidentClockSettings })),
      ...signedInErrors,
    },
  },
  updateIncidentClocks: {
    body: Type.Object({
      notifyWithinDays: Type.Optional(Type.Number()),
      rootCauseWithinDays: Type.Optional(Type.Number()),
    }),
    response: {
      200: successWith(Type.Object({ clocks: IncidentClockSettings })),
      ...signedInErrors,
    },
  },
});
