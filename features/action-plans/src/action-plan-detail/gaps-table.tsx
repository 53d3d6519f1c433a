import type { To } from 'react-router-dom';
import {
  BULK_TEXT,
  ESAP_REVISION_SCREEN,
  dueWaitingText,
  gapItemName,
  type Gap,
} from '@verity/shared-api';
import {
  formatDate,
  Button,
  DataTable,
  ItemNumber,
  RiskBadge,
  StatusBadge,
  type DataTableColumn,
  type DataTableSelection,
} from '@verity/shared-ui';
import { useLanguage } from '@verity/session';
import { t } from '../texts';
import type { GapSelection } from './gap-selection';

export interface GapsTableProps {
  gaps: readonly Gap[];
  canEditGap: boolean;
  /** The address that opens a gap's details panel. */
  gapLink: (gap: Gap) => To;
  onEditGap: (gap: Gap) => void;
  /** The dropped ESAP items' gaps, each with the revision that dropped it: struck, and said so. */
  droppedIn?: ReadonlyMap<string, number>;
  /** A checkbox per gap for a change to many (for those who may change gaps). */
  selection?: GapSelection;
}

/** The plan's gaps; a row opens the gap's details, Edit Gap opens the edit form. */
export function GapsTable({
  gaps,
  canEditGap,
  gapLink,
  onEditGap,
  droppedIn,
  selection,
}: GapsTableProps) {
  useLanguage();
  const selectable: DataTableSelection<Gap> | undefined = selection && {
    isSelected: selection.isSelected,
    onToggle: selection.toggle,
    onToggleAll: selection.toggleAll,
    rowLabel: (gap) => BULK_TEXT.selectGap(gapItemName(gap)),
    allLabel: BULK_TEXT.selectAll,
  };
  const opensSection = sectionStarts(gaps);
  const columns: DataTableColumn<Gap>[] = [
    {
      key: 'gap',
      header: t('plans.gaps.caption'),
      cell: (gap) => {
        const dropped = gap.status === 'dropped' ? droppedIn?.get(gap.id) : undefined;
        return (
          <span
            className={
              gap.status === 'dropped' ? 'vui-gap-cell vui-gap-cell--dropped' : 'vui-gap-cell'
            }
          >
            {opensSection.has(gap.id) ? (
              // A heading for the eye; the gap's link keeps its name, and its panel names the section.
              <span className="vui-gap-cell__section" aria-hidden="true">
                {gap.esapSection}
              </span>
            ) : null}
            <ItemNumber value={gap.esapItemNumber} />
            <span className="vui-gap-cell__kpi" title={gap.KPI}>
              {gap.KPI}
            </span>{' '}
            <span className="vui-gap-cell__name" title={gap.gapName}>
              {gap.gapName}
            </span>
            {dropped !== undefined ? (
              <span className="vui-gap-cell__dropped">
                {ESAP_REVISION_SCREEN.droppedIn(dropped)}
              </span>
            ) : null}
          </span>
        );
      },
    },
    {
      key: 'created',
      header: t('plans.gaps.createdAt'),
      cell: (gap) => formatDate(gap.createdAt, 'table'),
    },
    {
      key: 'timeline',
      header: t('plans.gaps.timeline'),
      cell: (gap) => dueWaitingText(gap) ?? formatDate(gap.dueDate, 'table'),
    },
    {
      key: 'risk',
      header: t('plans.gaps.risk'),
      cell: (gap) => <RiskBadge risk={gap.riskSeverity} />,
    },
    {
      key: 'status',
      header: t('plans.gaps.status'),
      cell: (gap) => <StatusBadge status={gap.displayStatus} />,
    },
    {
      key: 'edit',
      header: t('plans.detail.editGap'),
      cell: (gap) => (
        <Button
          variant="secondary"
          size="sm"
          disabled={!canEditGap}
          aria-label={t('plans.gaps.editGapOf', { kpi: gap.KPI })}
          onClick={() => onEditGap(gap)}
        >
          {t('plans.detail.editGap')}
        </Button>
      ),
    },
  ];

  return (
    <DataTable
      caption={t('plans.gaps.caption')}
      columns={columns}
      rows={gaps}
      getRowKey={(gap) => gap.id}
      rowLink={(gap) => ({ to: gapLink(gap), action: t('plans.gaps.openGap') })}
      selection={selectable}
    />
  );
}

/**
 * The gaps that open an ESAP section in the order shown: each names its section ('PR2 Labour and
 * Working Conditions') above its item number, as the lender's table heads each section.
 */
function sectionStarts(gaps: readonly Gap[]): Set<string> {
  const starts = new Set<string>();
  let previous: string | null = null;
  for (const gap of gaps) {
    if (gap.esapSection && gap.esapSection !== previous) starts.add(gap.id);
    previous = gap.esapSection ?? null;
  }
  return starts;
}
