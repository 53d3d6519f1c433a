import type { PieSeriesOption } from 'echarts/charts';
import type {
  LegendComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import {
  ACTION_PLAN_CATEGORIES,
  ACTION_PLAN_CATEGORY_LABELS,
  RISK_SEVERITY_COLORS,
  RISK_SEVERITY_LABELS,
  STATUS_COLOR_HEX,
  isRiskSeverity,
} from '@verity/shared-api';
import { t } from '../texts';
import { legendSelection } from './chart-legend';

export interface PieSlice {
  name: string;
  value: number;
  /** Overrides the palette for this slice. */
  color?: string;
}

export interface PieOption {
  title?: TitleComponentOption;
  tooltip: TooltipComponentOption;
  legend: LegendComponentOption;
  color?: string[];
  series: PieSeriesOption[];
}

/** A slice's share of the whole in rounded whole percent. */
export function wholePercent(value: number, total: number): number {
  return total > 0 ? Math.round((value / total) * 100) : 0;
}

export function pieLabel(name: string, value: number, total: number): string {
  return t('ui.charts.pieLabel', { name, percent: wholePercent(value, total) });
}

/**
 * ECharts' own palette (its default theme's colours), written here so that a legend drawn outside the
 * chart shows each slice in the colour the chart gives it; a test checks it against ECharts'.
 */
export const CHART_PALETTE: readonly string[] = [
  '#5070dd',
  '#b6d634',
  '#505372',
  '#ff994d',
  '#0ca8df',
  '#ffd10a',
  '#fb628b',
  '#785db0',
  '#3fbe95',
];

/** Each slice's colour: its own, else the palette's in turn (as ECharts gives them). */
export function sliceColors(
  data: readonly PieSlice[],
  palette: readonly string[] = CHART_PALETTE,
): string[] {
  return data.map(
    (slice, index) => slice.color ?? palette[index % palette.length] ?? CHART_PALETTE[0]!,
  );
}

export interface PieOptions {
  title?: string;
  colors?: readonly string[];
  /**
   * Right to left, the chart draws no legend of its own: the page lays one out below it
   * (`ChartLegend`).
   */
  direction?: 'ltr' | 'rtl';
  /** The names the reader has hidden by their legend. */
  hidden?: ReadonlySet<string>;
}

export function pieOption(data: readonly PieSlice[], options: PieOptions = {}): PieOption {
  const rightToLeft = options.direction === 'rtl';
  const colors = rightToLeft ? sliceColors(data, options.colors) : null;
  const total = data.reduce((sum, slice) => sum + slice.value, 0);
  const label = (params: { name: string; value: unknown }) =>
    pieLabel(params.name, Number(params.value), total);
  return {
    ...(options.title ? { title: { text: options.title, left: 'center' } } : {}),
    tooltip: { trigger: 'item', formatter: (params) => label(params as never) },
    // A plain legend wraps onto a second line in a narrow card instead of paging its names.
    legend: rightToLeft
      ? legendSelection(
          data.map((slice) => slice.name),
          options.hidden,
        )
      : { bottom: 0, type: 'plain' },
    ...(options.colors ? { color: [...options.colors] } : {}),
    series: [
      {
        type: 'pie',
        center: ['50%', rightToLeft ? '50%' : '45%'],
        radius: ['35%', '68%'],
        percentPrecision: 0,
        // Inside the slice, named by the legend: a label beside a narrow pie is cut to '...'.
        label: {
          position: 'inside',
          color: '#ffffff',
          fontWeight: 'bold',
          textBorderColor: 'rgba(0, 0, 0, 0.45)',
          textBorderWidth: 2,
          formatter: (params) =>
            t('ui.charts.percent', {
              percent: wholePercent(Number((params as { value: unknown }).value), total),
            }),
        },
        data: data.map((slice, index) => {
          const color = colors ? colors[index] : slice.color;
          return {
            name: slice.name,
            value: slice.value,
            ...(color ? { itemStyle: { color } } : {}),
            // A 0% slice has no arc, so its label would only sit on top of a neighbour's.
            ...(slice.value === 0 ? { label: { show: false } } : {}),
          };
        }),
      },
    ],
  };
}

/**
 * The timeline slices, by the name the server gives them: their colours (Completed green, Overdue red
 * as in every chart, On Track blue) and their names in the language in use.
 */
const TIMELINE_SLICES: Readonly<Record<string, { color: string; name: () => string }>> = {
  Completed: { color: STATUS_COLOR_HEX.green, name: () => t('ui.charts.completed') },
  Overdue: { color: STATUS_COLOR_HEX.red, name: () => t('ui.charts.overdue') },
  'On Track': { color: STATUS_COLOR_HEX.blue, name: () => t('ui.charts.onTrack') },
  'No Timeline': { color: '#94a3b8', name: () => t('ui.charts.noTimeline') },
};

/** Colours and names the Timeline Analysis slices by what they mean, so 'Overdue' is red there too. */
export function timelineSlices(data: readonly PieSlice[]): PieSlice[] {
  return data.map((slice) => {
    const known = TIMELINE_SLICES[slice.name];
    return known ? { ...slice, name: known.name(), color: known.color } : slice;
  });
}

/** Names the risk slices Low / Moderate / High and colours them green, yellow, red. */
export function riskSlices(data: readonly PieSlice[]): PieSlice[] {
  return data.map((slice) => {
    const key = slice.name.toLowerCase();
    if (!isRiskSeverity(key)) return slice;
    return {
      ...slice,
      name: RISK_SEVERITY_LABELS[key],
      color: STATUS_COLOR_HEX[RISK_SEVERITY_COLORS[key]],
    };
  });
}

/**
 * Names the ESG composition's slices (the action plans' categories, which the API names in English)
 * in the language in use.
 */
export function categorySlices(data: readonly PieSlice[]): PieSlice[] {
  return data.map((slice) => {
    const key = ACTION_PLAN_CATEGORIES.find((category) => category === slice.name.toLowerCase());
    return key ? { ...slice, name: ACTION_PLAN_CATEGORY_LABELS[key] } : slice;
  });
}
