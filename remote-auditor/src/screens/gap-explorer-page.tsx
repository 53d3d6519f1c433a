// The firm's gap explorer: a chunk of its own, without the portfolio's figures.
import { GapExplorerScreen } from '@verity/feature-portfolio';
import { auditorPaths } from '../area-paths';
import { gapHref } from './portfolio-gap-link';

export function AuditorGapExplorerPage() {
  return <GapExplorerScreen portfolioPath={auditorPaths.portfolio()} gapHref={gapHref} />;
}
