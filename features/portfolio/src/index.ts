// The portfolio figures and the gap explorer (client and auditor areas).
export { PortfolioScreen } from './portfolio-screen';
export type { PortfolioScreenProps } from './portfolio-screen';
export { GapExplorerScreen } from './gap-explorer-screen';
export type { GapExplorerScreenProps } from './gap-explorer-screen';
export { PORTFOLIO_TEXTS } from './portfolio-texts';
