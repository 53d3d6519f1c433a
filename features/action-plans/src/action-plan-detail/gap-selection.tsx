import { useCallback, useMemo, useState } from 'react';
import { BULK_TEXT, type Gap } from '@verity/shared-api';
import { useLanguage } from '@verity/session';
import { Button } from '@verity/shared-ui';

export interface GapSelection {
  /** The selected gaps among those listed, in their order. */
  selected: Gap[];
  isSelected: (gap: Gap) => boolean;
  toggle: (gap: Gap) => void;
  /** Selects every gap listed, or none when all are. */
  toggleAll: () => void;
  clear: () => void;
}

/** Which of the listed gaps are selected; a gap no longer listed is no longer selected. */
export function useGapSelection(gaps: readonly Gap[]): GapSelection {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const selected = useMemo(() => gaps.filter((gap) => ids.has(gap.id)), [gaps, ids]);
  const isSelected = useCallback((gap: Gap) => ids.has(gap.id), [ids]);
  const toggle = useCallback(
    (gap: Gap) =>
      setIds((previous) => {
        const next = new Set(previous);
        if (next.has(gap.id)) next.delete(gap.id);
        else next.add(gap.id);
        return next;
      }),
    [],
  );
  const allSelected = gaps.length > 0 && selected.length === gaps.length;
  const toggleAll = useCallback(
    () => setIds(allSelected ? new Set() : new Set(gaps.map((gap) => gap.id))),
    [allSelected, gaps],
  );
  const clear = useCallback(() => setIds(new Set()), []);
  return { selected, isSelected, toggle, toggleAll, clear };
}

export interface GapSelectionBarProps {
  count: number;
  onChange: () => void;
  onClear: () => void;
}

/** Above the gaps table while some are selected: how many, 'Change selected' and 'Clear selection'. */
export function GapSelectionBar({ count, onChange, onClear }: GapSelectionBarProps) {
  useLanguage();
  if (count === 0) return null;
  return (
    <div className="vui-gap-selection" role="region" aria-label={BULK_TEXT.selected(count)}>
      <span className="vui-gap-selection__count" aria-live="polite">
        {BULK_TEXT.selected(count)}
      </span>
      <div className="vui-gap-selection__actions">
        <Button variant="secondary" size="sm" onClick={onClear}>
          {BULK_TEXT.clear}
        </Button>
        <Button size="sm" onClick={onChange}>
          {BULK_TEXT.change}
        </Button>
      </div>
    </div>
  );
}
