import { useLanguage } from '@verity/session';
// The client's portfolio: a chunk of its own (the gap explorer has another), loaded when first opened.
import { IncidentsCard, ReportPortfolioCard } from '@verity/feature-action-plans';
import { INCIDENT_CARD_TEXT, GRIEVANCE_CARD_TEXT } from '@verity/shared-api';
import { PortfolioScreen } from '@verity/feature-portfolio';
import { clientPaths } from '../client-paths';
import { PORTFOLIO_PATH, gapHref } from './portfolio-gap-link';

/**
 * The portfolio, then each company's annual monitoring report (due, late, under review, accepted),
 * and the ways to the incident register and the grievance register.
 */
export function PortfolioPage() {
  useLanguage();
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
        title={GRIEVANCE_CARD_TEXT.registerLabel}
        hint={GRIEVANCE_CARD_TEXT.registerCardHint}
      />
    </>
  );
}
