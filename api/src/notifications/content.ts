// The words of each notification: one title and body for the bell and the e-mail alike, and the
// e-mail around them (plain text and HTML, a link to the gap in the reader's area, a link to their
// settings). Only the gap's own names appear: every reader is a party of that gap.
import {
  CLOSURE_METHOD_LABELS,
  CLOSURE_METHOD_STATUS,
  STATUS_LABELS,
  type NotificationKind,
} from '@verity/shared-api/src/server';
import { escapeHtml, type MailMessage } from '../mail/mailer';
import { formatDay, type GapContext } from './gap-context';

export interface NotificationText {
  title: string;
  body: string;
}

/** What a notice or an event adds to its gap: days, who acted, their note or reason, the method. */
export interface NoticeDetail {
  days?: number;
  actorName?: string;
  /** The closure request's note, the return's reason, or the remark's first words. */
  text?: string;
  method?: string;
  /** An extension's new due date (YYYY-MM-DD in the company's time zone) and its answer. */
  dueDate?: string;
  decision?: string;
}

const TEXT_EXCERPT = 300;
const excerpt = (text: string) =>
  text.length > TEXT_EXCERPT ? `${text.slice(0, TEXT_EXCERPT - 1)}…` : text;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The gap as the lender names it: its ESAP item number first, where it has one ('2.3 Overtime review'). */
const gapTitle = (gap: Pick<GapContext, 'esapItemNumber' | 'gapName'>) =>
  gap.esapItemNumber ? `${gap.esapItemNumber} ${gap.gapName}` : gap.gapName;

function whereGap(gap: GapContext): string {
  return `'${gapTitle(gap)}' in the action plan '${gap.actionPlanHeading}' of ${gap.targetCompanyName}`;
}

/** ' — now Prov Close': the status a closure event left the gap in, as its badge names it. */
const now = (status: keyof typeof STATUS_LABELS) => ` — now ${STATUS_LABELS[status]}`;

/**
 * The kinds told about one gap; the monitoring report's own are in ../monitoring-reports, the
 * incident's in ../incidents.
 */
export type GapNotificationKind = Exclude<
  NotificationKind,
  'digest' | `report${string}` | `incident${string}`
>;

export function notificationText(
  kind: GapNotificationKind,
  gap: GapContext,
  detail: NoticeDetail,
): NotificationText {
  const due = gap.dueDay ? formatDay(gap.dueDay) : 'no due date';
  const days = detail.days ?? 0;
  const actor = detail.actorName || 'Someone';
  const quoted = detail.text ? ` "${excerpt(detail.text)}"` : '';
  switch (kind) {
    case 'dueSoon':
      return {
        title: `Due in ${plural(days, 'day')}: ${gapTitle(gap)}`,
        body: `The gap ${whereGap(gap)} is due on ${due}.`,
      };
    case 'overdue':
      return {
        title: `Overdue: ${gapTitle(gap)}`,
        body: `The gap ${whereGap(gap)} was due on ${due} and is not closed.`,
      };
    case 'escalation':
      return {
        title: `Overdue for ${plural(days, 'day')}: ${gapTitle(gap)}`,
        body: `The gap ${whereGap(gap)} was due on ${due} and is still not closed ${plural(days, 'day')} later.`,
      };
    case 'closureRequested':
      return {
        title: `Closure requested: ${gapTitle(gap)}${now('pending')}`,
        body: `${actor} asked to close the gap ${whereGap(gap)} on its evidence.${quoted ? ` Their note:${quoted}` : ''}`,
      };
    case 'closureReturned':
      return {
        title: `Closure returned: ${gapTitle(gap)}${now('open')}`,
        body: `${actor} returned the gap ${whereGap(gap)}; it is open again.${quoted ? ` The reason:${quoted}` : ''}`,
      };
    case 'closureAccepted': {
      const key = detail.method as keyof typeof CLOSURE_METHOD_LABELS;
      const method = CLOSURE_METHOD_LABELS[key];
      return {
        title: `Closure accepted: ${gapTitle(gap)}${method ? now(CLOSURE_METHOD_STATUS[key]) : ''}`,
        body: `${actor} accepted the evidence of the gap ${whereGap(gap)}${method ? ` (${method})` : ''}.`,
      };
    }
    case 'extensionRequested': {
      const to = detail.dueDate ? formatDay(detail.dueDate) : 'a later date';
      return {
        title: `Extension requested: ${gapTitle(gap)}`,
        body: `${actor} asked to move the due date of the gap ${whereGap(gap)} from ${due} to ${to}.${quoted ? ` The reason:${quoted}` : ''}`,
      };
    }
    case 'extensionAnswered': {
      const approved = detail.decision === 'approve';
      return {
        title: `Extension ${approved ? 'approved' : 'declined'}: ${gapTitle(gap)}`,
        body: `${actor} ${approved ? 'approved' : 'declined'} the later due date of the gap ${whereGap(gap)}; it is due on ${due}.${quoted ? ` Their comment:${quoted}` : ''}`,
      };
    }
    case 'remarkAdded':
      return {
        title: `New remark: ${gapTitle(gap)}`,
        body: `${actor} added a remark to the gap ${whereGap(gap)}:${quoted}`,
      };
  }
}

