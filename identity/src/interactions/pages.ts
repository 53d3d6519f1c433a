// The server-rendered sign-in, sign-up, check-your-inbox and error pages.
import type { NewAccountErrors } from '../accounts/account-rules.js';
import { PASSWORD_MIN_LENGTH } from '../accounts/password-rules.js';
import { messages } from '../messages.js';
import { alertRegion, escapeHtml, field, hiddenField, link, notice, page } from './html.js';

const interactionPath = (uid: string) => `/interaction/${encodeURIComponent(uid)}`;

export function signInPage(uid: string, values: { email?: string; error?: string } = {}): string {
  const text = messages.signIn;
  const invalid = values.error !== undefined;
  return page(
    text.title,
    `<h1>${escapeHtml(text.title)}</h1>
<form method="post" action="${interactionPath(uid)}/sign-in" novalidate>
${alertRegion(values.error ? [values.error] : [])}
${field({ id: 'email', label: text.email, type: 'email', autocomplete: 'username', value: values.email ?? '', invalid })}
${field({ id: 'password', label: text.password, type: 'password', autocomplete: 'current-password', invalid })}
<button type="submit">${escapeHtml(text.submit)}</button>
<p class="aside">${link('/forgot-password', text.forgotPassword)}</p>
</form>
<p class="switch">${escapeHtml(text.noAccountYet)} <a href="${interactionPath(uid)}/sign-up">${escapeHtml(text.toSignUp)}</a></p>
<p class="switch minor">${link('/resend-verification', text.resendVerification)}</p>`,
  );
}

export function signUpPage(
  uid: string,
  values: { name?: string; email?: string; errors?: NewAccountErrors; error?: string } = {},
): string {
  const text = messages.signUp;
  const errors = values.errors ?? {};
  const problems = [...(values.error ? [values.error] : []), ...Object.values(errors)];
  return page(
    text.title,
    `<h1>${escapeHtml(text.title)}</h1>
<form method="post" action="${interactionPath(uid)}/sign-up" novalidate>
${alertRegion(problems)}
${field({ id: 'name', label: text.fullName, type: 'text', autocomplete: 'name', value: values.name ?? '', invalid: Boolean(errors.name) })}
${field({ id: 'email', label: text.email, type: 'email', autocomplete: 'email', value: values.email ?? '', invalid: Boolean(errors.email) })}
${field({
  id: 'password',
  label: text.password,
  type: 'password',
  autocomplete: 'new-password',
  invalid: Boolean(errors.password),
  hint: text.passwordHint,
  minLength: PASSWORD_MIN_LENGTH,
})}
<button type="submit">${escapeHtml(text.submit)}</button>
</form>
<p class="switch">${escapeHtml(text.haveAccount)} <a href="${interactionPath(uid)}">${escapeHtml(text.toSignIn)}</a></p>`,
  );
}

/** What a sign-up answers, whether the address was new or already had an account. */
export function checkInboxPage(uid: string, email: string): string {
  const text = messages.checkInbox;
  return page(
    text.title,
    `<h1>${escapeHtml(text.title)}</h1>
${notice(text.sentTo(email))}
<p class="hint">${escapeHtml(text.notArrived)}</p>
<form method="post" action="/resend-verification">
${hiddenField('email', email)}
<button type="submit" class="secondary">${escapeHtml(text.resend)}</button>
</form>
<p class="switch">${link(interactionPath(uid), text.backToSignIn)}</p>`,
  );
}

export function errorPage(
  message: string,
  options: { title?: string; detail?: string } = {},
): string {
  const title = options.title ?? messages.errorPage.title;
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<div class="alert" role="alert">${escapeHtml(message)}</div>
${options.detail ? `<p class="hint">${escapeHtml(options.detail)}</p>` : ''}`,
  );
}
