import { useState } from 'react';
import {
  CONFIRM_STATUS_UPDATE,
  GAP_STATUSES,
  GAP_STATUS_OPTION_LABELS,
  type GapStatus,
} from '@verity/shared-api';
import { ConfirmDialog } from '../confirm-dialog';
import { SelectField } from '../form-field';
import { GAP_DETAILS_TEXT } from './gap-details-text';

const STATUS_OPTIONS = GAP_STATUSES.map((status) => ({
  value: status,
  label: GAP_STATUS_OPTION_LABELS[status],
}));

export interface GapStatusSelectorProps {
  status: GapStatus;
  /** Called after the user confirms; '' when no status was chosen. */
  onConfirm: (status: GapStatus | '') => void;
}

/** Open / Close / Prov Close; every change asks for confirmation first. */
export function GapStatusSelector({ status, onConfirm }: GapStatusSelectorProps) {
  const [pending, setPending] = useState<GapStatus | '' | null>(null);
  return (
    <>
      <SelectField
        label={GAP_DETAILS_TEXT.statusLabel}
        placeholder={GAP_DETAILS_TEXT.statusPlaceholder}
        options={STATUS_OPTIONS}
        value={pending ?? status}
        onChange={(event) => setPending(event.target.value as GapStatus | '')}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={GAP_DETAILS_TEXT.confirmTitle}
        text={CONFIRM_STATUS_UPDATE}
        confirmLabel={GAP_DETAILS_TEXT.confirmLabel}
        onConfirm={() => {
          const chosen = pending ?? '';
          setPending(null);
          onConfirm(chosen);
        }}
      />
    </>
  );
}
