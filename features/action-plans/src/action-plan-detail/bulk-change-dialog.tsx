import { BULK_TEXT, type BulkChangeKind, type Gap } from '@verity/shared-api';
import { useLanguage } from '@verity/session';
import { Modal } from '@verity/shared-ui';
import { BulkChangeForm } from './bulk-change-form';
import './bulk-change.css';

export interface BulkChangeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  actionPlanId: string;
  targetCompanyId: string;
  gaps: readonly Gap[];
  kinds: readonly BulkChangeKind[];
  onDone: (saved: boolean) => Promise<void> | void;
}

/** 'Change N gaps': loaded with its form when the user first asks for it. */
export function BulkChangeDialog({ open, onOpenChange, gaps, ...form }: BulkChangeDialogProps) {
  useLanguage();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={BULK_TEXT.dialogTitle(gaps.length)}
      size="md"
    >
      {open ? <BulkChangeForm {...form} gaps={gaps} onCancel={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}
