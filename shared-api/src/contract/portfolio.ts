// The contract of the portfolio and its gap explorer (docs/api.md "Shapes"; how each figure is
// counted, and which explorer filters give it: docs/decisions/0052-portfolio-api.md).
import { Type, type Static } from '@sinclair/typebox';
import { AUDIT_TYPES } from '../domain/audit';
import { CONDITION_TYPES, REQUIREMENT_REFERENCES } from '../domain/esap';
import {
  CLOSURE_TIMINGS,
  OVERDUE_AGES,
  PORTFOLIO_REQUIREMENT_ORDER,
  PORTFOLIO_SORTS,
  PORTFOLIO_STATUSES,
} from '../domain/portfolio';
import { RISK_SEVERITIES } from '../domain/risk';
import { SDG_CODES } from '../domain/sdg';
import { STATUS_KEYS } from '../domain/status';
import {
  FileAnswer,
  IsoDate,
  errorAnswers,
  Nullable,
  PageInfo,
  PageQuery,
  Uuid,
  oneOf,
  routeSchemas,
  signedInErrors,
  successWith,
} from './common';

const Count = Type.Integer({ minimum: 0 });

/** One gap as the portfolio lists it: where it sits, how it stands, and what it is tied to. */
export const PortfolioGap = Type.Object({
  id: Uuid,
  gapName: Type.String(),
  KPI: Type.String(),
  riskSeverity: oneOf(RISK_SEVERITIES),
  displayStatus: oneOf(STATUS_KEYS),
  dueDate: Nullable(IsoDate),
  dueMilestone: Nullable(
    Type.String({
      description: 'due relative to this milestone; waiting for it while dueDate is null',
    }),
  ),
  daysOverdue: Nullable(Type.Integer({ minimum: 1, description: 'whole days, counted up' })),
  createdAt: IsoDate,
  esapItemNumber: Nullable(Type.String()),
  esapSection: Nullable(Type.String({ description: "the ESAP's section the item sits under" })),
  requirementReferences: Type.Array(oneOf(REQUIREMENT_REFERENCES)),
  impactedSDGs: Type.Array(oneOf(SDG_CODES)),
  conditionType: Nullable(oneOf(CONDITION_TYPES)),
  actionPlanId: Uuid,
  actionPlanHeading: Type.String(),
  auditId: Uuid,
  auditType: oneOf(AUDIT_TYPES),
  auditorId: Uuid,
  auditorName: Type.String(),
  targetCompanyId: Uuid,
  targetCompanyName: Type.String(),
});
export type PortfolioGap = Static<typeof PortfolioGap>;

export const MatrixCell = Type.Object({
  targetCompanyId: Uuid,
  requirement: oneOf(PORTFOLIO_REQUIREMENT_ORDER),
  open: Type.Integer({ minimum: 1, description: 'not closed, overdue ones included' }),
  overdue: Count,
  worstRisk: oneOf(RISK_SEVERITIES, { description: 'the highest risk of the open ones' }),
});
export type MatrixCell = Static<typeof MatrixCell>;

export const ClosureCount = Type.Object({
  quarter: Type.String({ description: "'YYYY-Qn' of the due dates" }),
  due: Type.Integer({ minimum: 0, description: 'gaps due in the quarter, before now' }),
  onTime: Type.Integer({ minimum: 0, description: 'of those, closed by their due date' }),
});
export type ClosureCount = Static<typeof ClosureCount>;

export const Portfolio = Type.Object({
  companies: Type.Array(
    Type.Object({
      targetCompanyId: Uuid,
      targetCompanyName: Type.String(),
      open: Count,
      overdue: Count,
    }),
    { description: 'every company in the portfolio, by name; open counts every gap not closed' },
  ),
  requirements: Type.Array(oneOf(PORTFOLIO_REQUIREMENT_ORDER), {
    description: 'the matrix columns that have open gaps, references first, then categories',
  }),
  matrix: Type.Array(MatrixCell, { description: 'only the cells with open gaps' }),
  sdgs: Type.Array(Type.Object({ sdg: oneOf(SDG_CODES), open: Count }), {
    description: 'SDG1 to SDG17, open gaps that impact each',
  }),
  overdueAgeing: Type.Array(Type.Object({ age: oneOf(OVERDUE_AGES), gaps: Count })),
  closureOnTime: Type.Object({
    quarters: Type.Array(ClosureCount, { description: 'oldest first, up to the current quarter' }),
    companies: Type.Array(
      Type.Object({
        targetCompanyId: Uuid,
        quarters: Type.Array(ClosureCount),
      }),
      { description: 'the companies with gaps due in those quarters' },
    ),
  }),
  mostOverdueHighRisk: Type.Array(PortfolioGap),
  conditionsPrecedent: Type.Object({
    open: Count,
    gaps: Type.Array(PortfolioGap, { description: 'the earliest due first' }),
  }),
});
export type Portfolio = Static<typeof Portfolio>;

const many = <T extends readonly string[]>(values: T, description: string) =>
  Type.Optional(Type.Array(oneOf(values), { maxItems: values.length, description }));

/** The gap explorer's filters; each figure of the portfolio is one combination of them. */
export const PortfolioFilters = Type.Object({
  targetCompanyId: Type.Optional(Uuid),
  auditorId: Type.Optional(Uuid),
  auditType: many(AUDIT_TYPES, 'any of these audit types'),
  status: many(PORTFOLIO_STATUSES, "any of these statuses as shown ('open' is not overdue)"),
  risk: many(RISK_SEVERITIES, 'any of these risks'),
  requirement: Type.Optional(
    oneOf(PORTFOLIO_REQUIREMENT_ORDER, {
      description: "a reference the gap carries, or a category: the plan's, for gaps with none",
    }),
  ),
  sdg: Type.Optional(oneOf(SDG_CODES)),
  overdueAge: Type.Optional(oneOf(OVERDUE_AGES)),
  conditionType: Type.Optional(oneOf(CONDITION_TYPES)),
  closure: many(CLOSURE_TIMINGS, 'gaps due before now: closed by the due date, or not'),
  dueFrom: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD (UTC)' })),
  dueTo: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD (UTC), included' })),
});
export type PortfolioFilters = Static<typeof PortfolioFilters>;

export const PortfolioGapQuery = Type.Object({
  ...PortfolioFilters.properties,
  sort: Type.Optional(oneOf(PORTFOLIO_SORTS)),
  order: Type.Optional(oneOf(['asc', 'desc'] as const)),
  ...PageQuery,
});
export type PortfolioGapQuery = Static<typeof PortfolioGapQuery>;

export const PortfolioGapPage = Type.Object({
  gaps: Type.Array(PortfolioGap),
  ...PageInfo,
});
export type PortfolioGapPage = Static<typeof PortfolioGapPage>;

export const portfolioSchemas = routeSchemas({
  portfolio: { response: { 200: successWith(Portfolio), ...signedInErrors } },
  gaps: {
    querystring: PortfolioGapQuery,
    response: { 200: successWith(PortfolioGapPage), ...signedInErrors },
  },
  exportCsv: {
    querystring: PortfolioGapQuery,
    response: {
      200: FileAnswer('text/csv in UTF-8 with its byte-order mark, then a header line'),
      ...signedInErrors,
      // The user's downloads under way are at their cap (TOO_MANY_EXPORTS, with Retry-After).
      ...errorAnswers(429),
    },
  },
});
