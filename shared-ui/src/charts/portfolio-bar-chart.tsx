import { useMemo } from 'react';
import { directionOf, useLanguage } from '@verity/session';
import { LazyChart } from './lazy-chart';
import {
  PORTFOLIO_SERIES,
  portfolioHeight,
  portfolioOption,
  type PortfolioRow,
} from './portfolio-option';
import { t } from '../texts';

export interface PortfolioBarChartProps {
  rows: readonly PortfolioRow[];
}

function rowSummary(row: PortfolioRow): string {
  const counts = PORTFOLIO_SERIES.map(({ key, name }) => `${name} ${row[key]}`).join(', ');
  return `${row.targetCompanyName}: ${counts}`;
}

/** One row per target company, four bars: open, closed, provisional closed, overdue. */
export function PortfolioBarChart({ rows }: PortfolioBarChartProps) {
  const language = useLanguage();
  const option = useMemo(() => portfolioOption(rows, directionOf(language)), [rows, language]);
  return (
    <LazyChart
      option={option}
      height={portfolioHeight(rows)}
      summary={t('ui.charts.portfolioSummary', { rows: rows.map(rowSummary).join('. ') })}
    />
  );
}
