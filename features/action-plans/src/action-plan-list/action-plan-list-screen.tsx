import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import {
  MESSAGES,
  dueWaitingText,
  ACTION_PLAN_CATEGORY_LABELS,
  LIST_MAX_PAGE_SIZE,
  type ActionPlanWithGaps,
  type GapListItem,
} from '@verity/shared-api';
import { getActionPlans, getErrorText, getPlanGaps } from '@verity/shared-api/calls';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useLanguage } from '@verity/session';
import { ExportPlansButton } from '../export';
import { t } from '../texts';
import { CreatedCell, DueCell } from './plan-dates';
import '@verity/shared-ui/src/styles/screen.css';
import './action-plan-list.css';
import {
  Button,
  DataTable,
  ListPages,
  RowLink,
  usePageInAddress,
  followRowLink,
  isNotFound,
  ItemNumber,
  NotFoundState,
  PageHeader,
  RiskBadge,
  StatusBadge,
  type DataTableColumn,
  type PageTrail,
} from '@verity/shared-ui';

export interface ActionPlanListScreenProps {
  auditId: string;
  targetCompanyId: string;
  /** The link to one plan in the mounting area, e.g. `(id) => \`action-plans/${id}\``. */
  planPath: (actionPlanId: string) => string;
  /** The page's h1 (default 'Action Plans'). */
  title?: string;
  /** Where the page sits: its breadcrumb and the subject of its document title. */
  trail?: PageTrail;
}

/** The path of a plan with one gap's details panel open. */
export function gapPath(planPath: string, gapId: string): string {
  return `${planPath}?gap_id=${encodeURIComponent(gapId)}`;
}

export function ActionPlanListScreen({
  auditId,
  targetCompanyId,
  planPath,
  title: givenTitle,
  trail,
}: ActionPlanListScreenProps) {
  useLanguage();
  const title = givenTitle ?? t('plans.list.title');
  const { page, goToPage } = usePageInAddress();
  const plans = useQuery({
    queryKey: queryKeys.actionPlans({ auditId, targetCompanyId, page: String(page) }),
    queryFn: () => getActionPlans(auditId, { targetCompanyId, page: page > 1 ? page : undefined }),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });
  const actionPlans = plans.isSuccess ? plans.data.actionPlans : [];

  const columns: DataTableColumn<ActionPlanWithGaps>[] = [
    {
      key: 'plan',
      header: t('plans.list.kpiAndPlan'),
      cell: (plan) => (
        <span className="vui-plan-name">
          <span className="vui-plan-name__title" title={plan.actionPlanHeading}>
            {plan.actionPlanHeading}
          </span>{' '}
          <span className="vui-plan-name__note">{ACTION_PLAN_CATEGORY_LABELS[plan.category]}</span>
        </span>
      ),
    },
    {
      key: 'created',
      header: t('plans.gaps.createdAt'),
      cell: (plan) => <CreatedCell value={plan.createdAt} />,
    },
    {
      key: 'timeline',
      header: t('plans.gaps.timeline'),
      cell: (plan) => <DueCell value={plan.timeline} />,
    },
    {
      key: 'risk',
      header: t('plans.gaps.risk'),
      cell: (plan) => gapCountText(plan.statistics.totalGaps),
    },
    {
      key: 'status',
      header: t('plans.gaps.status'),
      cell: (plan) => <StatusBadge status={plan.overallStatus} />,
    },
  ];

  return (
    <div className="vui-action-plan-list">
      <PageHeader
        title={title}
        trail={trail}
        actions={
          plans.isSuccess && plans.data.total > 0 ? (
            <ExportPlansButton
              targetCompanyId={targetCompanyId}
              auditId={auditId}
              label={t('plans.list.exportCsv')}
              description={t('plans.list.exportDescription')}
            />
          ) : undefined
        }
      />
      {plans.isError && isNotFound(plans.error) ? (
        <NotFoundState />
      ) : plans.isError ? (
        <p className="vui-screen-alert" role="alert">
          {getErrorText(plans.error)}
        </p>
      ) : (
        <>
          <DataTable
            caption={title}
            columns={columns}
            rows={actionPlans}
            getRowKey={(plan) => plan.id}
            loading={plans.isPending}
            loadingText={MESSAGES.LOADING_ACTION_PLANS}
            emptyText={MESSAGES.NO_ACTION_PLANS_FOUND}
            rowLink={(plan) => ({ to: planPath(plan.id), action: t('plans.list.openPlan') })}
            renderAfterRow={(plan, columnCount) => (
              <PlanGapRows
                plan={plan}
                targetCompanyId={targetCompanyId}
                auditId={auditId}
                planPath={planPath(plan.id)}
                columnCount={columnCount}
              />
            )}
          />
          <ListPages list={plans} itemLabel={t('plans.list.itemLabel')} onPageChange={goToPage} />
        </>
      )}
    </div>
  );
}