const BUTTON =
  'display: inline-block; padding: 10px 18px; background: #0f766e; color: #ffffff; border-radius: 6px; text-decoration: none';

function settingsLine(preferencesUrl: string, locked: boolean) {
  return locked
    ? `Escalations cannot be switched off. Your other notification settings: ${preferencesUrl}`
    : `Choose which notifications you receive: ${preferencesUrl}`;
}

/** One notification as an e-mail to one reader. */
export function notificationEmail(
  to: { email: string; fullname: string },
  text: NotificationText,
  links: { gap: string; preferences: string; label?: string },
  locked: boolean,
): MailMessage {
  const e = escapeHtml;
  const open = links.label ?? 'Open the gap';
  const greeting = to.fullname ? `Hello ${to.fullname},` : 'Hello,';
  const settings = settingsLine(links.preferences, locked);
  return {
    to: to.email,
    subject: `${text.title} (Verity)`,
    text: [greeting, text.body, `${open}: ${links.gap}`, settings].join('\n\n'),
    html: `<!doctype html>
<html lang="en"><body style="font-family: sans-serif; color: #1f2937; line-height: 1.5">
<p>${e(greeting)}</p>
<p>${e(text.body)}</p>
<p><a href="${e(links.gap)}" style="${BUTTON}">${e(open)}</a></p>
<p style="color: #6b7280; font-size: 12px">If the button does not work, copy this address into your browser: ${e(links.gap)}</p>
<p style="color: #6b7280; font-size: 12px">${locked ? 'Escalations cannot be switched off. ' : ''}<a href="${e(links.preferences)}">Notification settings</a></p>
</body></html>`,
  };
}

export interface DigestGap {
  esapItemNumber: string | null;
  gapName: string;
  actionPlanHeading: string;
  targetCompanyName: string;
  dueDay: string | null;
  link: string;
}

export interface DigestSection {
  heading: string;
  gaps: DigestGap[];
  /** Gaps in the section beyond the ones listed. */
  more: number;
}

/** The weekly digest: the reader's gaps due soon, overdue and awaiting review. */
export function digestEmail(
  to: { email: string; fullname: string },
  weekOf: string,
  sections: DigestSection[],
  preferencesUrl: string,
): MailMessage {
  const e = escapeHtml;
  const greeting = to.fullname ? `Hello ${to.fullname},` : 'Hello,';
  const intro = `Your gaps for the week of ${formatDay(weekOf)}.`;
  const where = (gap: DigestGap) =>
    `${gap.actionPlanHeading}, ${gap.targetCompanyName}${gap.dueDay ? `, due ${formatDay(gap.dueDay)}` : ''}`;
  const line = (gap: DigestGap) => `${gapTitle(gap)}: ${where(gap)}`;
  const listed = sections.filter((section) => section.gaps.length > 0);
  const moreText = (section: DigestSection) =>
    section.more > 0 ? `and ${section.more} more` : undefined;
  const text = [
    greeting,
    intro,
    ...listed.map((section) =>
      [
        `${section.heading} (${section.gaps.length + section.more})`,
        ...section.gaps.map((gap) => `- ${line(gap)}\n  ${gap.link}`),
        moreText(section),
      ]
        .filter(Boolean)
        .join('\n'),
    ),
    settingsLine(preferencesUrl, false),
  ].join('\n\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family: sans-serif; color: #1f2937; line-height: 1.5">
<p>${e(greeting)}</p>
<p>${e(intro)}</p>
${listed
  .map(
    (
      section,
    ) => `<h2 style="font-size: 16px">${e(section.heading)} (${section.gaps.length + section.more})</h2>
<ul>
${section.gaps.map((gap) => `<li><a href="${e(gap.link)}">${e(gapTitle(gap))}</a>: ${e(where(gap))}</li>`).join('\n')}
</ul>${section.more > 0 ? `\n<p>${e(moreText(section)!)}</p>` : ''}`,
  )
  .join('\n')}
<p style="color: #6b7280; font-size: 12px"><a href="${e(preferencesUrl)}">Notification settings</a></p>
</body></html>`;
  return { to: to.email, subject: `Your week on Verity: ${formatDay(weekOf)}`, text, html };
}
