import { render } from '@testing-library/react';
import ChartCanvas from './chart-canvas';

// jsdom has no canvas: the ECharts edge is replaced by an element that shows the option it was given.
jest.mock('./echarts-setup', () => ({ echarts: {} }));
jest.mock('echarts-for-react/lib/core', () => ({
  __esModule: true,
  default: ({ option }: { option: { animation?: boolean } }) => (
    <div data-testid="echarts" data-animation={String(option.animation ?? 'default')} />
  ),
}));

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
});