interface PlanGapRowsProps {
  plan: ActionPlanWithGaps;
  targetCompanyId: string;
  auditId: string;
  planPath: string;
  columnCount: number;
}

/**
 * A plan's nested gap rows: the newest ones the list brought, and on request all of them (up to
 * LIST_MAX_PAGE_SIZE; past that the plan's own page shows every gap).
 */
function PlanGapRows({ plan, targetCompanyId, auditId, planPath, columnCount }: PlanGapRowsProps) {
  useLanguage();
  const [expanded, setExpanded] = useState(false);
  const all = useQuery({
    queryKey: queryKeys.actionPlans({
      auditId,
      targetCompanyId,
      actionPlanId: plan.id,
      gaps: 'all',
    }),
    queryFn: () => getPlanGaps(plan.id, { targetCompanyId, pageSize: LIST_MAX_PAGE_SIZE }),
    enabled: expanded,
  });
  const gaps = expanded && all.isSuccess ? all.data.gaps : plan.gaps;
  const total = plan.statistics.totalGaps;
  const hidden = total - gaps.length;
  return (
    <>
      {gaps.map((gap) => (
        <GapRow key={gap.id} gap={gap} to={gapPath(planPath, gap.id)} />
      ))}
      {hidden > 0 && (
        <tr className="vui-gap-row vui-gap-row--more">
          <td colSpan={columnCount}>
            <span className="vui-plan-more">
              {expanded && all.isSuccess ? (
                <Link to={planPath}>
                  {t('plans.list.openAllGaps', { total, heading: plan.actionPlanHeading })}
                </Link>
              ) : (
                <Button
                  variant="ghost"
                  size="sm"
                  loading={expanded && all.isPending}
                  onClick={() => setExpanded(true)}
                  aria-label={t('plans.list.showAllGapsOf', {
                    total,
                    heading: plan.actionPlanHeading,
                  })}
                >
                  {t('plans.list.showAllGaps', { total })}
                </Button>
              )}
              {all.isError && (
                <span role="alert" className="vui-plan-more__error">
                  {getErrorText(all.error)}
                </span>
              )}
            </span>
          </td>
        </tr>
      )}
    </>
  );
}

function GapRow({ gap, to }: { gap: GapListItem; to: string }) {
  useLanguage();
  return (
    <tr className="vui-gap-row" data-clickable="true" onClick={followRowLink}>
      <td>
        <RowLink to={to} action={t('plans.gaps.openGap')}>
          <span className="vui-plan-name vui-plan-name--gap">
            <ItemNumber value={gap.esapItemNumber} />
            <span className="vui-plan-name__title" title={gap.KPI}>
              {gap.KPI}
            </span>{' '}
            <span className="vui-plan-name__note" title={gap.gapName}>
              {gap.gapName}
            </span>
          </span>
        </RowLink>
      </td>
      <td>
        <CreatedCell value={gap.createdAt} />
      </td>
      <td>{dueWaitingText(gap) ?? <DueCell value={gap.dueDate} />}</td>
      <td>
        <RiskBadge risk={gap.riskSeverity} />
      </td>
      <td>
        <StatusBadge status={gap.displayStatus} />
      </td>
    </tr>
  );
}

function gapCountText(count: number): string {
  return t('plans.list.gapCount', { count });
}
