import type { BarSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import {
  PORTFOLIO_BAR_SIZE,
  STATUS_COLORS,
  STATUS_COLOR_HEX,
  portfolioChartHeight,
  type ChartStatus,
} from '@verity/shared-api';
import { t } from '../texts';
import { legendSelection } from './chart-legend';

export interface PortfolioRow {
  targetCompanyName: string;
  open: number;
  closed: number;
  provClosed: number;
  overdue: number;
}

/** The four series in the order the spec names them. */
export const PORTFOLIO_SERIES: readonly { key: ChartStatus; readonly name: string }[] = [
  {
    key: 'open',
    get name() {
      return t('ui.charts.open');
    },
  },
  {
    key: 'closed',
    get name() {
      return t('ui.charts.closed');
    },
  },
  {
    key: 'provClosed',
    get name() {
      return t('ui.charts.provClosed');
    },
  },
  {
    key: 'overdue',
    get name() {
      return t('ui.charts.overdue');
    },
  },
];

/** A series' colour, in its bars and in a legend laid out by the page. */
export const portfolioSeriesColor = (key: ChartStatus): string =>
  STATUS_COLOR_HEX[STATUS_COLORS[key]];

export interface PortfolioOption {
  tooltip: TooltipComponentOption;
  legend: LegendComponentOption;
  grid: GridComponentOption;
  xAxis: { type: 'value'; minInterval: number; inverse?: boolean };
  yAxis: {
    type: 'category';
    inverse: boolean;
    position?: 'left' | 'right';
    data: string[];
    axisLabel: { width: number; overflow: 'truncate' };
  };
  series: BarSeriesOption[];
}

/**
 * The widest a company's name may draw beside its bars (px); a longer one is cut with '…' and read
 * whole in the tooltip, so a long name never squeezes the bars out of the chart.
 */
export const PORTFOLIO_LABEL_WIDTH = 180;

/**
 * Right to left (`direction: 'rtl'`), the chart mirrors: names on the right, bars growing to the left,
 * and the page lays the legend out above it (`ChartLegend`).
 */
export function portfolioOption(
  rows: readonly PortfolioRow[],
  direction: 'ltr' | 'rtl' = 'ltr',
  /** The series the reader has hidden by their legend (right to left, `ChartLegend`). */
  hidden?: ReadonlySet<string>,
): PortfolioOption {
  const rightToLeft = direction === 'rtl';
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: rightToLeft
      ? legendSelection(
          PORTFOLIO_SERIES.map(({ name }) => name),
          hidden,
        )
      : { top: 0 },
    grid: rightToLeft
      ? { left: 24, right: 16, top: 16, bottom: 16, containLabel: true }
      : { left: 16, right: 24, top: 40, bottom: 16, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, ...(rightToLeft ? { inverse: true } : {}) },
    yAxis: {
      type: 'category',
      inverse: true,
      ...(rightToLeft ? { position: 'right' as const } : {}),
      data: rows.map((row) => row.targetCompanyName),
      axisLabel: { width: PORTFOLIO_LABEL_WIDTH, overflow: 'truncate' },
    },
    series: PORTFOLIO_SERIES.map(({ key, name }) => ({
      type: 'bar',
      name,
      barWidth: PORTFOLIO_BAR_SIZE,
      barMaxWidth: PORTFOLIO_BAR_SIZE,
      itemStyle: { color: portfolioSeriesColor(key) },
      data: rows.map((row) => row[key]),
    })),
  };
}

/** 120 plus 110 per target company row. */
export function portfolioHeight(rows: readonly PortfolioRow[]): number {
  return portfolioChartHeight(rows.length);
}
