// Ports of the stack the browser tests start: apart from npm start's, so both can run at once.
import os from 'node:os';
import path from 'node:path';

export function e2eEnvironment() {
  const shellPort = Number(process.env.E2E_SHELL_PORT || 18080);
  const env: Record<string, string> = {
    SHELL_PORT: String(shellPort),
    API_PORT: process.env.E2E_API_PORT || '14000',
    IDENTITY_PORT: process.env.E2E_IDENTITY_PORT || '14100',
    REMOTE_CLIENT_PORT: process.env.E2E_REMOTE_CLIENT_PORT || '18081',
    REMOTE_AUDITOR_PORT: process.env.E2E_REMOTE_AUDITOR_PORT || '18082',
    REMOTE_TARGET_COMPANY_PORT: process.env.E2E_REMOTE_TARGET_COMPANY_PORT || '18083',
    MAIL_CATCHER_PORT: process.env.E2E_MAIL_CATCHER_PORT || '18025',
    MAIL_CATCHER_SMTP_PORT: process.env.E2E_MAIL_CATCHER_SMTP_PORT || '11025',
    DATA_DIR: process.env.E2E_DATA_DIR || path.join(os.tmpdir(), `verity-e2e-${process.pid}`),
    // The ESAP import and revision tests, at both sizes on four workers, are one auditor owner
    // making more imports a minute than the per-person limit (10) a real officer is held to; the
    // limit itself is tested in api/test/routes/action-plans/esap-import.test.ts.
    ESAP_IMPORTS_PER_MINUTE: '60',
    // A demo session the tests store (support/session.ts) stays valid through the longest run: no
    // page renews it by the clock, spending the refresh token that the stored cookies hold. Renewal
    // itself is sign-in.spec.ts's, with the access cookie taken away.
    ACCESS_TOKEN_TTL_SECONDS: String(8 * 60 * 60),
    // The organisation's own identity provider in single-sign-on.spec.ts runs on this machine.
    SSO_PRIVATE_HOSTS: 'localhost',
  };
  // Where the tests point a static site at another build, or stop it (support/static-sites.ts).
  env.STATIC_SITES_FILE = path.join(env.DATA_DIR!, 'static-sites.json');
  return {
    env,
    /** A second server of one remote, for a developer's local override (independent-deploys.spec.ts). */
    remotePreviewPort: Number(process.env.E2E_REMOTE_PREVIEW_PORT || 18084),
    shellUrl: `http://localhost:${shellPort}`,
    /** A second identity server, standing for an organisation's own provider. */
    ssoIdentityPort: Number(process.env.E2E_SSO_IDENTITY_PORT || 14200),
    mailCatcherUrl: `http://127.0.0.1:${env.MAIL_CATCHER_PORT}`,
  };
}

/**
 * Whether to make what only people look at (screenshots, traces): a developer's run makes it; CI's
 * (CI=true) does not spend its time on what nobody opens, unless `variable` is set to 1.
 */
export function madeForPeople(variable: string) {
  return process.env[variable] === '1' || process.env.CI !== 'true';
}
