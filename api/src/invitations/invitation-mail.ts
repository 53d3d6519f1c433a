// The invitation e-mail, in plain text and HTML.
import { ROLE_LABELS } from '@verity/shared-api/src/server';
import { escapeHtml, type MailMessage } from '../mail/mailer';
import type { Invitation } from './invitations';

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
  const link = invitationLink(publicUrl, invitation.token);
  const { inviterName, organisationName, email } = invitation;
  const role = ROLE_LABELS[invitation.role];
  const greeting = invitation.fullname ? `Hello ${invitation.fullname},` : 'Hello,';
  const invited = `${inviterName} invited you to join ${organisationName} on Verity as ${role}.`;
  const how = `Open the link, then sign in (or create your account) with this e-mail address, ${email}. The link works once and expires on ${day(invitation.expiresAt)}.`;
  const ignore = 'If you did not expect this invitation, you can ignore this e-mail.';
  const e = escapeHtml;
  return {
    to: email,
    subject: `${inviterName} invited you to ${organisationName} on Verity`,
    text: [greeting, invited, `Accept the invitation: ${link}`, how, ignore].join('\n\n'),
    html: `<!doctype html>
<html lang="en"><body style="font-family: sans-serif; color: #1f2937; line-height: 1.5">
<p>${e(greeting)}</p>
<p>${e(invited)}</p>
<p><a href="${e(link)}" style="display: inline-block; padding: 10px 18px; background: #0f766e; color: #ffffff; border-radius: 6px; text-decoration: none">Accept the invitation</a></p>
<p>${e(how)}</p>
<p style="color: #6b7280">${e(ignore)}</p>
<p style="color: #6b7280; font-size: 12px">If the button does not work, copy this address into your browser: ${e(link)}</p>
</body></html>`,
  };
}
