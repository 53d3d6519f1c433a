import { Suspense, lazy } from 'react';
import './charts.css';

const ChartCanvas = lazy(() => import('./chart-canvas'));

export interface LazyChartProps {
  option: object;
  height: number;
  /** The chart in words, for screen readers. */
  summary: string;
}

/** Draws after the figures around it: the page renders first, ECharts arrives in its own chunk. */
export function LazyChart({ option, height, summary }: LazyChartProps) {
  return (
    <div className="vui-chart" role="img" aria-label={summary} style={{ minHeight: height }}>
      <Suspense
        fallback={
          <div
            className="vui-chart__placeholder"
            style={{ height }}
            data-testid="chart-placeholder"
          >
            Loading chart...
          </div>
        }
      >
        <ChartCanvas option={option} height={height} />
      </Suspense>
    </div>
  );
}
