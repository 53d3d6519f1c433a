// The contract of the company's grievance log (docs/decisions/0104-grievances.md, docs/api.md
// "Grievances"). Bodies are loose here and checked by the shared rules (../domain/grievances), so
// bad input is answered in the grievance's own words.
import { Type, type Static } from '@sinclair/typebox';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_CHANNELS,
  GRIEVANCE_COMPLAINANTS,
  GRIEVANCE_RESPONSES,
} from '../domain/grievances';
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

const Day = Type.String({ description: 'YYYY-MM-DD' });
const Count = Type.Integer({ minimum: 0 });

export const GrievanceSummary = Type.Object({
  id: Uuid,
  targetCompanyId: Uuid,
  targetCompanyName: Type.String(),
  channel: oneOf(GRIEVANCE_CHANNELS),
  receivedOn: Day,
  complainantType: oneOf(GRIEVANCE_COMPLAINANTS),
  category: oneOf(GRIEVANCE_CATEGORIES),
  anonymous: Type.Boolean({ description: 'the complainant asked to stay anonymous' }),
  complainantName: Nullable(Type.String()),
  complainantContact: Nullable(Type.String()),
  identityWithheld: Type.Boolean({
    description:
      'a named complainant whose name and contact the reader may not see (fields null): only the company users its owner names see them',
  }),
  acknowledgeDueOn: Day,
  resolveDueOn: Day,
  acknowledgedOn: Nullable(Day),
  investigatedOn: Nullable(Day),
  resolvedOn: Nullable(Day),
  closedOn: Nullable(Day),
  complainantResponse: Nullable(oneOf(GRIEVANCE_RESPONSES)),
  daysToAcknowledge: Nullable(Type.Integer({ description: 'from received to acknowledged' })),
  daysToResolve: Nullable(Type.Integer({ description: 'from received to resolved' })),
  acknowledgeDaysLeft: Type.Integer({
    description:
      "the acknowledgement's due day less the day acknowledged, or the company's today while not; below zero once late",
  }),
  resolveDaysLeft: Type.Integer({
    description:
      "the resolution's due day less the day resolved, or the company's today while not; below zero once late",
  }),
  late: Type.Boolean({
    description: 'acknowledged or resolved after its due day, or not yet and past it',
  }),
});
export type GrievanceSummary = Static<typeof GrievanceSummary>;

export const Grievance = Type.Object({
  ...GrievanceSummary.properties,
  description: Type.String(),
  investigation: Nullable(Type.String()),
  resolution: Nullable(Type.String()),
  recordedByName: Type.String(),
  recordedAt: IsoDate,
  revision: Type.Integer({ minimum: 1, description: 'send it back with a step: stale is 409' }),
});
export type Grievance = Static<typeof Grievance>;

export const GrievanceMonth = Type.Object({
  month: Type.String({ description: 'YYYY-MM of the day received' }),
  received: Count,
  late: Count,
  byCategory: Type.Record(Type.String(), Count),
});

export const GrievanceCounts = Type.Object({
  total: Count,
  open: Count,
  late: Count,
  byCategory: Type.Record(Type.String(), Count),
  byMonth: Type.Array(GrievanceMonth, {
    description:
      'oldest month first, months with grievances only (the annual monitoring report’s figures)',
  }),
});

export const GrievanceRegister = Type.Object({
  grievances: Type.Array(GrievanceSummary, { description: 'newest received first, as filtered' }),
  counts: GrievanceCounts,
});
export type GrievanceRegister = Static<typeof GrievanceRegister>;

export const GrievanceSettings = Type.Object({
  acknowledgeWithinDays: Type.Integer({ minimum: 1, description: 'days after the day received' }),
  resolveWithinDays: Type.Integer({ minimum: 1, description: 'days after the day received' }),
  isDefault: Type.Boolean({ description: 'not set yet: 7 and 30 days' }),
  identityViewerIds: Type.Array(Uuid, {
    description: "the company users who see complainants' names and contacts",
  }),
});
export type GrievanceSettings = Static<typeof GrievanceSettings>;

const GrievanceId = Type.Object({ id: Uuid });
const CompanyId = Type.Object({ id: Uuid });
const GrievanceAnswer = successWith(Type.Object({ grievance: Grievance }));
const SettingsAnswer = successWith(Type.Object({ settings: GrievanceSettings }));

const RegisterQuery = Type.Object({
  open: Type.Optional(Type.Boolean({ description: 'true: only grievances not closed' })),
  late: Type.Optional(Type.Boolean({ description: 'true: only late ones' })),
  category: Type.Optional(oneOf(GRIEVANCE_CATEGORIES)),
});

const CsvAnswer = FileAnswer('text/csv in UTF-8 with its byte-order mark, then a header line');

export const grievanceSchemas = routeSchemas({
  recordGrievance: {
    params: CompanyId,
    body: Type.Object({
      channel: Type.Optional(Type.Unknown()),
      receivedOn: Type.Optional(Type.Unknown()),
      complainantType: Type.Optional(Type.Unknown()),
      category: Type.Optional(Type.Unknown()),
      description: Type.Optional(Type.Unknown()),
      anonymous: Type.Optional(Type.Unknown()),
      complainantName: Type.Optional(Type.Unknown()),
      complainantContact: Type.Optional(Type.Unknown()),
    }),
    response: { 201: GrievanceAnswer, ...signedInErrors },
  },
  companyGrievances: {
    params: CompanyId,
    querystring: RegisterQuery,
    response: { 200: successWith(GrievanceRegister), ...signedInErrors },
  },
  grievancePortfolio: {
    querystring: RegisterQuery,
    response: { 200: successWith(GrievanceRegister), ...signedInErrors },
  },
  exportGrievances: { params: CompanyId, response: { 200: CsvAnswer, ...signedInErrors } },
  exportGrievancePortfolio: { response: { 200: CsvAnswer, ...signedInErrors } },
  grievance: { params: GrievanceId, response: { 200: GrievanceAnswer, ...signedInErrors } },
  grievanceStep: {
    params: GrievanceId,
    body: Type.Object({
      step: Type.Optional(Type.Unknown()),
      on: Type.Optional(Type.Unknown()),
      text: Type.Optional(Type.Unknown()),
      response: Type.Optional(Type.Unknown()),
      revision: Type.Optional(Type.Integer()),
    }),
    response: { 200: GrievanceAnswer, ...signedInErrors, ...errorAnswers(409) },
  },
  grievanceSettings: {
    params: CompanyId,
    response: { 200: SettingsAnswer, ...signedInErrors },
  },
  updateGrievanceTargets: {
    params: CompanyId,
    body: Type.Object({
      acknowledgeWithinDays: Type.Optional(Type.Unknown()),
      resolveWithinDays: Type.Optional(Type.Unknown()),
    }),
    response: { 200: SettingsAnswer, ...signedInErrors },
  },
  updateGrievanceIdentityViewers: {
    params: CompanyId,
    body: Type.Object({ userIds: Type.Optional(Type.Unknown()) }),
    response: { 200: SettingsAnswer, ...signedInErrors },
  },
});
