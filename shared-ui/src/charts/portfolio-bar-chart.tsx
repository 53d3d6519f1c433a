import { useMemo } from 'react';
import { directionOf, useLanguage } from '@verity/session';
import { ChartLegend, useHiddenNames } from './chart-legend';
import { LazyChart } from './lazy-chart';
import {
  PORTFOLIO_SERIES,
  portfolioHeight,
  portfolioOption,
  portfolioSeriesColor,
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
  const direction = directionOf(language);
  const [hidden, toggle] = useHiddenNames();
  const option = useMemo(() => portfolioOption(rows, direction, hidden), [rows, direction, hidden]);
  return (
    <>
      {direction === 'rtl' ? (
        <ChartLegend
          items={PORTFOLIO_SERIES.map(({ key, name }) => ({
            name,
            color: portfolioSeriesColor(key),
          }))}
          hidden={hidden}
          onToggle={toggle}
        />
      ) : null}
      <LazyChart
        option={option}
        height={portfolioHeight(rows)}
        summary={t('ui.charts.portfolioSummary', { rows: rows.map(rowSummary).join('. ') })}
      />
    </>
  );
}
