// Where the firm's portfolio and its gap explorer send a gap, shared by their two chunks.
import type { PortfolioGap } from '@verity/shared-api';
import { auditorPaths } from '../area-paths';

/** A gap opens in its plan, with its panel open (the plan page's gap_id). */
export const gapHref = (gap: PortfolioGap) =>
  `${auditorPaths.actionPlan(gap.targetCompanyId, gap.auditId, gap.actionPlanId)}?gap_id=${encodeURIComponent(gap.id)}`;
