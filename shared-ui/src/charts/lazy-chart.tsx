import { Component, Suspense, lazy, type ReactNode } from 'react';
import { useLanguage } from '@verity/session';
import './charts.css';
import { t } from '../texts';

const ChartCanvas = lazy(() => import('./chart-canvas'));

export interface LazyChartProps {
  option: object;
  height: number;
  /** The chart in words, for screen readers. */
  summary: string;
}

/**
 * A chart whose code did not arrive (a dropped connection, a redeploy that removed the chunk) says so
 * in its own box; the figures and the rest of the page stay.
 */
class ChartBoundary extends Component<
  { height: number; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="vui-chart__empty" style={{ height: this.props.height }}>
        {t('ui.charts.notLoaded')}
      </div>
    );
  }
}

/** Draws after the figures around it: the page renders first, ECharts arrives in its own chunk. */
export function LazyChart({ option, height, summary }: LazyChartProps) {
  useLanguage();
  return (
    <div className="vui-chart" role="img" aria-label={summary} style={{ minHeight: height }}>
      <ChartBoundary height={height}>
        <Suspense
          fallback={
            <div
              className="vui-chart__placeholder"
              style={{ height }}
              data-testid="chart-placeholder"
            >
              {t('ui.charts.loading')}
            </div>
          }
        >
          <ChartCanvas option={option} height={height} />
        </Suspense>
      </ChartBoundary>
    </div>
  );
}
