import { render } from '@testing-library/react';
import ChartCanvas from './chart-canvas';

// jsdom has no canvas: the ECharts edge is replaced by an element that shows the option it was given
// and, when pressed, reports as ready the chart the test drew in it.
jest.mock('./echarts-setup', () => ({ echarts: {} }));
jest.mock('echarts-for-react/lib/core', () => ({
  __esModule: true,
  default: ({
    option,
    autoResize,
    onChartReady,
  }: {
    option: { animation?: boolean };
    autoResize?: boolean;
    onChartReady: (chart: object) => void;
  }) => (
    <div
      data-testid="echarts"
      data-animation={String(option.animation ?? 'default')}
      data-auto-resize={String(autoResize ?? true)}
      onClick={() => onChartReady(ready.chart!)}
    />
  ),
}));
const ready: { chart?: ReturnType<typeof drawnIn> } = {};

/** A chart drawn at 800×300 in `box`; resize('auto') takes the box's size, as ECharts' does. */
function drawnIn(box: HTMLElement) {
  const size = { width: 800, height: 300 };
  return {
    getDom: () => box,
    getWidth: () => size.width,
    getHeight: () => size.height,
    isDisposed: () => false,
    resize: jest.fn(() => {
      size.width = box.clientWidth;
      size.height = box.clientHeight;
    }),
  };
}

/** jsdom lays nothing out: the box's size, by hand. */
function sized(box: HTMLElement, width: number, height = 300) {
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: height });
}

/** jsdom has no ResizeObserver: one whose reports the test sends. */
const watching = new Map<Element, Set<() => void>>();
window.ResizeObserver = class {
  private readonly boxes = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {}
  private readonly report = () => this.callback([], this);
  observe(box: Element) {
    this.boxes.add(box);
    watching.set(box, (watching.get(box) ?? new Set()).add(this.report));
    // A browser's first report of a box comes with the next frame; here, at once.
    this.report();
  }
  unobserve() {}
  disconnect() {
    this.boxes.forEach((box) => watching.get(box)?.delete(this.report));
    this.boxes.clear();
  }
};
const boxChanged = (box: Element) => watching.get(box)?.forEach((report) => report());

function preferReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
  })) as unknown as typeof window.matchMedia;
}

describe('ChartCanvas', () => {
  it('draws without animation for users who prefer reduced motion', () => {
    preferReducedMotion(true);
    const { getByTestId } = render(<ChartCanvas option={{ series: [] }} height={300} />);
    expect(getByTestId('echarts')).toHaveAttribute('data-animation', 'false');
  });

  it("keeps ECharts' animation otherwise", () => {
    preferReducedMotion(false);
    const { getByTestId } = render(<ChartCanvas option={{ series: [] }} height={300} />);
    expect(getByTestId('echarts')).toHaveAttribute('data-animation', 'default');
  });

  it.each([
    ['the box it was drawn in', 800, 0],
    ['a box narrowed before its first look (a phone turned as the page loads)', 390, 1],
  ])('is ready in %s, then follows each change of it until it goes', (_, firstWidth, resized) => {
    preferReducedMotion(false);
    const { getByTestId, unmount } = render(<ChartCanvas option={{ series: [] }} height={300} />);
    const box = getByTestId('echarts');
    // The wrapper's own following, which lets its first report pass, is off.
    expect(box).toHaveAttribute('data-auto-resize', 'false');
    const chart = drawnIn(box);
    ready.chart = chart;
    sized(box, firstWidth);
    box.click();
    // 'auto': the wrapper made the chart with its first drawing's size, which a bare resize keeps.
    expect(chart.resize.mock.calls).toEqual(
      Array.from({ length: resized }, () => [{ width: 'auto', height: 'auto' }]),
    );
    // A report of the same box redraws nothing (an animation under way goes on).
    boxChanged(box);
    expect(chart.resize).toHaveBeenCalledTimes(resized);
    sized(box, 1080);
    boxChanged(box);
    expect(chart.getWidth()).toBe(1080);
    unmount();
    sized(box, 500);
    boxChanged(box);
    expect(chart.getWidth()).toBe(1080);
  });

  it('follows the box for the newest chart when the wrapper draws a new one', () => {
    preferReducedMotion(false);
    const { getByTestId } = render(<ChartCanvas option={{ series: [] }} height={300} />);
    const box = getByTestId('echarts');
    sized(box, 800);
    const first = drawnIn(box);
    ready.chart = first;
    box.click();
    const second = drawnIn(box);
    ready.chart = second;
    box.click();
    sized(box, 600);
    boxChanged(box);
    expect(second.getWidth()).toBe(600);
    expect(first.resize).not.toHaveBeenCalled();
  });
});
