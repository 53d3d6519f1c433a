// Single sign-on with an organisation's own OpenID Connect provider
// (docs/decisions/0098-single-sign-on.md): the limits, the rules of its settings and the words the API,
// the login screen and the settings page share.
import { t } from '#texts';
import type { RuleResult } from '../rules/rule-result';
import { textRecord } from '../text-records';

export const SSO_LIMITS = {
  issuer: 500,
  clientId: 300,
  clientSecret: 2000,
} as const;

/**
 * Domains of public mailboxes: anyone can hold an address there, so no organisation may route them
 * to its provider (the API compares them with the SQL function email_domain's answer).
 */
export const PUBLIC_MAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  'mail.ru',
  'yandex.ru',
  'qq.com',
  '163.com',
];

/** What the owner's last test sign-in found, as the settings page shows it (`?sso=` after a test). */
export const SSO_TEST_OUTCOMES = [
  'tested',
  'otherAccount',
  'publicDomain',
  'domainTaken',
  'failed',
] as const;
export type SsoTestOutcome = (typeof SSO_TEST_OUTCOMES)[number];

/** The login screen's link to single sign-on: apart, so the first page carries no more words. */
export const SSO_SIGN_IN_LINK = 'Sign in with single sign-on';
/** SSO_SIGN_IN_LINK in the language in use, for the login screen. */
export const SSO_SIGN_IN_LINK_TEXT = textRecord({ label: 'contract.sso.signInLink' });

/** `/login?sso=email` opens the address field of single sign-on. */
export const SSO_LOGIN_PARAM = 'sso';

export const SSO_MESSAGES = {
  get title() {
    return t('contract.sso.title');
  },
  get intro() {
    return t('contract.sso.intro');
  },
  get issuerLabel() {
    return t('contract.sso.issuerLabel');
  },
  get clientIdLabel() {
    return t('contract.sso.clientIdLabel');
  },
  get clientSecretLabel() {
    return t('contract.sso.clientSecretLabel');
  },
  get clientSecretKept() {
    return t('contract.sso.clientSecretKept');
  },
  get redirectLabel() {
    return t('contract.sso.redirectLabel');
  },
  get save() {
    return t('contract.sso.save');
  },
  get test() {
    return t('contract.sso.test');
  },
  get remove() {
    return t('contract.sso.remove');
  },
  get enable() {
    return t('contract.sso.enable');
  },
  get disable() {
    return t('contract.sso.disable');
  },
  get notTested() {
    return t('contract.sso.notTested');
  },
  testedFor: (domain: string) => t('contract.sso.testedFor', { domain }),
  requiredFor: (domain: string) => t('contract.sso.requiredFor', { domain }),
  get badIssuer() {
    return t('contract.sso.badIssuer');
  },
  get issuerTooLong() {
    return t('contract.sso.issuerTooLong', { max: SSO_LIMITS.issuer });
  },
  get clientIdRequired() {
    return t('contract.sso.clientIdRequired');
  },
  get clientIdTooLong() {
    return t('contract.sso.clientIdTooLong', { max: SSO_LIMITS.clientId });
  },
  get clientSecretRequired() {
    return t('contract.sso.clientSecretRequired');
  },
  get clientSecretTooLong() {
    return t('contract.sso.clientSecretTooLong', { max: SSO_LIMITS.clientSecret });
  },
  get privateIssuer() {
    return t('contract.sso.privateIssuer');
  },
  get discoveryFailed() {
    return t('contract.sso.discoveryFailed');
  },
  get notConfigured() {
    return t('contract.sso.notConfigured');
  },
  get untested() {
    return t('contract.sso.untested');
  },
  /** The outcome of a test sign-in, shown on the settings page. */
  testOutcome: textRecord<SsoTestOutcome>({
    tested: 'contract.sso.testOutcome.tested',
    otherAccount: 'contract.sso.testOutcome.otherAccount',
    publicDomain: 'contract.sso.testOutcome.publicDomain',
    domainTaken: 'contract.sso.testOutcome.domainTaken',
    failed: 'contract.sso.testOutcome.failed',
  }),
  /** The login screen (its link is SSO_SIGN_IN_LINK). */
  get emailLabel() {
    return t('contract.sso.emailLabel');
  },
  get continue() {
    return t('contract.sso.continue');
  },
};

/** The issuer as kept: an https URL without a query, a fragment, credentials or a trailing slash. */
export function checkSsoIssuer(value: string, allowHttp = false): RuleResult<string> {
  const trimmed = value.trim();
  if (trimmed.length > SSO_LIMITS.issuer) return { ok: false, message: SSO_MESSAGES.issuerTooLong };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: SSO_MESSAGES.badIssuer };
  }
  const schemeOk = url.protocol === 'https:' || (allowHttp && url.protocol === 'http:');
  if (!schemeOk || url.username || url.password || !url.hostname || url.search || url.hash)
    return { ok: false, message: SSO_MESSAGES.badIssuer };
  return { ok: true, value: url.href.replace(/\/+$/, '') };
}

/** A client ID or secret as kept: trimmed; refused when empty or too long. */
export function checkSsoClientValue(
  value: string,
  which: 'clientId' | 'clientSecret',
): RuleResult<string> {
  const trimmed = value.trim();
  if (!trimmed)
    return {
      ok: false,
      message:
        which === 'clientId' ? SSO_MESSAGES.clientIdRequired : SSO_MESSAGES.clientSecretRequired,
    };
  if (trimmed.length > SSO_LIMITS[which])
    return {
      ok: false,
      message:
        which === 'clientId' ? SSO_MESSAGES.clientIdTooLong : SSO_MESSAGES.clientSecretTooLong,
    };
  return { ok: true, value: trimmed };
}

/** Where the browser goes for an owner's test sign-in (a navigation, not a call). */
export const SSO_TEST_URL = '/api/v1/organisation/sso/test';

/** Where the browser goes to sign in through its organisation's provider. */
export const ssoSignInUrl = (email: string) =>
  `/api/v1/auth/sso?email=${encodeURIComponent(email.trim())}`;
