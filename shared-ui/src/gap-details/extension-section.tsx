import { useId, useState, type FormEvent } from 'react';
import { useLanguage } from '@verity/session';
import dayjs from 'dayjs';
import {
  EXTENSION_COMMENT_MAX_LENGTH,
  EXTENSION_MESSAGES,
  extensionDateProblem,
  extensionReasonProblem,
  extensionRequestable,
  minSelectableDate,
  type ExtensionApprover,
  type ExtensionDecision,
  type Gap,
} from '@verity/shared-api';
import { answerExtension, requestExtension } from '@verity/shared-api/calls';
import { Button } from '../button';
import { formatDate, formatDateTime } from '../date-text';
import { DateField, TextAreaField } from '../form-field';
import { Modal } from '../modal';
import { applyGapChange } from './gap-change';
import { EXTENSION_TEXT as text } from './extension-text';
import './closure.css';

export interface ExtensionSectionProps {
  gap: Gap;
  targetCompanyId: string;
  /** Target-company owners, admins and editors (canRequestExtension). */
  canRequest: boolean;
  /** Whether the user answers where `approver` answers (canAnswerExtension). */
  canAnswer: (approver: ExtensionApprover) => boolean;
  /** The gap as the server answered. */
  onGapChange: (gap: Gap) => void;
}

type Dialog = 'request' | ExtensionDecision | null;

const day = (value: string | null) => (value ? formatDate(value, 'detail') : text.noDueDate);

/**
 * A later due date in the Gap Details panel: 'Request extension' for the company while the gap is
 * open and nothing waits, the waiting request (and Approve / Decline for whoever answers it, as the
 * client's setting says), or how the last one was answered.
 */
