import { useId, useState, type FormEvent } from 'react';
import { useLanguage } from '@verity/session';
import {
  checkedFlagsText,
  CLOSURE_COMMENT_MAX_LENGTH,
  CLOSURE_MESSAGES,
  CLOSURE_METHOD_LABELS,
  CLOSURE_METHODS,
  CLOSURE_VISITED_BY_MAX_LENGTH,
  closureEvidenceFlags,
  closureRequestProblem,
  latestToday,
  RETURN_REASON_MIN_LENGTH,
  type ClosureCheckFlag,
  type ClosureMethod,
  type Gap,
  visitDateProblem,
} from '@verity/shared-api';
import { requestClosure, reviewClosure, type ClosureReviewInput } from '@verity/shared-api/calls';
import { Button } from '../button';
import { formatDate, formatDateTime } from '../date-text';
import { DateField, TextAreaField, TextField } from '../form-field';
import { Modal } from '../modal';
import { applyGapChange } from './gap-change';
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
  /**
   * With no network, a user who keeps plans on the device puts the request in the outbox: resolves
   * true once it waits there, undefined when the network is there after all (sent now instead).
   */
  waitOffline?: (note: string | null) => Promise<boolean | undefined>;
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
  waitOffline,
}: ClosureSectionProps) {
  useLanguage();
  const [dialog, setDialog] = useState<Dialog>(null);
  const problemId = useId();
  const requestable = gap.status === 'open' || gap.displayStatus === 'overdue';
  const showRequest = canRequest && requestable && gap.status !== 'pending';
  const showReview = canReview && gap.status === 'pending';
  const problem = showRequest ? closureRequestProblem(gap) : undefined;
  if (!gap.closure && !showRequest && !showReview) return null;

  async function done(work: Promise<Gap>, message: string): Promise<boolean> {
    const saved = await applyGapChange(work, message, onGapChange);
    if (saved) setDialog(null);
    return saved;
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
        onSend={async (note) => {
          const waiting = await waitOffline?.(note || null);
          if (waiting !== undefined) {
            if (waiting) setDialog(null);
            return waiting;
          }
          return done(
            requestClosure(gap.id, targetCompanyId, note || undefined),
            CLOSURE_MESSAGES.CLOSURE_REQUESTED,
          );
        }}
      />
      <AcceptDialog
        open={dialog === 'accept'}
        flags={showReview ? closureEvidenceFlags(gap) : []}
        onClose={() => setDialog(null)}
        onSend={(acceptance) =>
          done(
            reviewClosure(gap.id, targetCompanyId, { decision: 'accept', ...acceptance }),
            CLOSURE_MESSAGES.CLOSURE_ACCEPTED,
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
            CLOSURE_MESSAGES.CLOSURE_RETURNED,
          )
        }
      />
    </section>
  );
}

