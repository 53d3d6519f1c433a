// Stands in for the ECharts canvas in jsdom; the chart's text summary stays on the real component.
export default function ChartCanvasStub({ height }: { height: number }) {
  return <div data-testid="chart-canvas" style={{ height }} />;
}
