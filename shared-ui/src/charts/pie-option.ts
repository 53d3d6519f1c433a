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
    legend: { bottom: 0, type: 'scroll' },
    ...(options.colors ? { color: [...options.colors] } : {}),
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        percentPrecision: 0,
        label: { formatter: (params) => label(params as never) },
        data: data.map((slice) => ({
          name: slice.name,
          value: slice.value,
          ...(slice.color ? { itemStyle: { color: slice.color } } : {}),
        })),
      },
    ],
  };
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
