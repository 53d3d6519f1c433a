// Where the client's portfolio and its gap explorer send a gap, shared by their two chunks.
import type { PortfolioGap } from '@verity/shared-api';
import { CLIENT_BASE, clientPaths } from '../client-paths';

export const PORTFOLIO_PATH = `${CLIENT_BASE}/portfolio`;

/** A gap opens in its plan, with its panel open (the plan page's gap_id). */
export const gapHref = (gap: PortfolioGap) =>
  `${clientPaths.actionPlan(gap.targetCompanyId, gap.auditorId, gap.auditId, gap.actionPlanId)}?gap_id=${encodeURIComponent(gap.id)}`;
