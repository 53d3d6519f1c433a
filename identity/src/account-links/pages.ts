// The pages reached from e-mail links or from the sign-in page: confirm an address, ask for a new
// confirmation link, ask for a password reset, choose a new password.
import { PASSWORD_MIN_LENGTH } from '../accounts/password-rules.js';
import {
  alertRegion,
  escapeHtml,
  field,
  hiddenField,
  link,
  notice,
  page,
} from '../interactions/html.js';
import { messages } from '../messages.js';

export interface EmailFormText {
  title: string;
  intro: string;
  email: string;
  submit: string;
}

/** A form that asks only for an email address (forgot password, resend confirmation). */
export function emailFormPage(
  text: EmailFormText,
  action: string,
  signInUrl: string,
  values: { email?: string; error?: string } = {},
): string {
  return page(
    text.title,
    `<h1>${escapeHtml(text.title)}</h1>
<p>${escapeHtml(text.intro)}</p>
<form method="post" action="${escapeHtml(action)}" novalidate>
${alertRegion(values.error ? [values.error] : [])}
${field({ id: 'email', label: text.email, type: 'email', autocomplete: 'email', value: values.email ?? '', invalid: values.error !== undefined })}
<button type="submit">${escapeHtml(text.submit)}</button>
</form>
<p class="switch">${link(signInUrl, messages.common.backToVerity)}</p>`,
  );
}

/** A page that only tells something, with one link onwards. */
export function messagePage(
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
    title,
    `<h1>${escapeHtml(title)}</h1>
${box}
<p class="switch">${link(next.href, next.label)}</p>`,
  );
}

export function resetPasswordPage(token: string, values: { error?: string } = {}): string {
  const text = messages.resetPassword;
  const invalid = values.error !== undefined;
  return page(
    text.title,
    `<h1>${escapeHtml(text.title)}</h1>
<form method="post" action="/reset-password" novalidate>
${alertRegion(values.error ? [values.error] : [])}
${hiddenField('token', token)}
${field({ id: 'password', label: text.password, type: 'password', autocomplete: 'new-password', invalid, hint: messages.signUp.passwordHint, minLength: PASSWORD_MIN_LENGTH })}
${field({ id: 'confirmation', label: text.confirmation, type: 'password', autocomplete: 'new-password', invalid, minLength: PASSWORD_MIN_LENGTH })}
<button type="submit">${escapeHtml(text.submit)}</button>
</form>`,
  );
}
