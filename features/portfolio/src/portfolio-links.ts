// Where each figure of the portfolio leads: the gap explorer with the filters that count it.
import { NOT_CLOSED_STATUSES, quarterDays, type PortfolioGapQuery } from '@verity/shared-api';
import { portfolioSearchParams } from '@verity/shared-api/calls';

export type ExplorerFilters = Omit<PortfolioGapQuery, 'page' | 'pageSize'>;

/** The explorer's address with these filters. */
export function explorerHref(explorerPath: string, filters: ExplorerFilters): string {
  const search = portfolioSearchParams(filters).toString();
  return search ? `${explorerPath}?${search}` : explorerPath;
}

const notClosed = [...NOT_CLOSED_STATUSES];

/** The filters behind each figure (docs/api.md "Portfolio"). */
export const figureFilters = {
  open: (targetCompanyId?: string): ExplorerFilters => ({ targetCompanyId, status: notClosed }),
  overdue: (targetCompanyId?: string): ExplorerFilters => ({
    targetCompanyId,
    status: ['overdue'],
  }),
  cell: (targetCompanyId: string, requirement: string, overdue = false): ExplorerFilters => ({
    targetCompanyId,
    requirement,
    status: overdue ? ['overdue'] : notClosed,
  }),
  sdg: (sdg: PortfolioGapQuery['sdg']): ExplorerFilters => ({ sdg, status: notClosed }),
  age: (overdueAge: PortfolioGapQuery['overdueAge']): ExplorerFilters => ({ overdueAge }),
  quarter: (quarter: string, onTimeOnly: boolean, targetCompanyId?: string): ExplorerFilters => {
    const { from, to } = quarterDays(quarter);
    return {
      targetCompanyId,
      dueFrom: from,
      dueTo: to,
      closure: onTimeOnly ? ['onTime'] : ['onTime', 'late'],
    };
  },
  mostOverdue: (): ExplorerFilters => ({ risk: ['high'], status: ['overdue'], sort: 'dueDate' }),
  precedent: (): ExplorerFilters => ({ conditionType: 'precedent', status: notClosed }),
};
