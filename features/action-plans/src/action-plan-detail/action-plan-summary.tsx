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
import { useLanguage } from '@verity/session';
import { t } from '../texts';

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
  useLanguage();
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
          <dt>{t('plans.summary.category')}</dt>
          <dd>{ACTION_PLAN_CATEGORY_LABELS[actionPlan.category] ?? actionPlan.category}</dd>
        </div>
        <div>
          <dt>{t('plans.summary.created')}</dt>
          <dd>{formatDate(actionPlan.createdAt, 'detail')}</dd>
        </div>
        <div>
          <dt>{t('plans.summary.finalTimeline')}</dt>
          <dd>{formatDate(actionPlan.timeline, 'detail')}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The five statistic cards of a plan. */
export function ActionPlanStatCards({ statistics }: { statistics: ActionPlanStatistics }) {
  useLanguage();
  return (
    <div className="vui-plan-stats">
      <StatCard label={t('plans.stats.totalGaps')} value={statistics.totalGaps} accent="primary" />
      <StatCard label={t('plans.stats.open')} value={statistics.openGaps} accent="blue" />
      <StatCard label={t('plans.stats.closed')} value={statistics.closedGaps} accent="green" />
      <StatCard label={t('plans.stats.overdue')} value={statistics.overdueGaps} accent="red" />
      <StatCard
        label={t('plans.stats.completion')}
        value={t('plans.common.percent', { value: statistics.completionPercentage })}
        accent="yellow"
      />
    </div>
  );
}
