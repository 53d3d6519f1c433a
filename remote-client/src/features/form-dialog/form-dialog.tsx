import { useId, useRef, type FormEventHandler, type ReactNode } from 'react';
import { Button, Modal, useFocusFirstError, type ModalSize } from '@verity/shared-ui';
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
  /** The form holds input not yet saved: Escape, a click outside, Close and Back ask first. */
  dirty?: boolean;
  /** Formik's submit state: after a refused submit, focus goes to the first field in error. */
  submitState?: { submitCount: number; isSubmitting: boolean };
  children: ReactNode;
}

/**
 * A modal holding one form, with a secondary and a submit button under it. The secondary button
 * (Cancel) discards at once: it is the explicit way out; the other ways ask when the form is dirty.
 */
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
  dirty = false,
  submitState = { submitCount: 0, isSubmitting: false },
  children,
}: FormDialogProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, submitState.submitCount, submitState.isSubmitting);

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
      dirty={dirty}
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
      <form ref={formRef} id={formId} className="vc-form" noValidate onSubmit={onSubmit}>
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
