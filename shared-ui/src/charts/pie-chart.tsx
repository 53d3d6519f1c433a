import { useMemo } from 'react';
import { directionOf, useLanguage } from '@verity/session';
import { ChartLegend, useHiddenNames } from './chart-legend';
import { LazyChart } from './lazy-chart';
import { pieLabel, pieOption, sliceColors, type PieSlice } from './pie-option';
import './charts.css';
import { t } from '../texts';

export interface PieChartProps {
  title: string;
  data: readonly PieSlice[];
  /** A palette for slices without their own colour. */
  colors?: readonly string[];
  height?: number;
  /** Shown instead of an empty pie. */
  emptyText?: string;
}

export function PieChart({
  title,
  data,
  colors,
  height = 300,
  emptyText = t('ui.common.noData'),
}: PieChartProps) {
  const language = useLanguage();
  const direction = directionOf(language);
  const [hidden, toggle] = useHiddenNames();
  const swatches = sliceColors(data, colors);
  const option = useMemo(
    () => pieOption(data, { colors, direction, hidden }),
    [data, colors, direction, hidden],
  );
  const total = data.reduce((sum, slice) => sum + slice.value, 0);
  const summary = t('ui.charts.summary', {
    title,
    slices: data.map((s) => pieLabel(s.name, s.value, total)).join(', '),
  });
  return (
    <figure className="vui-chart-figure">
      <figcaption className="vui-chart-figure__title">{title}</figcaption>
      {total > 0 ? (
        <>
          <LazyChart option={option} height={height} summary={summary} />
          {direction === 'rtl' ? (
            <ChartLegend
              items={data.map((slice, index) => ({ name: slice.name, color: swatches[index]! }))}
              hidden={hidden}
              onToggle={toggle}
            />
          ) : null}
        </>
      ) : (
        <p className="vui-chart__empty" style={{ height }}>
          {emptyText}
        </p>
      )}
    </figure>
  );
}
