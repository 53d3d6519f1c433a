// The server-rendered sign-in, sign-up, check-your-inbox and error pages, in the language of `t`.
import type { NewAccountErrors } from '../accounts/account-rules.js';
import { PASSWORD_MIN_LENGTH } from '../accounts/password-rules.js';
import { inLanguage } from '../http/language.js';
import type { Texts } from '../texts.js';
import { alertRegion, escapeHtml, field, hiddenField, link, notice, page } from './html.js';

const interactionPath = (uid: string) => `/interaction/${encodeURIComponent(uid)}`;

export function signInPage(
  t: Texts,
  uid: string,
  values: { email?: string; error?: string } = {},
): string {
  const invalid = values.error !== undefined;
  const title = t('identity.signIn.title');
  return page(
    t.language,
    title,
    `<h1>${escapeHtml(title)}</h1>
<form method="post" action="${interactionPath(uid)}/sign-in" novalidate>
${alertRegion(values.error ? [values.error] : [])}
${field({ id: 'email', label: t('identity.signIn.email'), type: 'email', autocomplete: 'username', value: values.email ?? '', invalid })}
${field({ id: 'password', label: t('identity.signIn.password'), type: 'password', autocomplete: 'current-password', invalid })}
<button type="submit">${escapeHtml(t('identity.signIn.submit'))}</button>
<p class="aside">${link(inLanguage('/forgot-password', t.language), t('identity.signIn.forgotPassword'))}</p>
</form>
<p class="switch">${escapeHtml(t('identity.signIn.noAccountYet'))} <a href="${interactionPath(uid)}/sign-up">${escapeHtml(t('identity.signIn.toSignUp'))}</a></p>
<p class="switch minor">${link(inLanguage('/resend-verification', t.language), t('identity.signIn.resendVerification'))}</p>`,
  );
}

export function signUpPage(
  t: Texts,
  uid: string,
  values: { name?: string; email?: string; errors?: NewAccountErrors; error?: string } = {},
): string {
  const errors = values.errors ?? {};
  const problems = [
    ...(values.error ? [values.error] : []),
    ...Object.values(errors).map((problem) => t(problem)),
  ];
  const title = t('identity.signUp.title');
  return page(
    t.language,
    title,
    `<h1>${escapeHtml(title)}</h1>
<form method="post" action="${interactionPath(uid)}/sign-up" novalidate>
${alertRegion(problems)}
${field({ id: 'name', label: t('identity.signUp.fullName'), type: 'text', autocomplete: 'name', value: values.name ?? '', invalid: Boolean(errors.name) })}
${field({ id: 'email', label: t('identity.signUp.email'), type: 'email', autocomplete: 'email', value: values.email ?? '', invalid: Boolean(errors.email) })}
${field({
  id: 'password',
  label: t('identity.signUp.password'),
  type: 'password',
  autocomplete: 'new-password',
  invalid: Boolean(errors.password),
  hint: t('identity.signUp.passwordHint'),
  minLength: PASSWORD_MIN_LENGTH,
})}
<button type="submit">${escapeHtml(t('identity.signUp.submit'))}</button>
</form>
<p class="switch">${escapeHtml(t('identity.signUp.haveAccount'))} <a href="${interactionPath(uid)}">${escapeHtml(t('identity.signUp.toSignIn'))}</a></p>`,
  );
}

/** What a sign-up answers, whether the address was new or already had an account. */
export function checkInboxPage(t: Texts, uid: string, email: string): string {
  const title = t('identity.checkInbox.title');
  return page(
    t.language,
    title,
    `<h1>${escapeHtml(title)}</h1>
${notice(t('identity.checkInbox.sentTo', { email }))}
<p class="hint">${escapeHtml(t('identity.checkInbox.notArrived'))}</p>
<form method="post" action="${escapeHtml(inLanguage('/resend-verification', t.language))}">
${hiddenField('email', email)}
<button type="submit" class="secondary">${escapeHtml(t('identity.checkInbox.resend'))}</button>
</form>
<p class="switch">${link(interactionPath(uid), t('identity.checkInbox.backToSignIn'))}</p>`,
  );
}

export function errorPage(
  t: Texts,
  message: string,
  options: { title?: string; detail?: string } = {},
): string {
  const title = options.title ?? t('identity.errorPage.title');
  return page(
    t.language,
    title,
    `<h1>${escapeHtml(title)}</h1>
<div class="alert" role="alert">${escapeHtml(message)}</div>
${options.detail ? `<p class="hint">${escapeHtml(options.detail)}</p>` : ''}`,
  );
}
