import { useState } from 'react';
import { useLanguage } from '@verity/session';
import {
  GAP_STATUS_OPTION_LABELS,
  GAP_STATUSES,
  MESSAGES,
  type GapStatus,
} from '@verity/shared-api';
import { ConfirmDialog } from '../confirm-dialog';
import { SelectField } from '../form-field';
import { GAP_DETAILS_TEXT } from './gap-details-text';

const statusOptions = () =>
  GAP_STATUSES.map((status) => ({ value: status, label: GAP_STATUS_OPTION_LABELS[status] }));

export interface GapStatusSelectorProps {
  status: GapStatus;
  /** Called after the user confirms; '' when no status was chosen. */
  onConfirm: (status: GapStatus | '') => void;
  /** A change is on its way to the server: the selector waits and says 'Updating…'. */
  updating?: boolean;
}

/** Open / Close / Prov Close; every change asks for confirmation first. */
export function GapStatusSelector({ status, onConfirm, updating = false }: GapStatusSelectorProps) {
  useLanguage();
  const [pending, setPending] = useState<GapStatus | '' | null>(null);
  return (
    <>
      <SelectField
        label={GAP_DETAILS_TEXT.statusLabel}
        placeholder={GAP_DETAILS_TEXT.statusPlaceholder}
        options={statusOptions()}
        value={pending ?? status}
        disabled={updating}
        onChange={(event) => setPending(event.target.value as GapStatus | '')}
      />
      <p className="vui-gap-details__status-note" role="status">
        {updating ? GAP_DETAILS_TEXT.updatingStatus : ''}
      </p>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={GAP_DETAILS_TEXT.confirmTitle}
        text={MESSAGES.CONFIRM_STATUS_UPDATE}
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
