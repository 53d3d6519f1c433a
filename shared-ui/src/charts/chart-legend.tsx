import { useCallback, useState } from 'react';

/** The names a reader has hidden by pressing them in a legend, and the press. */
export function useHiddenNames(): [ReadonlySet<string>, (name: string) => void] {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (name: string) =>
      setHidden((before) => {
        const after = new Set(before);
        if (!after.delete(name)) after.add(name);
        return after;
      }),
    [],
  );
  return [hidden, toggle];
}

/**
 * A chart's legend laid out by the page, used right to left: ECharts lays a legend's names from the
 * left, and one whose names sit left of their swatches stops wrapping and runs out of a phone's
 * card. Here each name follows its swatch and the names wrap from the right, as the language reads;
 * pressing one hides or shows its part of the chart, as ECharts' own legend does.
 */
export function ChartLegend({
  items,
  hidden,
  onToggle,
}: {
  items: readonly { name: string; color: string }[];
  hidden: ReadonlySet<string>;
  onToggle: (name: string) => void;
}) {
  return (
    <ul className="vui-chart-legend">
      {items.map((item) => (
        <li key={item.name}>
          <button
            type="button"
            className="vui-chart-legend__item"
            aria-pressed={!hidden.has(item.name)}
            onClick={() => onToggle(item.name)}
          >
            <span
              className="vui-chart-legend__swatch"
              style={{ background: item.color }}
              aria-hidden="true"
            />
            {item.name}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** What the chart's own (hidden) legend keeps: which names are shown. */
export const legendSelection = (names: readonly string[], hidden?: ReadonlySet<string>) => ({
  show: false,
  selected: Object.fromEntries(names.map((name) => [name, !hidden?.has(name)])),
});
