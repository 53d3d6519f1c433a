import { render } from '@testing-library/react';
import ChartCanvas from './chart-canvas';

// jsdom has no canvas: the ECharts edge is replaced by an element that shows the option it was given.
jest.mock('./echarts-setup', () => ({ echarts: {} }));
jest.mock('echarts-for-react/lib/core', () => ({
  __esModule: true,
  default: ({
    option,
    onChartReady,
  }: {
    option: { animation?: boolean };
    onChartReady: (chart: { resize(to: object): void }) => void;
  }) => (
    <div
      data-testid="echarts"
      data-animation={String(option.animation ?? 'default')}
      onClick={() => onChartReady(drawn)}
    />
  ),
}));

const drawn = { resize: jest.fn(), isDisposed: () => false };

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

  it('measures itself again on the frame after it is drawn, so a resize meanwhile is not lost', () => {
    preferReducedMotion(false);
    const frames: FrameRequestCallback[] = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    const { getByTestId } = render(<ChartCanvas option={{ series: [] }} height={300} />);
    getByTestId('echarts').click();
    expect(drawn.resize).not.toHaveBeenCalled();
    frames.forEach((frame) => frame(0));
    // 'auto': the wrapper made the chart with its first drawing's size, which a bare resize keeps.
    expect(drawn.resize).toHaveBeenCalledTimes(1);
    expect(drawn.resize).toHaveBeenCalledWith({ width: 'auto', height: 'auto' });
  });
});
