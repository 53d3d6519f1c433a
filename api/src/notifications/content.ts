// The words of each notification: one title and body for the bell and the e-mail alike, and the
// e-mail around them (plain text and HTML, a link to the gap in the reader's area, a link to their
// settings). Only the gap's own names appear: every reader is a party of that gap.
import {
  CLOSURE_METHOD_STATUS,
  DEFAULT_LANGUAGE,
  type ClosureMethod,
  type Language,
  type NotificationKind,
} from '@verity/shared-api/src/server';
import { escapeHtml, htmlDocument, type MailMessage } from '../mail/mailer';
import { languageOr, translatorFor, type Translator } from '../language/translate';
import { formatDay, type GapContext } from './gap-context';
import { DIGEST_DUE_SOON_DAYS } from './digest';

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

/** What a user wrote, cut to an excerpt, in the language's quotation marks. */
export const quoted = (t: Translator, text: string) =>
  t('mail.common.quoted', { text: excerpt(text) });

/** A sentence and, when there is one, the sentence quoting what the user wrote after it. */
export const withQuote = (
  t: Translator,
  sentence: string,
  lead: 'mail.common.theirNote' | 'mail.common.theReason' | 'mail.common.theirComment',
  text: string | null | undefined,
) => (text ? `${sentence} ${t(lead, { quoted: quoted(t, text) })}` : sentence);

/** The gap as the lender names it: its ESAP item number first, where it has one ('2.3 Overtime review'). */
const gapTitle = (gap: Pick<GapContext, 'esapItemNumber' | 'gapName'>) =>
  gap.esapItemNumber ? `${gap.esapItemNumber} ${gap.gapName}` : gap.gapName;

/**
 * The kinds told about one gap; the monitoring report's own are in ../monitoring-reports, the
 * incident's in ../incidents.
 */
export type GapNotificationKind = Exclude<
  NotificationKind,
  'digest' | `report${string}` | `incident${string}`
>;

/** The notification's title and body in `language`: its reader's, for the bell's row and the e-mail. */
export function notificationText(
  kind: GapNotificationKind,
  gap: GapContext,
  detail: NoticeDetail,
  language: Language = DEFAULT_LANGUAGE,
): NotificationText {
  const t = translatorFor(language);
  const title = gapTitle(gap);
  const where = t('mail.gap.where', {
    gap: title,
    plan: gap.actionPlanHeading,
    company: gap.targetCompanyName,
  });
  const due = gap.dueDay ? formatDay(gap.dueDay) : t('mail.gap.noDueDate');
  const days = detail.days ?? 0;
  const actor = detail.actorName || t('mail.common.someone');
  const values = { gap: title, where, due, days, actor };
  switch (kind) {
    case 'dueSoon':
    case 'overdue':
    case 'escalation':
      return {
        title: t(`mail.gap.${kind}.title`, values),
        body: t(`mail.gap.${kind}.body`, values),
      };
    case 'closureRequested':
      return {
        title: t('mail.gap.closureRequested.title', {
          ...values,
          status: t('contract.status.pending'),
        }),
        body: withQuote(
          t,
          t('mail.gap.closureRequested.body', values),
          'mail.common.theirNote',
          detail.text,
        ),
      };
    case 'closureReturned':
      return {
        title: t('mail.gap.closureReturned.title', {
          ...values,
          status: t('contract.status.open'),
        }),
        body: withQuote(
          t,
          t('mail.gap.closureReturned.body', values),
          'mail.common.theReason',
          detail.text,
        ),
      };
    case 'closureAccepted': {
      const method = detail.method as ClosureMethod | undefined;
      if (method !== 'desk' && method !== 'site')
        return {
          title: t('mail.gap.closureAccepted.title', values),
          body: t('mail.gap.closureAccepted.body', values),
        };
      return {
        title: t('mail.gap.closureAccepted.titleNow', {
          ...values,
          status: t(`contract.status.${CLOSURE_METHOD_STATUS[method] as 'closed' | 'provClosed'}`),
        }),
        body: t('mail.gap.closureAccepted.bodyMethod', {
          ...values,
          method: t(`contract.closure.method.${method}`),
        }),
      };
    }
    case 'extensionRequested': {
      const to = detail.dueDate ? formatDay(detail.dueDate) : t('mail.gap.laterDate');
      return {
        title: t('mail.gap.extensionRequested.title', values),
        body: withQuote(
          t,
          t('mail.gap.extensionRequested.body', { ...values, to }),
          'mail.common.theReason',
          detail.text,
        ),
      };
    }
    case 'extensionAnswered': {
      const answer = detail.decision === 'approve' ? 'extensionApproved' : 'extensionDeclined';
      return {
        title: t(`mail.gap.${answer}.title`, values),
        body: withQuote(
          t,
          t(`mail.gap.${answer}.body`, values),
          'mail.common.theirComment',
          detail.text,
        ),
      };
    }
    case 'remarkAdded':
      return {
        title: t('mail.gap.remarkAdded.title', values),
        body: detail.text
          ? t('mail.gap.remarkAdded.body', { ...values, quoted: quoted(t, detail.text) })
          : t('mail.gap.remarkAdded.bodyEmpty', values),
      };
  }
}

