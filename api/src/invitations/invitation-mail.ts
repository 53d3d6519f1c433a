// The invitation e-mail, in plain text and HTML, in the language of the membership's user (English
// until they choose one).
import { escapeHtml, htmlDocument, type MailMessage } from '../mail/mailer';
import { languageOr, translatorFor } from '../language/translate';
import type { Invitation } from './invitations';

// Dates in e-mails are written as they always were (decision 0090), whatever the language.
const day = (date: Date) =>
  date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/api/v1/auth/invitations/${token}`;
}

export function invitationMessage(invitation: Invitation, publicUrl: string): MailMessage {
  const language = languageOr(invitation.language);
  const t = translatorFor(language);
  const link = invitationLink(publicUrl, invitation.token);
  const { inviterName, organisationName, email } = invitation;
  const names = { inviter: inviterName, organisation: organisationName };
  const role = t(`contract.role.${invitation.role}`);
  const greeting = invitation.fullname
    ? t('mail.common.hello', { name: invitation.fullname })
    : t('mail.common.helloNoName');
  const invited = t('mail.invitation.invited', { ...names, role });
  const how = t('mail.invitation.how', { email, day: day(invitation.expiresAt) });
  const ignore = t('mail.invitation.ignore');
  const e = escapeHtml;
  return {
    to: email,
    subject: t('mail.invitation.subject', names),
    text: [greeting, invited, t('mail.invitation.acceptLine', { link }), how, ignore].join('\n\n'),
    html: htmlDocument(
      language,
      `<p>${e(greeting)}</p>
<p>${e(invited)}</p>
<p><a href="${e(link)}" style="display: inline-block; padding: 10px 18px; background: #0f766e; color: #ffffff; border-radius: 6px; text-decoration: none">${e(t('mail.invitation.accept'))}</a></p>
<p>${e(how)}</p>
<p style="color: #6b7280">${e(ignore)}</p>
<p style="color: #6b7280; font-size: 12px">${e(t('mail.common.buttonFallback', { link }))}</p>`,
    ),
  };
}
