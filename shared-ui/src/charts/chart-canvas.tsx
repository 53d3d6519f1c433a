import { useCallback, useEffect, useRef } from 'react';
import type { EChartsType } from 'echarts/core';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import { echarts } from './echarts-setup';

export interface ChartCanvasProps {
  option: object;
  height: number;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/**
 * Keeps the chart the size of its box from the moment it is drawn: a box that changed between the
 * drawing and the first look (a phone turned as the page loads, a window narrowed) and every later
 * change. The wrapper's own following is off: it takes its first report of a size as the drawing's
 * and lets it pass, and on a busy device that report, sent 60 ms late, could already carry a
 * narrower box, leaving the chart wider than its card. The wrapper makes the chart with the width
 * and height its first drawing measured, which a bare `resize()` keeps; 'auto' measures the box.
 * Returns what stops the following.
 */
function followBox(chart: EChartsType): () => void {
  const box = chart.getDom();
  const observer = new ResizeObserver(() => {
    if (chart.isDisposed()) return;
    if (chart.getWidth() !== box.clientWidth || chart.getHeight() !== box.clientHeight)
      chart.resize({ width: 'auto', height: 'auto' });
  });
  // Its first report comes at once: the box as it is now, against the chart as it was drawn.
  observer.observe(box);
  return () => observer.disconnect();
}

/** The ECharts drawing; loaded lazily so ECharts stays out of the first chunks. */
export default function ChartCanvas({ option, height }: ChartCanvasProps) {
  const stopFollowing = useRef<() => void>();
  useEffect(() => () => stopFollowing.current?.(), []);
  // The wrapper draws a new chart when its settings change: the box is followed for the latest.
  const onChartReady = useCallback((chart: EChartsType) => {
    stopFollowing.current?.();
    stopFollowing.current = followBox(chart);
  }, []);
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={prefersReducedMotion() ? { ...option, animation: false } : option}
      notMerge
      lazyUpdate
      style={{ height, width: '100%' }}
      autoResize={false}
      onChartReady={onChartReady}
    />
  );
}
