import * as echarts from 'echarts';
import { switchLanguage } from '@verity/session';
import {
  CHART_PALETTE,
  categorySlices,
  pieLabel,
  pieOption,
  riskSlices,
  sliceColors,
  timelineSlices,
  wholePercent,
} from './pie-option';

type LabelFormatter = (params: { name: string; value: unknown }) => string;

describe('pieOption', () => {
  const data = [
    { name: 'Environment', value: 1 },
    { name: 'Social', value: 1 },
    { name: 'Governance', value: 1 },
  ];

  it('labels each slice with its rounded whole percent, and names it in the tooltip', () => {
    const option = pieOption(data);
    const series = option.series[0];
    const formatter = (series?.label as { formatter: LabelFormatter }).formatter;
    expect(formatter({ name: 'Environment', value: 1 })).toBe('33%');
    const tooltip = (option.tooltip as { formatter: LabelFormatter }).formatter;
    expect(tooltip({ name: 'Environment', value: 1 })).toBe('Environment: 33%');
    expect(series?.percentPrecision).toBe(0);
  });

  it('rounds halves up and handles an empty whole', () => {
    expect(wholePercent(1, 8)).toBe(13);
    expect(wholePercent(2, 3)).toBe(67);
    expect(wholePercent(0, 0)).toBe(0);
    expect(pieLabel('High', 1, 4)).toBe('High: 25%');
  });

  it('keeps the slices, their order and the given palette', () => {
    const option = pieOption(data, { colors: ['#111111', '#222222'], title: 'ESG Composition' });
    expect(option.color).toEqual(['#111111', '#222222']);
    expect(option.title).toEqual({ text: 'ESG Composition', left: 'center' });
    expect(option.series[0]?.data).toEqual([
      { name: 'Environment', value: 1 },
      { name: 'Social', value: 1 },
      { name: 'Governance', value: 1 },
    ]);
  });

  it('leaves the legend to the page right to left, each slice coloured and shown as chosen', () => {
    expect(pieOption(data).legend).toEqual({ bottom: 0, type: 'plain' });
    const option = pieOption([...data, { name: 'Prosperity', value: 1, color: '#123456' }], {
      direction: 'rtl',
      colors: ['#111111', '#222222'],
      hidden: new Set(['Social']),
    });
    expect(option.legend).toEqual({
      show: false,
      selected: { Environment: true, Social: false, Governance: true, Prosperity: true },
    });
    expect(
      option.series[0]?.data?.map((slice) => (slice as { itemStyle: { color: string } }).itemStyle),
    ).toEqual([
      { color: '#111111' },
      { color: '#222222' },
      { color: '#111111' },
      { color: '#123456' },
    ]);
  });

  it("colours slices as ECharts' own palette does", () => {
    const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 200, height: 200 });
    chart.setOption({ series: [{ type: 'pie', data: [{ name: 'a', value: 1 }] }] });
    expect((chart.getOption() as { color: string[] }).color).toEqual(CHART_PALETTE);
    chart.dispose();
    expect(
      sliceColors([
        { name: 'a', value: 1 },
        { name: 'b', value: 1, color: '#000000' },
      ]),
    ).toEqual([CHART_PALETTE[0], '#000000']);
  });

  it('hides the label of a 0% slice, which has no arc to point at', () => {
    const option = pieOption([
      { name: 'Completed', value: 2 },
      { name: 'No Timeline', value: 0 },
    ]);
    expect(option.series[0]?.data).toEqual([
      { name: 'Completed', value: 2 },
      { name: 'No Timeline', value: 0, label: { show: false } },
    ]);
  });
});

describe('riskSlices', () => {
  it('names risk slices and colours them green, yellow, red', () => {
    const slices = riskSlices([
      { name: 'low', value: 2 },
      { name: 'moderate', value: 5 },
      { name: 'high', value: 1 },
    ]);
    expect(slices).toEqual([
      { name: 'Low', value: 2, color: '#22c55e' },
      { name: 'Moderate', value: 5, color: '#eab308' },
      { name: 'High', value: 1, color: '#ef4444' },
    ]);
    const option = pieOption(slices);
    expect(option.series[0]?.data).toContainEqual({
      name: 'High',
      value: 1,
      itemStyle: { color: '#ef4444' },
    });
  });

  it('leaves other slices as they are', () => {
    expect(riskSlices([{ name: 'Unrated', value: 3 }])).toEqual([{ name: 'Unrated', value: 3 }]);
  });
});

describe('timelineSlices', () => {
  it('colours Overdue red, as in every chart, Completed green and On Track blue', () => {
    const slices = timelineSlices([
      { name: 'Completed', value: 2 },
      { name: 'Overdue', value: 1 },
      { name: 'On Track', value: 3 },
      { name: 'No Timeline', value: 0 },
    ]);
    expect(slices.map((slice) => [slice.name, slice.color])).toEqual([
      ['Completed', '#22c55e'],
      ['Overdue', '#ef4444'],
      ['On Track', '#3b82f6'],
      ['No Timeline', '#94a3b8'],
    ]);
  });

  it('puts those colours on the slices of the chart option', () => {
    const option = pieOption(timelineSlices([{ name: 'Overdue', value: 4 }]));
    const data = option.series[0]!.data as { name: string; itemStyle?: { color?: string } }[];
    expect(data[0]!.itemStyle?.color).toBe('#ef4444');
  });
});

describe('categorySlices', () => {
  it('names the categories the API sends in English in the language in use, other names as sent', async () => {
    const sent = [
      { name: 'Environment', value: 2 },
      { name: 'Prosperity', value: 1 },
      { name: 'Water stewardship', value: 1 },
    ];
    expect(categorySlices(sent)).toEqual(sent);
    await switchLanguage('fr');
    try {
      expect(categorySlices(sent).map((slice) => slice.name)).toEqual([
        'Environnement',
        'Prospérité',
        'Water stewardship',
      ]);
    } finally {
      await switchLanguage('en');
    }
  });
});
