import type { ReactNode } from 'react';
import { useLanguage } from '@verity/session';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { MESSAGES } from '@verity/shared-api';
import { Button, type ButtonVariant } from '../button';
import { useReturnFocus } from '../internal/use-return-focus';
import '../styles/overlay.css';
import { t } from '../texts';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  text: ReactNode;
  /** Runs on confirm; the caller closes the dialog (through onOpenChange) when it is done. */
  onConfirm: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** While the confirmed action runs: the confirm button spins and both buttons are disabled. */
  busy?: boolean;
  confirmVariant?: ButtonVariant;
}

/** A question that must be answered: focus starts on Cancel, Escape cancels, outside clicks do nothing. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  text,
  onConfirm,
  confirmLabel = t('ui.common.confirm'),
  cancelLabel = t('ui.common.cancel'),
  busy = false,
  confirmVariant = 'primary',
}: ConfirmDialogProps) {
  useLanguage();
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="vui-overlay" />
        <AlertDialog.Content
          className="vui-dialog"
          data-size="sm"
          data-kind="confirm"
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        >
          <div className="vui-dialog__header">
            <AlertDialog.Title className="vui-dialog__title">{title}</AlertDialog.Title>
          </div>
          <div className="vui-dialog__body">
            <AlertDialog.Description>{text}</AlertDialog.Description>
          </div>
          <div className="vui-dialog__footer">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button variant={confirmVariant} loading={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export type DeleteUserDialogProps = Omit<
  ConfirmDialogProps,
  'title' | 'text' | 'confirmLabel' | 'confirmVariant'
>;

/** The spec's 'Delete User' confirmation. */
export function DeleteUserDialog(props: DeleteUserDialogProps) {
  useLanguage();
  return (
    <ConfirmDialog
      {...props}
      title={MESSAGES.DELETE_USER_TITLE}
      text={MESSAGES.DELETE_USER_CONFIRM_TEXT}
      confirmLabel={t('ui.common.delete')}
      confirmVariant="danger"
    />
  );
}
