import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchLanguage } from '@verity/session';
import { axe } from 'jest-axe';
import { PieChart } from './pie-chart';
import { PortfolioBarChart } from './portfolio-bar-chart';

// jsdom has no canvas: the ECharts edge is replaced by an element that shows what it was given.
jest.mock('echarts/core', () => ({ use: jest.fn() }));
jest.mock('echarts/charts', () => ({ PieChart: 'PieChart', BarChart: 'BarChart' }));
jest.mock('echarts/components', () => ({
  GridComponent: 'GridComponent',
  LegendComponent: 'LegendComponent',
  TitleComponent: 'TitleComponent',
  TooltipComponent: 'TooltipComponent',
}));
jest.mock('echarts/renderers', () => ({ CanvasRenderer: 'CanvasRenderer' }));
jest.mock('echarts-for-react/lib/core', () => ({
  __esModule: true,
  default: ({
    option,
    style,
  }: {
    option: { series: { name?: string }[]; legend?: { selected?: object } };
    style: { height: number };
  }) => (
    <div
      data-testid="echarts"
      data-height={style.height}
      data-legend={JSON.stringify(option.legend?.selected ?? null)}
    >
      {option.series.map((series) => series.name ?? 'pie').join(',')}
    </div>
  ),
}));

const rows = [
  { targetCompanyName: 'Acme Ltd', open: 4, closed: 2, provClosed: 1, overdue: 3 },
  { targetCompanyName: 'Globex', open: 0, closed: 5, provClosed: 0, overdue: 0 },
];

// The lazy chunk loads once per file, so only the first chart rendered here shows the placeholder.
describe('PieChart', () => {
  const data = [
    { name: 'Environment', value: 2 },
    { name: 'Social', value: 1 },
  ];

  it('shows its title and a placeholder of its height first, then the chart', async () => {
    render(<PieChart title="ESG Composition" data={data} height={280} />);
    expect(screen.getByText('ESG Composition')).toBeInTheDocument();
    expect(screen.getByTestId('chart-placeholder')).toHaveStyle({ height: '280px' });
    expect(await screen.findByTestId('echarts')).toHaveAttribute('data-height', '280');
    expect(screen.queryByTestId('chart-placeholder')).not.toBeInTheDocument();
  });

  it('describes the slices in rounded whole percent for screen readers', () => {
    render(<PieChart title="ESG Composition" data={data} />);
    expect(
      screen.getByRole('img', { name: 'ESG Composition: Environment: 67%, Social: 33%' }),
    ).toBeInTheDocument();
  });

  it('says there is no data instead of drawing an empty pie', () => {
    render(<PieChart title="Risk Severity" data={[{ name: 'low', value: 0 }]} />);
    expect(screen.getByText('No Data')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('right to left, lays its legend out on the page from the right; a name pressed hides its slice', async () => {
    render(<PieChart title="ESG Composition" data={data} />);
    expect(screen.queryByRole('button', { name: 'Environment' })).not.toBeInTheDocument();
    await act(() => switchLanguage('ar'));
    try {
      const legend = screen.getAllByRole('listitem').map((item) => item.textContent);
      expect(legend).toEqual(['Environment', 'Social']);
      const social = screen.getByRole('button', { name: 'Social' });
      expect(social).toHaveAttribute('aria-pressed', 'true');
      await userEvent.click(social);
      expect(social).toHaveAttribute('aria-pressed', 'false');
      expect(await screen.findByTestId('echarts')).toHaveAttribute(
        'data-legend',
        JSON.stringify({ Environment: true, Social: false }),
      );
    } finally {
      await act(() => switchLanguage('en'));
    }
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<PieChart title="Timeline Analysis" data={data} />);
    await screen.findByTestId('echarts');
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('PortfolioBarChart', () => {
  it('reserves 120 + 110 per row, then draws the four series', async () => {
    render(<PortfolioBarChart rows={rows} />);
    expect(screen.getByRole('img')).toHaveStyle({ minHeight: '340px' });
    const chart = await screen.findByTestId('echarts');
    expect(chart).toHaveAttribute('data-height', '340');
    expect(chart).toHaveTextContent('Open,Closed,Provisional Closed,Overdue');
  });

  it('describes every company row for screen readers', () => {
    render(<PortfolioBarChart rows={rows} />);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Gaps per target company. Acme Ltd: Open 4, Closed 2, Provisional Closed 1, Overdue 3. Globex: Open 0, Closed 5, Provisional Closed 0, Overdue 0',
    );
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<PortfolioBarChart rows={rows} />);
    await screen.findByTestId('echarts');
    expect(await axe(container)).toHaveNoViolations();
  });
});
