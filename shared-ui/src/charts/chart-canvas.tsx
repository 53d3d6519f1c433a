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
 * Measures the chart once more on the frame after it is drawn: the wrapper follows its box's later
 * changes, but a resize between the drawing and the wrapper's listening (a phone turned as the page
 * loads, a window narrowed) would leave the chart at the old width, wider than its card. The wrapper
 * creates the chart with the width and height its first drawing measured, which a plain `resize()`
 * keeps; 'auto' measures the box.
 */
const measureAgain = (chart: EChartsType) =>
  window.requestAnimationFrame(() => {
    if (!chart.isDisposed()) chart.resize({ width: 'auto', height: 'auto' });
  });

/** The ECharts drawing; loaded lazily so ECharts stays out of the first chunks. */
export default function ChartCanvas({ option, height }: ChartCanvasProps) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={prefersReducedMotion() ? { ...option, animation: false } : option}
      notMerge
      lazyUpdate
      style={{ height, width: '100%' }}
      onChartReady={measureAgain}
    />
  );
}