const BUTTON =
  'display: inline-block; padding: 10px 18px; background: #0f766e; color: #ffffff; border-radius: 6px; text-decoration: none';

function settingsLine(t: Translator, preferencesUrl: string, locked: boolean) {
  return t(locked ? 'mail.notification.lockedLine' : 'mail.notification.chooseLine', {
    link: preferencesUrl,
  });
}

const greetingOf = (t: Translator, fullname: string) =>
  fullname ? t('mail.common.hello', { name: fullname }) : t('mail.common.helloNoName');

/** What a notification e-mail's button opens. */
export type NotificationPlace = 'gap' | 'incident' | 'report';
const OPEN = {
  gap: 'mail.notification.openGap',
  incident: 'mail.notification.openIncident',
  report: 'mail.notification.openReport',
} as const;

/** One notification as an e-mail to one reader, in the reader's language (`text` must be in it too). */
export function notificationEmail(
  to: { email: string; fullname: string; language?: Language | null },
  text: NotificationText,
  links: { gap: string; preferences: string; place?: NotificationPlace },
  locked: boolean,
): MailMessage {
  const language = languageOr(to.language);
  const t = translatorFor(language);
  const e = escapeHtml;
  const open = t(OPEN[links.place ?? 'gap']);
  const greeting = greetingOf(t, to.fullname);
  const settings = settingsLine(t, links.preferences, locked);
  return {
    to: to.email,
    subject: t('mail.notification.subject', { title: text.title }),
    text: [
      greeting,
      text.body,
      t('mail.notification.openLine', { label: open, link: links.gap }),
      settings,
    ].join('\n\n'),
    html: htmlDocument(
      language,
      `<p>${e(greeting)}</p>
<p>${e(text.body)}</p>
<p><a href="${e(links.gap)}" style="${BUTTON}">${e(open)}</a></p>
<p style="color: #6b7280; font-size: 12px">${e(t('mail.common.buttonFallback', { link: links.gap }))}</p>
<p style="color: #6b7280; font-size: 12px">${locked ? `${e(t('mail.notification.locked'))} ` : ''}<a href="${e(links.preferences)}">${e(t('mail.notification.settings'))}</a></p>`,
    ),
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
  /** Which section: its heading is said in the reader's language. */
  kind: 'overdue' | 'dueSoon' | 'awaitingReview';
  /** The heading in English. */
  heading: string;
  gaps: DigestGap[];
  /** Gaps in the section beyond the ones listed. */
  more: number;
}

/** The weekly digest: the reader's gaps due soon, overdue and awaiting review, in their language. */
export function digestEmail(
  to: { email: string; fullname: string; language?: Language | null },
  weekOf: string,
  sections: DigestSection[],
  preferencesUrl: string,
): MailMessage {
  const language = languageOr(to.language);
  const t = translatorFor(language);
  const e = escapeHtml;
  const greeting = greetingOf(t, to.fullname);
  const intro = t('mail.digest.intro', { day: formatDay(weekOf) });
  const where = (gap: DigestGap) => {
    const names = { plan: gap.actionPlanHeading, company: gap.targetCompanyName };
    return gap.dueDay
      ? t('mail.digest.whereDue', { ...names, day: formatDay(gap.dueDay) })
      : t('mail.digest.where', names);
  };
  const line = (gap: DigestGap) => `${gapTitle(gap)}: ${where(gap)}`;
  const listed = sections.filter((section) => section.gaps.length > 0);
  const heading = (section: DigestSection) =>
    `${t(`mail.digest.${section.kind}`, { days: DIGEST_DUE_SOON_DAYS })} (${section.gaps.length + section.more})`;
  const moreText = (section: DigestSection) =>
    section.more > 0 ? t('mail.digest.more', { count: section.more }) : undefined;
  const text = [
    greeting,
    intro,
    ...listed.map((section) =>
      [
        heading(section),
        ...section.gaps.map((gap) => `- ${line(gap)}\n  ${gap.link}`),
        moreText(section),
      ]
        .filter(Boolean)
        .join('\n'),
    ),
    settingsLine(t, preferencesUrl, false),
  ].join('\n\n');
  const html = htmlDocument(
    language,
    `<p>${e(greeting)}</p>
<p>${e(intro)}</p>
${listed
  .map(
    (section) => `<h2 style="font-size: 16px">${e(heading(section))}</h2>
<ul>
${section.gaps.map((gap) => `<li><a href="${e(gap.link)}">${e(gapTitle(gap))}</a>: ${e(where(gap))}</li>`).join('\n')}
</ul>${section.more > 0 ? `\n<p>${e(moreText(section)!)}</p>` : ''}`,
  )
  .join('\n')}
<p style="color: #6b7280; font-size: 12px"><a href="${e(preferencesUrl)}">${e(t('mail.notification.settings'))}</a></p>`,
  );
  return {
    to: to.email,
    subject: t('mail.digest.subject', { day: formatDay(weekOf) }),
    text,
    html,
  };
}
