// The dashboard figures computed the plain way, in Node from every plan and gap: the reference the
// summary-based SQL is compared with.
import {
  ACTION_PLAN_CATEGORIES,
  ACTION_PLAN_CATEGORY_LABELS,
  RISK_SEVERITIES,
  RISK_SEVERITY_LABELS,
  gapIsOverdue,
} from '@verity/shared-api/src/server';
import type { Queryable } from '../../../src/db';
import { TIMELINE_NAMES, type ActionPlanFigures } from '../../../src/dashboards/figures';

interface Plan {
  id: string;
  company: string;
  auditor: string;
  category: string;
  timeline: Date | null;
}
interface Gap {
  plan: string;
  status: string;
  risk: string;
  due: Date | null;
}
export interface Portfolio {
  now: Date;
  plans: Plan[];
  gaps: Gap[];
  companies: { id: string; name: string; auditor: string }[];
}

export async function loadPortfolio(db: Queryable): Promise<Portfolio> {
  const now = (await db.query<{ now: Date }>('SELECT now() AS now')).rows[0]!.now;
  const plans = await db.query<Plan>(
    `SELECT ap.id, ap.target_company_id AS company, a.auditor_id AS auditor, ap.category, ap.timeline
     FROM action_plans ap JOIN audits a ON a.id = ap.audit_id`,
  );
  const gaps = await db.query<Gap>(
    'SELECT action_plan_id AS plan, status, risk_severity AS risk, due_date AS due FROM gaps',
  );
  const companies = await db.query<{ id: string; name: string; auditor: string }>(
    `SELECT tc.id, tc.target_company_name AS name, ca.auditor_id AS auditor
     FROM target_companies tc JOIN company_auditors ca ON ca.target_company_id = tc.id`,
  );
  return { now, plans: plans.rows, gaps: gaps.rows, companies: companies.rows };
}

const overdue = (gap: Gap, now: Date) => gapIsOverdue(gap.status, gap.due, now);

function planStatus(gaps: Gap[], now: Date) {
  if (gaps.length === 0) return 'pending';
  if (gaps.every((gap) => gap.status === 'closed')) return 'closed';
  if (gaps.some((gap) => overdue(gap, now))) return 'overdue';
  if (gaps.every((gap) => gap.status !== 'open')) return 'provClosed';
  return 'open';
}

const count = <T>(items: T[], test: (item: T) => boolean) => items.filter(test).length;

export function expectedFigures(
  portfolio: Portfolio,
  companies: string[],
  auditor?: string,
): ActionPlanFigures {
  const { now } = portfolio;
  const plans = portfolio.plans.filter(
    (plan) =>
      companies.includes(plan.company) && (auditor === undefined || plan.auditor === auditor),
  );
  const gapsOf = (plan: Plan) => portfolio.gaps.filter((gap) => gap.plan === plan.id);
  const rows = plans.map((plan) => ({ ...plan, status: planStatus(gapsOf(plan), now) }));
  const open = rows.filter((row) => row.status !== 'closed');
  const gaps = plans.flatMap(gapsOf);
  const closed = count(rows, (row) => row.status === 'closed');
  const provClosed = count(rows, (row) => row.status === 'provClosed');
  return {
    actionPlans: {
      statusOverview: {
        total: rows.length,
        closed,
        provClosed,
        open: rows.length - closed - provClosed,
      },
      categoryBreakdown: ACTION_PLAN_CATEGORIES.map((category) => ({
        name: ACTION_PLAN_CATEGORY_LABELS[category],
        value: count(rows, (row) => row.category === category),
      })).filter((entry) => entry.value > 0),
      timelineAnalysis: [
        { name: TIMELINE_NAMES[0], value: closed },
        {
          name: TIMELINE_NAMES[1],
          value: count(open, (row) => row.timeline !== null && row.timeline < now),
        },
        {
          name: TIMELINE_NAMES[2],
          value: count(open, (row) => row.timeline !== null && row.timeline >= now),
        },
        { name: TIMELINE_NAMES[3], value: count(open, (row) => row.timeline === null) },
      ],
    },
    gaps: {
      riskSeverityDistribution: RISK_SEVERITIES.map((risk) => ({
        name: RISK_SEVERITY_LABELS[risk],
        value: count(gaps, (gap) => gap.risk === risk),
      })),
    },
  };
}

export function expectedCompanyStats(portfolio: Portfolio, auditor: string) {
  const { now } = portfolio;
  const companies = portfolio.companies
    .filter((company) => company.auditor === auditor)
    .sort((a, b) => (a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1))
    .map((company) => {
      const plans = new Set(
        portfolio.plans
          .filter((plan) => plan.company === company.id && plan.auditor === auditor)
          .map((plan) => plan.id),
      );
      const gaps = portfolio.gaps.filter((gap) => plans.has(gap.plan));
      return {
        targetCompanyId: company.id,
        targetCompanyName: company.name,
        open: count(gaps, (gap) => gap.status === 'open' && !overdue(gap, now)),
        closed: count(gaps, (gap) => gap.status === 'closed'),
        provClosed: count(gaps, (gap) => gap.status === 'provClosed' && !overdue(gap, now)),
        overdue: count(gaps, (gap) => overdue(gap, now)),
        total: gaps.length,
      };
    });
  const completed = count(companies, (c) => c.total > 0 && c.closed === c.total);
  const overdueProjects = count(companies, (c) => c.overdue > 0);
  return {
    projectsOverview: {
      totalProjects: companies.length,
      completed,
      inProgress: companies.length - completed - overdueProjects,
      overdue: overdueProjects,
    },
    companies: companies.map(({ total: _total, ...company }) => company),
  };
}
