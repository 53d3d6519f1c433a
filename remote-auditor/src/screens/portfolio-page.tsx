// The firm's portfolio: a chunk of its own (the gap explorer has another), loaded when first opened.
import { PortfolioScreen } from '@verity/feature-portfolio';
import { auditorPaths } from '../area-paths';
import { gapHref } from './portfolio-gap-link';

export function AuditorPortfolioPage() {
  return <PortfolioScreen explorerPath={`${auditorPaths.portfolio()}/gaps`} gapHref={gapHref} />;
}
