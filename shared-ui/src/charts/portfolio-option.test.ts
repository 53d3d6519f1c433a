import { portfolioHeight, portfolioOption } from './portfolio-option';

const rows = [
  { targetCompanyName: 'Acme Ltd', open: 4, closed: 2, provClosed: 1, overdue: 3 },
  { targetCompanyName: 'Globex', open: 0, closed: 5, provClosed: 0, overdue: 0 },
];

describe('portfolioOption', () => {
  it('has one category row per target company, first on top', () => {
    const option = portfolioOption(rows);
    expect(option.yAxis).toMatchObject({
      type: 'category',
      inverse: true,
      data: ['Acme Ltd', 'Globex'],
    });
    expect(option.xAxis.type).toBe('value');
  });

  it('mirrors right to left: names on the right, bars growing leftwards, the legend left to the page', () => {
    const option = portfolioOption(rows, 'rtl', new Set(['Closed']));
    expect(option.yAxis).toMatchObject({ position: 'right', data: ['Acme Ltd', 'Globex'] });
    expect(option.xAxis).toMatchObject({ type: 'value', inverse: true });
    expect(option.legend).toEqual({
      show: false,
      selected: { Open: true, Closed: false, 'Provisional Closed': true, Overdue: true },
    });
    expect(portfolioOption(rows).xAxis).not.toHaveProperty('inverse');
  });

  it('draws open, closed, provisional closed and overdue in blue, green, yellow, red', () => {
    const series = portfolioOption(rows).series;
    expect(series.map((s) => [s.name, (s.itemStyle as { color: string }).color])).toEqual([
      ['Open', '#3b82f6'],
      ['Closed', '#22c55e'],
      ['Provisional Closed', '#eab308'],
      ['Overdue', '#ef4444'],
    ]);
    expect(series.map((s) => s.data)).toEqual([
      [4, 0],
      [2, 5],
      [1, 0],
      [3, 0],
    ]);
  });

  it("cuts a long company name at 180 px with '…', so the bars keep their room", () => {
    const option = portfolioOption([{ ...rows[0]!, targetCompanyName: 'Cooperative '.repeat(21) }]);
    expect(option.yAxis.axisLabel).toEqual({ width: 180, overflow: 'truncate' });
    // The tooltip (trigger 'axis') names the row by its whole category name.
    expect(option.yAxis.data[0]).toHaveLength(252);
    expect(option.tooltip).toMatchObject({ trigger: 'axis' });
  });

  it('uses bars of size 15', () => {
    for (const series of portfolioOption(rows).series) {
      expect(series.type).toBe('bar');
      expect(series.barWidth).toBe(15);
      expect(series.barMaxWidth).toBe(15);
    }
  });

  it('is 120 plus 110 per company row tall', () => {
    expect(portfolioHeight(rows)).toBe(340);
    expect(portfolioHeight([])).toBe(120);
  });
});
