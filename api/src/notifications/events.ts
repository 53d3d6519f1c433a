// Events on a gap (closure requested, returned, accepted; a new remark): told to the gap's other
// parties, never to the author, in the transaction of the write itself.
import type { SessionUser } from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import { notificationText } from './content';
import { gapSubject, insertInAppNotifications, type EmailJob, type Outbox } from './deliveries';
import { readGapContext } from './gap-context';
import { eventParties, gapRecipients, type Party } from './recipients';
import { recordWebhookEvent, WEBHOOK_EVENT_OF } from '../webhooks/events';

export type GapEventKind =
  | 'closureRequested'
  | 'closureReturned'
  | 'closureAccepted'
  | 'extensionRequested'
  | 'extensionAnswered'
  | 'remarkAdded';

export interface GapEvent {
  kind: GapEventKind;
  gapId: string;
  author: SessionUser;
  /** The request's note, the return's reason, the remark's text. */
  text?: string;
  /** How accepted evidence was verified. */
  method?: string;
  /** An extension's new due date (YYYY-MM-DD, the company's day) and, answered, 'approve' or 'decline'. */
  dueDate?: string;
  decision?: string;
  /** Who hears of it, when not every party but the author's (an extension: the one who answers). */
  parties?: Party[];
}

export async function notifyGapEvent(
  tx: Queryable,
  outbox: Outbox,
  event: GapEvent,
): Promise<void> {
  const gap = await readGapContext(tx, event.gapId);
  if (!gap) return;
  const { author } = event;
  const recipients = await gapRecipients(
    tx,
    gap.gapId,
    event.kind,
    event.parties ?? eventParties(author.userType),
    author._id,
  );
  const detail = {
    actorName: author.fullname,
    text: event.text,
    method: event.method,
    dueDate: event.dueDate,
    decision: event.decision,
  };
  await insertInAppNotifications(
    tx,
    event.kind,
    gapSubject(gap),
    (language) => notificationText(event.kind, gap, detail, language),
    recipients,
  );
  const jobs: EmailJob[] = recipients
    .filter((recipient) => recipient.byEmail)
    .map((recipient) => ({
      type: 'event',
      userId: recipient.userId,
      kind: event.kind,
      gapId: gap.gapId,
      actorName: author.fullname,
      text: event.text,
      method: event.method,
      dueDate: event.dueDate,
      decision: event.decision,
      authorType: author.userType,
      authorId: author._id,
    }));
  await outbox.queueEmails(tx, jobs);
  const webhook = WEBHOOK_EVENT_OF[event.kind];
  if (webhook)
    await recordWebhookEvent(tx, {
      type: webhook,
      gapId: gap.gapId,
      actionPlanId: gap.actionPlanId,
      targetCompanyId: gap.targetCompanyId,
      detail: { itemNumber: gap.esapItemNumber, decision: event.decision, dueDate: event.dueDate },
    });
}