function ClosureState({ gap }: { gap: Gap }) {
  useLanguage();
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
        {review.visitDate && review.visitedBy ? (
          <p>{text.visited(review.visitedBy, formatDate(review.visitDate, 'detail'))}</p>
        ) : null}
        {review.checkedFlags.length > 0 ? <p>{checkedFlagsText(review.checkedFlags)}</p> : null}
        {review.comment ? (
          <blockquote className="vui-closure__note">{review.comment}</blockquote>
        ) : null}
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
  useLanguage();
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

/** What the reviewer fills in to accept: the method, a comment, the visit, the warnings checked. */
export interface AcceptanceInput {
  method: ClosureMethod;
  comment?: string;
  visitDate?: string;
  visitedBy?: string;
  checkedFlags?: ClosureCheckFlag[];
}

type AcceptErrors = Partial<
  Record<'method' | 'comment' | 'visitDate' | 'visitedBy' | 'checked', string>
>;

/**
 * Accepting evidence (docs/decisions/0085-lender-sign-off.md): the method is chosen, never preset; a
 * site verification says when and who visited; flagged evidence needs 'I have checked: …' ticked.
 */
function AcceptDialog({
  open,
  flags,
  onClose,
  onSend,
}: DialogProps<AcceptanceInput> & { flags: readonly ClosureCheckFlag[] }) {
  useLanguage();
  const [method, setMethod] = useState<ClosureMethod>();
  const [comment, setComment] = useState('');
  const [visitDate, setVisitDate] = useState('');
  const [visitedBy, setVisitedBy] = useState('');
  const [checked, setChecked] = useState(false);
  const [errors, setErrors] = useState<AcceptErrors>({});
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const name = useId();
  const methodErrorId = useId();
  const visitedById = useId();
  function close() {
    setMethod(undefined);
    setComment('');
    setVisitDate('');
    setVisitedBy('');
    setChecked(false);
    setErrors({});
    onClose();
  }
  function problems(): AcceptErrors {
    const found: AcceptErrors = {};
    if (!method) found.method = CLOSURE_MESSAGES.CLOSURE_METHOD_REQUIRED;
    if (comment.trim().length > CLOSURE_COMMENT_MAX_LENGTH)
      found.comment = CLOSURE_MESSAGES.CLOSURE_COMMENT_TOO_LONG;
    if (method === 'site') {
      const dateProblem = visitDateProblem(visitDate);
      if (dateProblem) found.visitDate = dateProblem;
      if (!visitedBy.trim()) found.visitedBy = CLOSURE_MESSAGES.CLOSURE_VISITED_BY_REQUIRED;
      else if (visitedBy.trim().length > CLOSURE_VISITED_BY_MAX_LENGTH)
        found.visitedBy = CLOSURE_MESSAGES.CLOSURE_VISITED_BY_TOO_LONG;
    }
    if (flags.length > 0 && !checked) found.checked = text.confirmChecked;
    return found;
  }
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = problems();
    setErrors(found);
    if (Object.keys(found).length > 0 || !method) {
      // The first field in error takes the focus, in the form's order.
      const form = event.currentTarget;
      const order: [keyof AcceptErrors, string][] = [
        ['method', `input[name="${name}"]`],
        ['visitDate', '.vui-date-field input[type="text"]'],
        ['visitedBy', `[id="${visitedById}"]`],
        ['comment', 'textarea'],
        ['checked', 'input[type="checkbox"]'],
      ];
      const first = order.find(([key]) => found[key]);
      if (first) form.querySelector<HTMLElement>(first[1])?.focus();
      return;
    }
    setBusy(true);
    const sent = await onSend({
      method,
      ...(comment.trim() ? { comment: comment.trim() } : {}),
      ...(method === 'site' ? { visitDate, visitedBy: visitedBy.trim() } : {}),
      ...(flags.length > 0 ? { checkedFlags: [...flags] } : {}),
    });
    setBusy(false);
    if (sent) close();
  }
  const dirty = method !== undefined || comment.trim() !== '' || visitedBy.trim() !== '';
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={text.acceptTitle}
      size="sm"
      dirty={dirty}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {text.cancel}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {busy ? text.accepting : text.accept}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="vui-closure__accept">
        <fieldset
          className="vui-closure__methods"
          aria-describedby={errors.method ? methodErrorId : undefined}
        >
          <legend>{text.methodLegend}</legend>
          {CLOSURE_METHODS.map((option) => (
            <label key={option} className="vui-closure__method">
              <input
                type="radio"
                name={name}
                value={option}
                checked={method === option}
                aria-invalid={errors.method ? true : undefined}
                onChange={() => {
                  setMethod(option);
                  setErrors((current) => ({ ...current, method: undefined }));
                }}
              />
              <span>
                <strong>{CLOSURE_METHOD_LABELS[option]}</strong>
                <span className="vui-closure__method-hint">{text.methodHint(option)}</span>
              </span>
            </label>
          ))}
          {errors.method ? (
            <p id={methodErrorId} className="vui-field__error" role="alert">
              {errors.method}
            </p>
          ) : null}
        </fieldset>
        {method === 'site' ? (
          <div className="vui-closure__visit">
            <DateField
              label={text.visitDateLabel}
              required
              max={latestToday()}
              value={visitDate}
              error={errors.visitDate}
              onChange={(event) => {
                setVisitDate(event.target.value);
                setErrors((current) => ({ ...current, visitDate: undefined }));
              }}
            />
            <TextField
              id={visitedById}
              label={text.visitedByLabel}
              required
              value={visitedBy}
              maxLength={CLOSURE_VISITED_BY_MAX_LENGTH}
              error={errors.visitedBy}
              onChange={(event) => {
                setVisitedBy(event.target.value);
                setErrors((current) => ({ ...current, visitedBy: undefined }));
              }}
            />
          </div>
        ) : null}
        <TextAreaField
          label={text.commentLabel}
          rows={3}
          value={comment}
          error={errors.comment}
          onChange={(event) => {
            setComment(event.target.value);
            setErrors((current) => ({ ...current, comment: undefined }));
          }}
        />
        {flags.length > 0 ? (
          <div className="vui-closure__flags">
            <p className="vui-closure__flags-intro">{text.flaggedIntro}</p>
            <label className="vui-closure__check">
              <input
                type="checkbox"
                checked={checked}
                aria-invalid={errors.checked ? true : undefined}
                onChange={(event) => {
                  setChecked(event.target.checked);
                  setErrors((current) => ({ ...current, checked: undefined }));
                }}
              />
              <span>{checkedFlagsText(flags)}</span>
            </label>
            {errors.checked ? (
              <p className="vui-field__error" role="alert">
                {errors.checked}
              </p>
            ) : null}
          </div>
        ) : null}
      </form>
    </Modal>
  );
}

function ReturnDialog({ open, onClose, onSend }: DialogProps<string>) {
  useLanguage();
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
      setError(CLOSURE_MESSAGES.CLOSURE_RETURN_REASON_SHORT);
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
