/**
 * Stands in for echarts-for-react in jsdom (no canvas) and lists each data point with its colour.
 * In a test: jest.mock 'echarts/core' ({ use: jest.fn() }), 'echarts/charts', 'echarts/components',
 * 'echarts/renderers' ({}), and 'echarts-for-react/lib/core' with jest.requireActual of this file.
 */
interface StubOption {
  series: {
    name?: string;
    data?: (number | { name?: string; value: number; itemStyle?: { color?: string } })[];
  }[];
}

export default function EChartsStub({
  option,
  style,
}: {
  option: StubOption;
  style?: { height?: number };
}) {
  return (
    <ul data-testid="echarts" data-height={style?.height}>
      {option.series.flatMap((series, seriesIndex) =>
        (series.data ?? []).map((point, index) => {
          const text =
            typeof point === 'number'
              ? `${series.name ?? 'series'} ${point}`
              : `${point.name ?? series.name ?? 'series'} ${point.value}${point.itemStyle?.color ? ` ${point.itemStyle.color}` : ''}`;
          return <li key={`${seriesIndex}-${index}`}>{text}</li>;
        }),
      )}
    </ul>
  );
}
