import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Button, Modal, type ModalSize } from '@verity/shared-ui';
import './form-dialog.css';

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called whenever the dialog closes, so the next opening starts from a clean form. */
  onReset: () => void;
  title: string;
  description?: string;
  size?: ModalSize;
  onSubmit: FormEventHandler<HTMLFormElement>;
  cancelLabel: string;
  /** What the secondary button does instead of closing, e.g. go back a step. */
  onCancel?: () => void;
  cancelDisabled?: boolean;
  submitLabel: string;
  /** Shown on the submit button while it is busy. */
  submittingLabel?: string;
  submitting?: boolean;
  /** Why the last submit failed, shown under the fields. */
  error?: string;
  children: ReactNode;
}

/** A modal holding one form, with a secondary and a submit button under it. */
export function FormDialog({
  open,
  onOpenChange,
  onReset,
  title,
  description,
  size,
  onSubmit,
  cancelLabel,
  onCancel,
  cancelDisabled,
  submitLabel,
  submittingLabel = submitLabel,
  submitting = false,
  error,
  children,
}: FormDialogProps) {
  const formId = useId();

  function close(next: boolean) {
    if (!next) onReset();
    onOpenChange(next);
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={title}
      description={description}
      size={size}
      footer={
        <>
          <Button
            variant="secondary"
            onClick={onCancel ?? (() => close(false))}
            disabled={cancelDisabled}
          >
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} loading={submitting}>
            {submitting ? submittingLabel : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="vc-form" noValidate onSubmit={onSubmit}>
        {children}
        {error ? (
          <p className="vc-form__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
