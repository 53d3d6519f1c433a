// The server-rendered sign-in, sign-up and error pages.
import type { NewAccountErrors } from '../accounts/account-rules.js';
import { PASSWORD_MIN_LENGTH } from '../accounts/account-rules.js';
import { messages } from '../messages.js';
import { alertRegion, escapeHtml, field, page } from './html.js';

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
</form>
<p class="switch">${escapeHtml(text.noAccountYet)} <a href="${interactionPath(uid)}/sign-up">${escapeHtml(text.toSignUp)}</a></p>`,
  );
}

export function signUpPage(
  uid: string,
  values: { name?: string; email?: string; errors?: NewAccountErrors } = {},
): string {
  const text = messages.signUp;
  const errors = values.errors ?? {};
  return page(
    text.title,
    `<h1>${escapeHtml(text.title)}</h1>
<form method="post" action="${interactionPath(uid)}/sign-up" novalidate>
${alertRegion(Object.values(errors))}
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

export function errorPage(message: string, detail?: string): string {
  const title = messages.errorPage.title;
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<div class="alert" role="alert">${escapeHtml(message)}</div>
${detail ? `<p class="hint">${escapeHtml(detail)}</p>` : ''}`,
  );
}
