// The firm's portfolio and its gap explorer: a chunk of their own, loaded when first opened.
import { GapExplorerScreen, PortfolioScreen } from '@verity/feature-portfolio';
import type { PortfolioGap } from '@verity/shared-api';
import { auditorPaths } from '../area-paths';

/** A gap opens in its plan, with its panel open (the plan page's gap_id). */
const gapHref = (gap: PortfolioGap) =>
  `${auditorPaths.actionPlan(gap.targetCompanyId, gap.auditId, gap.actionPlanId)}?gap_id=${encodeURIComponent(gap.id)}`;

export function AuditorPortfolioPage() {
  return <PortfolioScreen explorerPath={`${auditorPaths.portfolio()}/gaps`} gapHref={gapHref} />;
}

export function AuditorGapExplorerPage() {
  return <GapExplorerScreen portfolioPath={auditorPaths.portfolio()} gapHref={gapHref} />;
}
