// The pages reached from e-mail links or from the sign-in page: confirm an address, ask for a new
// confirmation link, ask for a password reset, choose a new password.
import { PASSWORD_MIN_LENGTH } from '../accounts/password-rules.js';
import { inLanguage } from '../http/language.js';
import {
  alertRegion,
  escapeHtml,
  field,
  hiddenField,
  link,
  notice,
  page,
} from '../interactions/html.js';
import type { TextId, Texts } from '../texts.js';

/** The ids of an email-only form's texts. */
export interface EmailFormText {
  title: TextId;
  intro: TextId;
  email: TextId;
  submit: TextId;
}

/** A form that asks only for an email address (forgot password, resend confirmation). */
export function emailFormPage(
  t: Texts,
  text: EmailFormText,
  action: string,
  signInUrl: string,
  values: { email?: string; error?: string } = {},
): string {
  const title = t(text.title);
  return page(
    t.language,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t(text.intro))}</p>
<form method="post" action="${escapeHtml(inLanguage(action, t.language))}" novalidate>
${alertRegion(values.error ? [values.error] : [])}
${field({ id: 'email', label: t(text.email), type: 'email', autocomplete: 'email', value: values.email ?? '', invalid: values.error !== undefined })}
<button type="submit">${escapeHtml(t(text.submit))}</button>
</form>
<p class="switch">${link(signInUrl, t('identity.common.backToVerity'))}</p>`,
  );
}

/** A page that only tells something, with one link onwards. */
export function messagePage(
  t: Texts,
  title: string,
  message: string,
  next: { href: string; label: string },
  kind: 'notice' | 'alert' = 'notice',
): string {
  const box =
    kind === 'notice'
      ? notice(message)
      : `<div class="alert" role="alert">${escapeHtml(message)}</div>`;
  return page(
    t.language,
    title,
    `<h1>${escapeHtml(title)}</h1>
${box}
<p class="switch">${link(next.href, next.label)}</p>`,
  );
}

export function resetPasswordPage(
  t: Texts,
  token: string,
  values: { error?: string } = {},
): string {
  const invalid = values.error !== undefined;
  const title = t('identity.resetPassword.title');
  return page(
    t.language,
    title,
    `<h1>${escapeHtml(title)}</h1>
<form method="post" action="${escapeHtml(inLanguage('/reset-password', t.language))}" novalidate>
${alertRegion(values.error ? [values.error] : [])}
${hiddenField('token', token)}
${field({ id: 'password', label: t('identity.resetPassword.password'), type: 'password', autocomplete: 'new-password', invalid, hint: t('identity.signUp.passwordHint'), minLength: PASSWORD_MIN_LENGTH })}
${field({ id: 'confirmation', label: t('identity.resetPassword.confirmation'), type: 'password', autocomplete: 'new-password', invalid, minLength: PASSWORD_MIN_LENGTH })}
<button type="submit">${escapeHtml(t('identity.resetPassword.submit'))}</button>
</form>`,
  );
}
