import { useId, type ReactNode } from 'react';
import {
  ACTION_PLAN_CATEGORY_LABELS,
  type ActionPlan,
  type ActionPlanStatistics,
} from '@verity/shared-api';
import {
  Breadcrumb,
  formatDate,
  PageContext,
  StatCard,
  StatusBadge,
  type PageTrail,
} from '@verity/shared-ui';

/** The plan's heading, overall status, category, created date and final timeline. */
export function ActionPlanHeader({
  actionPlan,
  actions,
  trail,
}: {
  actionPlan: ActionPlan;
  actions?: ReactNode;
  trail?: PageTrail;
}) {
  const headingId = useId();
  return (
    <section className="vui-plan-header" aria-labelledby={headingId}>
      {trail ? <Breadcrumb trail={trail} current={actionPlan.actionPlanHeading} /> : null}
      <div className="vui-plan-header__title">
        <h1 id={headingId}>{actionPlan.actionPlanHeading}</h1>
        <StatusBadge status={actionPlan.overallStatus} />
        {actions ? <div className="vui-plan-header__actions">{actions}</div> : null}
      </div>
      {trail ? <PageContext trail={trail} /> : null}
      <dl className="vui-plan-header__facts">
        <div>
          <dt>Category</dt>
          <dd>{ACTION_PLAN_CATEGORY_LABELS[actionPlan.category] ?? actionPlan.category}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDate(actionPlan.createdAt, 'detail')}</dd>
        </div>
        <div>
          <dt>Final Timeline</dt>
          <dd>{formatDate(actionPlan.timeline, 'detail')}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The five statistic cards of a plan. */
export function ActionPlanStatCards({ statistics }: { statistics: ActionPlanStatistics }) {
  return (
    <div className="vui-plan-stats">
      <StatCard label="Total Gaps" value={statistics.totalGaps} accent="primary" />
      <StatCard label="Open" value={statistics.openGaps} accent="blue" />
      <StatCard label="Closed" value={statistics.closedGaps} accent="green" />
      <StatCard label="Overdue" value={statistics.overdueGaps} accent="red" />
      <StatCard
        label="Completion %"
        value={`${statistics.completionPercentage}%`}
        accent="yellow"
      />
    </div>
  );
}
