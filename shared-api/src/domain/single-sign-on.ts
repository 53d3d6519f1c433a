// Single sign-on with an organisation's own OpenID Connect provider
// (docs/decisions/0098-single-sign-on.md): the limits, the rules of its settings and the words the API,
// the login screen and the settings page share.
import type { RuleResult } from '../rules/rule-result';

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

/** `/login?sso=email` opens the address field of single sign-on. */
export const SSO_LOGIN_PARAM = 'sso';

export const SSO_MESSAGES = {
  title: 'Single sign-on',
  intro:
    "Let your organisation's members sign in with your own identity provider (Microsoft Entra ID, Okta, Google Workspace, Keycloak or any OpenID Connect provider). Register Verity there as a web application with this redirect address, then test it by signing in yourself.",
  issuerLabel: 'Issuer URL',
  clientIdLabel: 'Client ID',
  clientSecretLabel: 'Client secret',
  clientSecretKept: 'Kept; type a new one to replace it.',
  redirectLabel: 'Redirect URI to register',
  save: 'Save',
  test: 'Test sign-in',
  remove: 'Remove',
  enable: 'Require single sign-on',
  disable: 'Stop requiring single sign-on',
  notTested:
    'Not tested yet: sign in through your provider with your own address before it can be required.',
  testedFor: (domain: string) => `Tested: addresses at ${domain} sign in through your provider.`,
  requiredFor: (domain: string) =>
    `Required: members with an address at ${domain} sign in through your provider. Owners can still sign in with Verity's own sign-in, so a broken provider never locks you out.`,
  badIssuer:
    'Enter the https address of your provider (its issuer), such as https://login.example.com.',
  issuerTooLong: `The issuer address can be at most ${SSO_LIMITS.issuer} characters.`,
  clientIdRequired: 'Enter the client ID your provider gave Verity.',
  clientIdTooLong: `A client ID can be at most ${SSO_LIMITS.clientId} characters.`,
  clientSecretRequired: 'Enter the client secret your provider gave Verity.',
  clientSecretTooLong: `A client secret can be at most ${SSO_LIMITS.clientSecret} characters.`,
  privateIssuer:
    'This address leads to a private or local network, which Verity does not call. Use your provider’s public address.',
  discoveryFailed:
    'Verity could not read the OpenID Connect configuration at this address. Check the issuer URL.',
  notConfigured: 'Your organisation has no single sign-on yet.',
  untested:
    'Test single sign-on first: sign in through your provider with your own address, then require it.',
  /** The outcome of a test sign-in, shown on the settings page. */
  testOutcome: {
    tested: 'Your provider works: you signed in through it with your own address.',
    otherAccount:
      'You signed in at your provider with another address than your own Verity address. Test again with your own.',
    publicDomain:
      'Your address is at a public mail service, which cannot be routed to your provider.',
    domainTaken: "Your address's domain already signs in through another organisation's provider.",
    failed:
      'The test sign-in did not work. Check the issuer, client ID, client secret and redirect URI.',
  } satisfies Record<SsoTestOutcome, string>,
  /** The login screen (its link is SSO_SIGN_IN_LINK). */
  emailLabel: 'Work e-mail address',
  continue: 'Continue',
} as const;

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
