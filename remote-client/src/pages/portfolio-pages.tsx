// The client's portfolio and its gap explorer: a chunk of their own, loaded when first opened.
import { IncidentsCard, ReportPortfolioCard } from '@verity/feature-action-plans';
import {
  GRIEVANCE_REGISTER_CARD_HINT,
  GRIEVANCE_REGISTER_LABEL,
  INCIDENT_CARD_TEXT,
} from '@verity/shared-api';
import { GapExplorerScreen, PortfolioScreen } from '@verity/feature-portfolio';
import type { PortfolioGap } from '@verity/shared-api';
import { CLIENT_BASE, clientPaths } from '../client-paths';

const PORTFOLIO_PATH = `${CLIENT_BASE}/portfolio`;

/** A gap opens in its plan, with its panel open (the plan page's gap_id). */
const gapHref = (gap: PortfolioGap) =>
  `${clientPaths.actionPlan(gap.targetCompanyId, gap.auditorId, gap.auditId, gap.actionPlanId)}?gap_id=${encodeURIComponent(gap.id)}`;

/**
 * The portfolio, then each company's annual monitoring report (due, late, under review, accepted),
 * and the ways to the incident register and the grievance register.
 */
export function PortfolioPage() {
  return (
    <>
      <PortfolioScreen explorerPath={`${PORTFOLIO_PATH}/gaps`} gapHref={gapHref} />
      <ReportPortfolioCard
        companyReportsPath={(row) => clientPaths.monitoringReports(row.targetCompanyId)}
      />
      <IncidentsCard
        to={clientPaths.incidentPortfolio()}
        title={INCIDENT_CARD_TEXT.portfolioTitle}
        hint={INCIDENT_CARD_TEXT.portfolioCardHint}
      />
      <IncidentsCard
        to={clientPaths.grievancePortfolio()}
        title={GRIEVANCE_REGISTER_LABEL}
        hint={GRIEVANCE_REGISTER_CARD_HINT}
      />
    </>
  );
}

export function GapExplorerPage() {
  return <GapExplorerScreen portfolioPath={PORTFOLIO_PATH} gapHref={gapHref} />;
}
