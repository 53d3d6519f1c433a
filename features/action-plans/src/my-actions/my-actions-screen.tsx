import type { To } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import { MY_ACTIONS_TEXT, type MyAction } from '@verity/shared-api';
import { getErrorText, getMyActions } from '@verity/shared-api/calls';
import {
  DataTable,
  formatDate,
  ItemNumber,
  LoadingState,
  PageHeader,
  StatusBadge,
  useDocumentTitle,
  type DataTableColumn,
} from '@verity/shared-ui';
import { useLanguage } from '@verity/session';
import { t } from '../texts';
import '@verity/shared-ui/src/styles/screen.css';
import '../action-plan-detail/action-plan-detail.css';
import './my-actions.css';

export interface MyActionsScreenProps {
  /** Where a row leads: its plan with the gap's details open. */
  actionLink: (action: MyAction) => To;
}

/** The table's columns, their headers read in the language in use. */
const columnsOf = (): DataTableColumn<MyAction>[] => [
  {
    key: 'gap',
    header: MY_ACTIONS_TEXT.gap,
    cell: (action) => (
      <span className="vui-gap-cell">
        <ItemNumber value={action.esapItemNumber} />
        <span className="vui-gap-cell__kpi">{action.KPI}</span>{' '}
        <span className="vui-gap-cell__name">{action.gapName}</span>
        {/* On a phone the other columns fold in here, so the overdue state needs no sideways scroll. */}
        <span className="vui-my-actions__folded">
          <span>{action.actionPlanHeading}</span>
          <span>
            {MY_ACTIONS_TEXT.due} {formatDate(action.dueDate, 'table')}
          </span>
          <StatusBadge status={action.displayStatus} />
        </span>
      </span>
    ),
  },
  { key: 'plan', header: MY_ACTIONS_TEXT.plan, cell: (action) => action.actionPlanHeading },
  {
    key: 'due',
    header: MY_ACTIONS_TEXT.due,
    cell: (action) => formatDate(action.dueDate, 'table'),
  },
  {
    key: 'status',
    header: MY_ACTIONS_TEXT.status,
    cell: (action) => <StatusBadge status={action.displayStatus} />,
  },
];

/**
 * "My actions" (docs/decisions/0088-my-actions.md): the open gaps of the user's company whose
 * responsibility names them, across plans and audits, overdue first; a row opens the gap.
 */
export function MyActionsScreen({ actionLink }: MyActionsScreenProps) {
  useLanguage();
  useDocumentTitle(MY_ACTIONS_TEXT.title);
  const actions = useQuery({ queryKey: queryKeys.myActions(), queryFn: () => getMyActions() });
  return (
    <div className="vui-my-actions">
      <PageHeader title={MY_ACTIONS_TEXT.title} description={MY_ACTIONS_TEXT.cardHint} />
      {actions.isPending ? <LoadingState /> : null}
      {actions.isError ? (
        <p className="vui-screen-alert" role="alert">
          {getErrorText(actions.error)}
        </p>
      ) : null}
      {actions.isSuccess ? (
        <>
          <DataTable
            caption={MY_ACTIONS_TEXT.caption}
            columns={columnsOf()}
            rows={actions.data.actions}
            getRowKey={(action) => action.gapId}
            rowLink={(action) => ({ to: actionLink(action), action: t('plans.gaps.openGap') })}
            emptyText={MY_ACTIONS_TEXT.empty}
          />
          {actions.data.total > actions.data.actions.length ? (
            <p className="vui-my-actions__more">
              {MY_ACTIONS_TEXT.more(actions.data.actions.length, actions.data.total)}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
