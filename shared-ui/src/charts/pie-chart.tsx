import { useMemo } from 'react';
import { directionOf, useLanguage } from '@verity/session';
import { LazyChart } from './lazy-chart';
import { pieLabel, pieOption, type PieSlice } from './pie-option';
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
  const option = useMemo(
    () => pieOption(data, { colors, direction: directionOf(language) }),
    [data, colors, language],
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
        <LazyChart option={option} height={height} summary={summary} />
      ) : (
        <p className="vui-chart__empty" style={{ height }}>
          {emptyText}
        </p>
      )}
    </figure>
  );
}
