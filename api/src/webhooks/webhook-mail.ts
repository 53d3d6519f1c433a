// The e-mail that tells an organisation's owner its webhook endpoint was switched off, in the owner's
// language (English until they choose one).
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type Language,
  type UserType,
} from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import { languageOr, translatorFor } from '../language/translate';
import { escapeHtml, htmlDocument, type MailMessage } from '../mail/mailer';
import { preferencesLink } from '../notifications/gap-context';

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
    language: Language | null;
    url: string;
    reason: string | null;
  }>(
    `SELECT u.email, u.fullname, u.user_type, u.language, e.url, e.disabled_reason AS reason
     FROM webhook_endpoints e JOIN users u ON u.id = $1 AND u.role = 'owner' AND u.sub IS NOT NULL
       AND u.user_type = e.user_type
       AND COALESCE(u.client_id, u.auditor_id, u.target_company_id)
         = COALESCE(e.client_id, e.auditor_id, e.target_company_id)
     WHERE e.id = $2 AND NOT e.enabled`,
    [userId, endpointId],
  );
  const found = rows[0];
  if (!found) return null;
  const language = languageOr(found.language);
  const t = translatorFor(language);
  const link = preferencesLink(publicUrl, found.user_type);
  const greeting = found.fullname
    ? t('mail.common.hello', { name: found.fullname })
    : t('mail.common.helloNoName');
  // The reason the delivery worker stores is said in the reader's language; any other as written.
  const failures = WEBHOOK_LIMITS.failuresBeforeOff;
  const reason =
    found.reason === WEBHOOK_MESSAGES.disabled(failures)
      ? t('mail.webhookOff.failures', { count: failures })
      : (found.reason ?? '');
  const what = `${t('mail.webhookOff.stopped', { url: found.url })} ${reason}`.trim();
  const how = t('mail.webhookOff.how');
  const e = escapeHtml;
  return {
    to: found.email,
    subject: t('mail.webhookOff.subject'),
    text: [greeting, what, how, link].join('\n\n'),
    html: htmlDocument(
      language,
      `<p>${e(greeting)}</p>
<p>${e(what)}</p>
<p>${e(how)}</p>
<p><a href="${e(link)}">${e(t('mail.webhookOff.openSettings'))}</a></p>`,
    ),
  };
}