export function ExtensionSection({
  gap,
  targetCompanyId,
  canRequest,
  canAnswer,
  onGapChange,
}: ExtensionSectionProps) {
  useLanguage();
  const [dialog, setDialog] = useState<Dialog>(null);
  const extension = gap.extension;
  const waiting = extension !== null && extension.answer === null;
  // A gap due relative to a financing milestone moves with it, never alone (decision 0084).
  const showRequest =
    canRequest && extensionRequestable(gap.status) && !waiting && !gap.dueMilestone;
  const showAnswer = waiting && canAnswer(extension.approver);
  if (!extension && !showRequest) return null;

  async function done(work: Promise<Gap>, message: string): Promise<boolean> {
    const saved = await applyGapChange(work, message, onGapChange);
    if (saved) setDialog(null);
    return saved;
  }

  return (
    <section className="vui-closure vui-extension" aria-label={text.sectionLabel}>
      {extension ? (
        <div className="vui-closure__state" data-state={waiting ? 'pending' : 'answered'}>
          <p>
            {text.requested(extension.requestedBy.fullname, formatDateTime(extension.requestedAt))}
          </p>
          <p className="vui-extension__dates">
            {text.dates(day(extension.currentDueDate), day(extension.dueDate))}
          </p>
          <blockquote className="vui-closure__note">{extension.reason}</blockquote>
          {extension.answer ? (
            <>
              <p>
                {text.answered(
                  extension.answer.decision === 'approve',
                  extension.answer.answeredBy.fullname,
                  formatDateTime(extension.answer.answeredAt),
                )}
              </p>
              {extension.answer.comment ? (
                <blockquote className="vui-closure__note">{extension.answer.comment}</blockquote>
              ) : null}
            </>
          ) : showAnswer ? null : (
            <p className="vui-closure__problem">{text.waitingFor(extension.approver)}</p>
          )}
        </div>
      ) : null}
      {showRequest || showAnswer ? (
        <div className="vui-closure__actions">
          {showRequest ? (
            <Button variant="secondary" onClick={() => setDialog('request')}>
              {text.requestExtension}
            </Button>
          ) : null}
          {showAnswer ? (
            <>
              <Button onClick={() => setDialog('approve')}>{text.approve}</Button>
              <Button variant="secondary" onClick={() => setDialog('decline')}>
                {text.decline}
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
      <RequestDialog
        open={dialog === 'request'}
        gap={gap}
        onClose={() => setDialog(null)}
        onSend={(request) =>
          done(
            requestExtension(gap.id, targetCompanyId, request),
            EXTENSION_MESSAGES.EXTENSION_REQUESTED,
          )
        }
      />
      {dialog === 'approve' || dialog === 'decline' ? (
        <AnswerDialog
          decision={dialog}
          onClose={() => setDialog(null)}
          onSend={(comment) =>
            done(
              answerExtension(gap.id, targetCompanyId, {
                decision: dialog,
                ...(comment ? { comment } : {}),
              }),
              dialog === 'approve'
                ? EXTENSION_MESSAGES.EXTENSION_APPROVED
                : EXTENSION_MESSAGES.EXTENSION_DECLINED,
            )
          }
        />
      ) : null}
    </section>
  );
}

function RequestDialog({
  open,
  gap,
  onClose,
  onSend,
}: {
  open: boolean;
  gap: Gap;
  onClose: () => void;
  onSend: (request: { dueDate: string; reason: string }) => Promise<boolean>;
}) {
  useLanguage();
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ date?: string; reason?: string }>({});
  const [busy, setBusy] = useState(false);
  const formId = useId();
  function close() {
    setDate('');
    setReason('');
    setErrors({});
    onClose();
  }
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's rules, on the date as picked (local midnight, as the gap form sends it).
    const dueDate = date ? dayjs(date).toISOString() : '';
    const found = {
      date: extensionDateProblem(dueDate, gap),
      reason: extensionReasonProblem(reason),
    };
    if (found.date || found.reason) {
      setErrors(found);
      event.currentTarget
        .querySelector<HTMLElement>(
          found.date ? '.vui-date-field input:not([aria-hidden])' : 'textarea',
        )
        ?.focus();
      return;
    }
    setBusy(true);
    const sent = await onSend({ dueDate, reason: reason.trim() });
    setBusy(false);
    if (sent) close();
  }
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={text.requestTitle}
      description={text.requestDescription}
      size="sm"
      dirty={date !== '' || reason.trim() !== ''}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {text.cancel}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {busy ? text.sending : text.send}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="vui-closure__accept">
        <DateField
          label={text.dateLabel}
          required
          min={minSelectableDate()}
          max={gap.timeline ?? undefined}
          value={date}
          error={errors.date}
          onChange={(event) => {
            setDate(event.target.value);
            setErrors((current) => ({ ...current, date: undefined }));
          }}
        />
        <TextAreaField
          label={text.reasonLabel}
          required
          rows={3}
          value={reason}
          error={errors.reason}
          onChange={(event) => {
            setReason(event.target.value);
            setErrors((current) => ({ ...current, reason: undefined }));
          }}
        />
      </form>
    </Modal>
  );
}

function AnswerDialog({
  decision,
  onClose,
  onSend,
}: {
  decision: ExtensionDecision;
  onClose: () => void;
  onSend: (comment: string) => Promise<boolean>;
}) {
  useLanguage();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const approve = decision === 'approve';
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (comment.trim().length > EXTENSION_COMMENT_MAX_LENGTH) {
      setError(EXTENSION_MESSAGES.EXTENSION_COMMENT_TOO_LONG);
      event.currentTarget.querySelector('textarea')?.focus();
      return;
    }
    setBusy(true);
    await onSend(comment.trim());
    setBusy(false);
  }
  return (
    <Modal
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={approve ? text.approveTitle : text.declineTitle}
      size="sm"
      dirty={comment.trim() !== ''}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {text.cancel}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={approve ? 'primary' : 'danger'}
            loading={busy}
          >
            {busy
              ? approve
                ? text.approving
                : text.declining
              : approve
                ? text.approve
                : text.decline}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextAreaField
          label={text.commentLabel}
          rows={3}
          value={comment}
          error={error}
          onChange={(event) => {
            setComment(event.target.value);
            setError(undefined);
          }}
        />
      </form>
    </Modal>
  );
}
