import type { PieSeriesOption } from 'echarts/charts';
import type {
  LegendComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import {
  RISK_SEVERITY_COLORS,
  RISK_SEVERITY_LABELS,
  STATUS_COLOR_HEX,
  isRiskSeverity,
} from '@verity/shared-api';

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
  return `${name}: ${wholePercent(value, total)}%`;
}

export function pieOption(
  data: readonly PieSlice[],
  options: { title?: string; colors?: readonly string[] } = {},
): PieOption {
  const total = data.reduce((sum, slice) => sum + slice.value, 0);
  const label = (params: { name: string; value: unknown }) =>
    pieLabel(params.name, Number(params.value), total);
  return {
    ...(options.title ? { title: { text: options.title, left: 'center' } } : {}),
    tooltip: { trigger: 'item', formatter: (params) => label(params as never) },
    // A plain legend wraps onto a second line in a narrow card instead of paging its names.
    legend: { bottom: 0, type: 'plain' },
    ...(options.colors ? { color: [...options.colors] } : {}),
    series: [
      {
        type: 'pie',
        center: ['50%', '45%'],
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
            `${wholePercent(Number((params as { value: unknown }).value), total)}%`,
        },
        data: data.map((slice) => ({
          name: slice.name,
          value: slice.value,
          ...(slice.color ? { itemStyle: { color: slice.color } } : {}),
          // A 0% slice has no arc, so its label would only sit on top of a neighbour's.
          ...(slice.value === 0 ? { label: { show: false } } : {}),
        })),
      },
    ],
  };
}

/** The timeline slices' colours: Completed green, Overdue red (as in every chart), On Track blue. */
const TIMELINE_COLORS: Readonly<Record<string, string>> = {
  Completed: STATUS_COLOR_HEX.green,
  Overdue: STATUS_COLOR_HEX.red,
  'On Track': STATUS_COLOR_HEX.blue,
  'No Timeline': '#94a3b8',
};

/** Colours the Timeline Analysis slices by what they mean, so 'Overdue' is red there too. */
export function timelineSlices(data: readonly PieSlice[]): PieSlice[] {
  return data.map((slice) => {
    const color = TIMELINE_COLORS[slice.name];
    return color ? { ...slice, color } : slice;
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
