// The client's gap explorer: a chunk of its own, without the portfolio's figures and cards.
import { GapExplorerScreen } from '@verity/feature-portfolio';
import { PORTFOLIO_PATH, gapHref } from './portfolio-gap-link';

export function GapExplorerPage() {
  return <GapExplorerScreen portfolioPath={PORTFOLIO_PATH} gapHref={gapHref} />;
}
