import { useId, useState, type FormEvent } from 'react';
import {
  CLOSURE_ACCEPTED,
  CLOSURE_METHODS,
  CLOSURE_METHOD_LABELS,
  CLOSURE_REQUESTED,
  CLOSURE_RETURNED,
  CLOSURE_RETURN_REASON_SHORT,
  RETURN_REASON_MIN_LENGTH,
  closureRequestProblem,
  type ClosureMethod,
  type Gap,
} from '@verity/shared-api';
import {
  getErrorText,
  requestClosure,
  reviewClosure,
  type ClosureReviewInput,
} from '@verity/shared-api/calls';
import { Button } from '../button';
import { formatDateTime } from '../date-text';
import { TextAreaField } from '../form-field';
import { Modal } from '../modal';
import { toast } from '../toast';
import { CLOSURE_TEXT as text } from './closure-text';
import './closure.css';

export interface ClosureSectionProps {
  gap: Gap;
  targetCompanyId: string;
  /** Target-company owners, admins and editors (canRequestClosure). */
  canRequest: boolean;
  /** Auditor owners and admins, client users who are not viewers (canReviewClosure). */
  canReview: boolean;
  /** The gap as the server answered a request or a review. */
  onGapChange: (gap: Gap) => void;
}

type Dialog = 'request' | 'accept' | 'return' | null;

/**
 * The closure loop in the Gap Details panel: where the latest request stands, 'Request closure' for
 * the company (disabled, with the reason, until a photo remark was added since the gap was opened),
 * and 'Accept evidence' and 'Return' for the reviewers while it waits.
 */
export function ClosureSection({
  gap,
  targetCompanyId,
  canRequest,
  canReview,
  onGapChange,
}: ClosureSectionProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const problemId = useId();
  const requestable = gap.status === 'open' || gap.displayStatus === 'overdue';
  const showRequest = canRequest && requestable && gap.status !== 'pending';
  const showReview = canReview && gap.status === 'pending';
  const problem = showRequest ? closureRequestProblem(gap) : undefined;
  if (!gap.closure && !showRequest && !showReview) return null;

  async function done(work: Promise<Gap>, message: string): Promise<boolean> {
    try {
      onGapChange(await work);
      toast.success(message);
      setDialog(null);
      return true;
    } catch (error) {
      toast.error(getErrorText(error));
      return false;
    }
  }

  return (
    <section className="vui-closure" aria-label={text.sectionLabel}>
      <ClosureState gap={gap} />
      {showRequest || showReview ? (
        <div className="vui-closure__actions">
          {showRequest ? (
            <>
              <Button
                onClick={() => setDialog('request')}
                disabled={problem !== undefined}
                aria-describedby={problem ? problemId : undefined}
              >
                {text.requestClosure}
              </Button>
              {problem ? (
                <p id={problemId} className="vui-closure__problem">
                  {problem}
                </p>
              ) : null}
            </>
          ) : null}
          {showReview ? (
            <>
              <Button onClick={() => setDialog('accept')}>{text.acceptEvidence}</Button>
              <Button variant="secondary" onClick={() => setDialog('return')}>
                {text.returnGap}
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
      <RequestDialog
        open={dialog === 'request'}
        onClose={() => setDialog(null)}
        onSend={(note) =>
          done(requestClosure(gap.id, targetCompanyId, note || undefined), CLOSURE_REQUESTED)
        }
      />
      <AcceptDialog
        open={dialog === 'accept'}
        onClose={() => setDialog(null)}
        onSend={(method) =>
          done(
            reviewClosure(gap.id, targetCompanyId, { decision: 'accept', method }),
            CLOSURE_ACCEPTED,
          )
        }
      />
      <ReturnDialog
        open={dialog === 'return'}
        onClose={() => setDialog(null)}
        onSend={(reason) =>
          done(
            reviewClosure(gap.id, targetCompanyId, {
              decision: 'return',
              reason,
            } satisfies ClosureReviewInput),
            CLOSURE_RETURNED,
          )
        }
      />
    </section>
  );
}

function ClosureState({ gap }: { gap: Gap }) {
  const closure = gap.closure;
  if (!closure) return null;
  const review = closure.review;
  if (!review) {
    return (
      <div className="vui-closure__state" data-state="pending">
        <p>{text.requested(closure.requestedBy.fullname, formatDateTime(closure.requestedAt))}</p>
        {closure.note ? (
          <blockquote className="vui-closure__note">{closure.note}</blockquote>
        ) : null}
      </div>
    );
  }
  if (review.decision === 'accept' && review.method) {
    return (
      <div className="vui-closure__state" data-state="accepted">
        <p>
          {text.accepted(
            review.reviewedBy.fullname,
            formatDateTime(review.reviewedAt),
            review.method,
          )}
        </p>
      </div>
    );
  }
  return (
    <div className="vui-closure__state" data-state="returned">
      <p>{text.returned(review.reviewedBy.fullname, formatDateTime(review.reviewedAt))}</p>
      {review.reason ? (
        <blockquote className="vui-closure__note">{review.reason}</blockquote>
      ) : null}
    </div>
  );
}

interface DialogProps<T> {
  open: boolean;
  onClose: () => void;
  /** Resolves true when the server took it (the dialog then closes). */
  onSend: (value: T) => Promise<boolean>;
}

function RequestDialog({ open, onClose, onSend }: DialogProps<string>) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const formId = useId();
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const sent = await onSend(note.trim());
    setBusy(false);
    if (sent) setNote('');
  }
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : (setNote(''), onClose()))}
      title={text.requestTitle}
      description={text.requestDescription}
      size="sm"
      dirty={note.trim() !== ''}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {text.cancel}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {busy ? text.sending : text.send}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextAreaField
          label={text.noteLabel}
          value={note}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
        />
      </form>
    </Modal>
  );
}

function AcceptDialog({ open, onClose, onSend }: DialogProps<ClosureMethod>) {
  const [method, setMethod] = useState<ClosureMethod>('site');
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const name = useId();
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    await onSend(method);
    setBusy(false);
  }
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={text.acceptTitle}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {text.cancel}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {busy ? text.accepting : text.accept}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <fieldset className="vui-closure__methods">
          <legend>{text.methodLegend}</legend>
          {CLOSURE_METHODS.map((option) => (
            <label key={option} className="vui-closure__method">
              <input
                type="radio"
                name={name}
                value={option}
                checked={method === option}
                onChange={() => setMethod(option)}
              />
              <span>
                <strong>{CLOSURE_METHOD_LABELS[option]}</strong>
                <span className="vui-closure__method-hint">{text.methodHint(option)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </form>
    </Modal>
  );
}

function ReturnDialog({ open, onClose, onSend }: DialogProps<string>) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const formId = useId();
  function close() {
    setReason('');
    setError(undefined);
    onClose();
  }
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length < RETURN_REASON_MIN_LENGTH) {
      setError(CLOSURE_RETURN_REASON_SHORT);
      event.currentTarget.querySelector('textarea')?.focus();
      return;
    }
    setBusy(true);
    const sent = await onSend(trimmed);
    setBusy(false);
    if (sent) {
      setReason('');
      setError(undefined);
    }
  }
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={text.returnTitle}
      description={text.returnDescription}
      size="sm"
      dirty={reason.trim() !== ''}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {text.cancel}
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={busy}>
            {busy ? text.returning : text.returnSubmit}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextAreaField
          label={text.reasonLabel}
          required
          rows={4}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
      </form>
    </Modal>
  );
}
