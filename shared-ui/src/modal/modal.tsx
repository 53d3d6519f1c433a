import type { ReactNode } from 'react';
import { useLanguage } from '@verity/session';
import * as Dialog from '@radix-ui/react-dialog';
import { IconButton } from '../icon-button';
import { useReturnFocus } from '../internal/use-return-focus';
import { useUnsavedChanges } from '../unsaved-changes';
import '../styles/overlay.css';
import { t } from '../texts';

export type ModalSize = 'sm' | 'md' | 'lg' | 'fullscreen';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: ModalSize;
  /** Actions under the body, such as Cancel and Save. */
  footer?: ReactNode;
  children?: ReactNode;
  /** The accessible name of the close button. */
  closeLabel?: string;
  /** Called before focus returns to the opener; preventDefault keeps focus where it is. */
  onCloseAutoFocus?: (event: Event) => void;
  /**
   * The dialog holds input that was not saved: Escape, a click outside, the Close button, Back and a
   * reload ask before it is thrown away.
   */
  dirty?: boolean;
}

/**
 * A dialog that traps focus, closes on Escape, a click outside or its Close button (asking first when
 * it holds unsaved input), and returns focus to its opener.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  size = 'md',
  footer,
  children,
  closeLabel = t('ui.common.close'),
  onCloseAutoFocus,
  dirty = false,
}: ModalProps) {
  useLanguage();
  const returnFocus = useReturnFocus(onCloseAutoFocus);
  const unsaved = useUnsavedChanges(open && dirty);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) =>
        next ? onOpenChange(true) : unsaved.confirmClose(() => onOpenChange(false))
      }
    >
      {unsaved.prompt}
      <Dialog.Portal>
        <Dialog.Overlay className="vui-overlay" />
        <Dialog.Content
          className="vui-dialog"
          data-size={size}
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="vui-dialog__header">
            <div>
              <Dialog.Title className="vui-dialog__title">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="vui-dialog__description">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close asChild>
              <IconButton label={closeLabel} icon={<CloseIcon />} />
            </Dialog.Close>
          </div>
          <div className="vui-dialog__body">{children}</div>
          {footer ? <div className="vui-dialog__footer">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CloseIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}
