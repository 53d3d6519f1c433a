// TypeBox shapes of the action plan routes (docs/api.md "Shapes"). Bodies only type their fields:
// which are required is checked after tenancy by the shared rules, with the spec's messages.
import { Type } from '@sinclair/typebox';
import { GAP_STATUSES } from '@verity/shared-api/src/domain/status';
import { Uuid } from '../../schemas/uuid';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const IsoDate = Type.String({ format: 'date-time' });

const NameValueMap = Type.Record(
  Type.String(),
  Type.Object({ name: Type.String(), value: Type.String() }),
);

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
});

export const CreateActionPlan = Type.Object({
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

export const StatusChange = Type.Object({
  status: Type.Optional(Type.Union(GAP_STATUSES.map((status) => Type.Literal(status)))),
});

const NamedValueOut = Type.Object({ name: Type.String(), value: Type.String() });

const WithdrawalOut = Type.Union(
  [
    Type.Object({
      at: IsoDate,
      by: Type.Object({ fullname: Type.String(), userId: Type.String() }),
    }),
    Type.Null(),
  ],
  { description: 'who withdrew it and when; null while it stands' },
);

export const RemarkOut = Type.Object({
  _id: Uuid,
  id: Uuid,
  comments: Type.String({ description: "'' once withdrawn" }),
  createdAt: IsoDate,
  withdrawableUntil: Type.Union([IsoDate, Type.Null()], {
    description: 'until when its author may withdraw it; null once withdrawn',
  }),
  withdrawn: WithdrawalOut,
  user: Type.Object({
    userType: Type.String(),
    fullname: Type.String(),
    userId: Type.String(),
    role: Type.String(),
  }),
  docs: Type.Array(
    Type.Object({
      _id: Uuid,
      url: Type.String({ description: "'' once withdrawn" }),
      fileName: Type.String(),
      size: Type.Integer(),
      withdrawn: WithdrawalOut,
    }),
  ),
});

export const GapOut = Type.Object({
  id: Uuid,
  actionPlanId: Uuid,
  KPI: Type.String(),
  gapName: Type.String(),
  recommendation: Type.String(),
  responsibility: Type.String(),
  actionTakenByCompany: Type.String(),
  residualRisk: Type.String(),
  riskSeverity: Type.String(),
  status: Type.String({ description: 'open, closed or provClosed: what was set' }),
  displayStatus: Type.String({
    description: 'overdue when not closed past the due date, else status',
  }),
  createdAt: IsoDate,
  dueDate: Nullable(IsoDate),
  ESGAspect: Nullable(Type.String()),
  timeline: Nullable(IsoDate),
  areaCode: Nullable(Type.String()),
  amount: Type.Union([Type.Object({ currency: Type.String(), value: Type.Number() }), Type.Null()]),
  impactedSDGs: Type.Array(Type.String()),
  fields: Type.Record(Type.String(), NamedValueOut),
  addOns: Type.Record(Type.String(), NamedValueOut),
  statusHistory: Type.Array(Type.Object({ status: Type.String(), timestamp: IsoDate })),
  remark: Type.Array(RemarkOut),
});

const actionPlanProperties = {
  id: Uuid,
  auditId: Uuid,
  targetCompanyId: Uuid,
  actionPlanHeading: Type.String(),
  category: Type.String(),
  formType: Type.String(),
  timeline: Nullable(IsoDate),
  createdAt: IsoDate,
  overallStatus: Type.String({ description: 'pending, open, overdue, provClosed or closed' }),
};

export const ActionPlanOut = Type.Object(actionPlanProperties);
export const ActionPlanWithGaps = Type.Object({
  ...actionPlanProperties,
  gaps: Type.Array(GapOut),
});

export const StatisticsOut = Type.Object({
  totalGaps: Type.Integer(),
  openGaps: Type.Integer(),
  closedGaps: Type.Integer(),
  overdueGaps: Type.Integer(),
  completionPercentage: Type.Integer(),
});
