export { PieChart } from './pie-chart';
export type { PieChartProps } from './pie-chart';
export { PortfolioBarChart } from './portfolio-bar-chart';
export type { PortfolioBarChartProps } from './portfolio-bar-chart';
export { LazyChart } from './lazy-chart';
export type { LazyChartProps } from './lazy-chart';
export {
  categorySlices,
  pieOption,
  pieLabel,
  wholePercent,
  riskSlices,
  timelineSlices,
} from './pie-option';
export type { PieSlice, PieOption } from './pie-option';
export { portfolioOption, portfolioHeight, PORTFOLIO_SERIES } from './portfolio-option';
export type { PortfolioRow, PortfolioOption } from './portfolio-option';
