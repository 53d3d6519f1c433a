import { useMemo } from 'react';
import { LazyChart } from './lazy-chart';
import {
  PORTFOLIO_SERIES,
  portfolioHeight,
  portfolioOption,
  type PortfolioRow,
} from './portfolio-option';

export interface PortfolioBarChartProps {
  rows: readonly PortfolioRow[];
}

function rowSummary(row: PortfolioRow): string {
  const counts = PORTFOLIO_SERIES.map(({ key, name }) => `${name} ${row[key]}`).join(', ');
  return `${row.targetCompanyName}: ${counts}`;
}

/** One row per target company, four bars: open, closed, provisional closed, overdue. */
export function PortfolioBarChart({ rows }: PortfolioBarChartProps) {
  const option = useMemo(() => portfolioOption(rows), [rows]);
  return (
    <LazyChart
      option={option}
      height={portfolioHeight(rows)}
      summary={`Gaps per target company. ${rows.map(rowSummary).join('. ')}`}
    />
  );
}
