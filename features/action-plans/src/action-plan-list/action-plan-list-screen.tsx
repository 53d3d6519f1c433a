import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import {
  ACTION_PLAN_CATEGORY_LABELS,
  LOADING_ACTION_PLANS,
  NO_ACTION_PLANS_FOUND,
  type Gap,
} from '@verity/shared-api';
import { getErrorText } from '@verity/shared-api/calls';
import type { ActionPlanWithGaps } from '@verity/shared-api';
import { getActionPlans } from '@verity/shared-api/calls';
import { ExportPlansButton } from '../export';
import { CreatedCell, DueCell } from './plan-dates';
import '@verity/shared-ui/src/styles/screen.css';
import './action-plan-list.css';
import {
  DataTable,
  RowLink,
  followRowLink,
  isNotFound,
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
  title = 'Action Plans',
  trail,
}: ActionPlanListScreenProps) {
  const plans = useQuery({
    queryKey: queryKeys.actionPlans({ auditId, targetCompanyId }),
    queryFn: () => getActionPlans(auditId, { targetCompanyId }),
  });
  const actionPlans = plans.isSuccess ? plans.data : [];

  const columns: DataTableColumn<ActionPlanWithGaps>[] = [
    {
      key: 'plan',
      header: 'KPI & Action Plan',
      cell: (plan) => (
        <span className="vui-plan-name">
          <span className="vui-plan-name__title" title={plan.actionPlanHeading}>
            {plan.actionPlanHeading}
          </span>
          <span className="vui-plan-name__note">{ACTION_PLAN_CATEGORY_LABELS[plan.category]}</span>
        </span>
      ),
    },
    {
      key: 'created',
      header: 'Created At',
      cell: (plan) => <CreatedCell value={plan.createdAt} />,
    },
    { key: 'timeline', header: 'Timeline', cell: (plan) => <DueCell value={plan.timeline} /> },
    { key: 'risk', header: 'Risk', cell: (plan) => gapCountText(plan.gaps.length) },
    {
      key: 'status',
      header: 'Status',
      cell: (plan) => <StatusBadge status={plan.overallStatus} />,
    },
  ];

  return (
    <div className="vui-action-plan-list">
      <PageHeader
        title={title}
        trail={trail}
        actions={
          actionPlans.length > 0 ? (
            <ExportPlansButton
              targetCompanyId={targetCompanyId}
              auditId={auditId}
              label="Export CSV"
              description="This audit's action plans and gaps, as a CSV file"
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
        <DataTable
          caption={title}
          columns={columns}
          rows={actionPlans}
          getRowKey={(plan) => plan.id}
          loading={plans.isPending}
          loadingText={LOADING_ACTION_PLANS}
          emptyText={NO_ACTION_PLANS_FOUND}
          rowLink={(plan) => ({
            to: planPath(plan.id),
            label: `Open action plan ${plan.actionPlanHeading}`,
          })}
          renderAfterRow={(plan) =>
            plan.gaps.map((gap) => (
              <GapRow key={gap.id} gap={gap} to={gapPath(planPath(plan.id), gap.id)} />
            ))
          }
        />
      )}
    </div>
  );
}

function GapRow({ gap, to }: { gap: Gap; to: string }) {
  return (
    <tr className="vui-gap-row" data-clickable="true" onClick={followRowLink}>
      <td>
        <RowLink to={to} label={`Open gap ${gap.KPI}`}>
          <span className="vui-plan-name vui-plan-name--gap">
            <span className="vui-plan-name__title" title={gap.KPI}>
              {gap.KPI}
            </span>
            <span className="vui-plan-name__note" title={gap.gapName}>
              {gap.gapName}
            </span>
          </span>
        </RowLink>
      </td>
      <td>
        <CreatedCell value={gap.createdAt} />
      </td>
      <td>
        <DueCell value={gap.dueDate} />
      </td>
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
  return `${count} ${count === 1 ? 'Gap' : 'Gaps'}`;
}
