// The e-mail that tells an organisation's owner its webhook endpoint was switched off.
import type { Queryable } from '../db';
import { escapeHtml, type MailMessage } from '../mail/mailer';
import { preferencesLink } from '../notifications/gap-context';
import type { UserType } from '@verity/shared-api/src/server';

/** Null once nothing is to be said: the endpoint removed or switched on again, the owner gone. */
export async function webhookOffMessage(
  db: Queryable,
  publicUrl: string,
  userId: string,
  endpointId: string,
): Promise<MailMessage | null> {
  const { rows } = await db.query<{
    email: string;
    fullname: string;
    user_type: UserType;
    url: string;
    reason: string | null;
  }>(
    `SELECT u.email, u.fullname, u.user_type, e.url, e.disabled_reason AS reason
     FROM webhook_endpoints e JOIN users u ON u.id = $1 AND u.role = 'owner' AND u.sub IS NOT NULL
       AND u.user_type = e.user_type
       AND COALESCE(u.client_id, u.auditor_id, u.target_company_id)
         = COALESCE(e.client_id, e.auditor_id, e.target_company_id)
     WHERE e.id = $2 AND NOT e.enabled`,
    [userId, endpointId],
  );
  const found = rows[0];
  if (!found) return null;
  const link = preferencesLink(publicUrl, found.user_type);
  const greeting = found.fullname ? `Hello ${found.fullname},` : 'Hello,';
  const what = `Verity stopped sending events to ${found.url}. ${found.reason ?? ''}`.trim();
  const how =
    'Look at its deliveries under Webhooks in your settings, mend the receiver, then switch the endpoint on again; events are not kept for it meanwhile.';
  const e = escapeHtml;
  return {
    to: found.email,
    subject: 'A webhook endpoint was switched off',
    text: [greeting, what, how, link].join('\n\n'),
    html: `<!doctype html>
<html lang="en"><body style="font-family: sans-serif; color: #1f2937; line-height: 1.5">
<p>${e(greeting)}</p>
<p>${e(what)}</p>
<p>${e(how)}</p>
<p><a href="${e(link)}">Open your settings</a></p>
</body></html>`,
  };
}
