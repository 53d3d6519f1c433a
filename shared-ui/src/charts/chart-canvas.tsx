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

/** The ECharts drawing; loaded lazily so ECharts stays out of the first chunks. */
export default function ChartCanvas({ option, height }: ChartCanvasProps) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={prefersReducedMotion() ? { ...option, animation: false } : option}
      notMerge
      lazyUpdate
      style={{ height, width: '100%' }}
    />
  );
}
