// Builds the identity server (storage, keys, provider, pages, accounts endpoints) without listening.
import Provider from 'oidc-provider';
import { accountLinkRoutes } from './account-links/routes.js';
import { deleteExpiredTokens } from './accounts/account-tokens.js';
import { seedDemoAccounts } from './accounts/demo-seed.js';
import { setPasswordHashCost } from './accounts/password.js';
import { accountsRoutes } from './accounts/accounts-routes.js';
import type { IdentityConfig } from './config.js';
import { openDatabase } from './db/database.js';
import type { Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { rejectUnsafeText } from './http/reject-unsafe-text.js';
import { interactionRoutes } from './interactions/routes.js';
import { accountEmails } from './mail/account-emails.js';
import { createMailer } from './mail/mailer.js';
import { deleteExpiredPayloads } from './oidc/adapter.js';
import { createProvider } from './oidc/provider.js';
import { loadSigningKeys } from './oidc/signing-keys.js';
import { createThrottles, deleteExpiredCounters } from './security/throttles.js';
import { securityHeaders } from './security-headers.js';

export interface IdentityApp {
  /** A Koa application: hand `app.callback()` to an HTTP server. */
  app: Provider;
  db: Database;
  close(): Promise<void>;
}

const CLEANUP_EVERY_MS = 60 * 60 * 1000;

async function deleteExpired(db: Database): Promise<void> {
  await deleteExpiredPayloads(db);
  await deleteExpiredTokens(db);
  await deleteExpiredCounters(db);
}

export async function buildApp(config: IdentityConfig): Promise<IdentityApp> {
  setPasswordHashCost(config.fastPasswordHashing);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from });
  try {
    await migrate(db, config.migrationsDir);
    if (config.seedDemo) await seedDemoAccounts(db, config.demoAccountsFile);
    await deleteExpired(db);
    const signingKeys = await loadSigningKeys(db);

    const provider = createProvider({ config, db, signingKeys });
    if (config.trustedProxies > 0) {
      provider.proxy = true;
      // Only the hops our own proxies appended are believed; earlier ones a client can forge.
      provider.maxIpsCount = config.trustedProxies;
    }
    const throttles = createThrottles(db, config.limits);
    const emails = accountEmails({
      db,
      mailer,
      mailboxThrottle: throttles.mailPerMailbox,
      issuer: config.issuer,
      publicUrl: config.publicUrl,
    });
    const accounts = accountsRoutes({
      db,
      apiKey: config.apiKey,
      userLookupThrottle: throttles.userLookup,
      signInThrottles: throttles,
      emails,
    });
    const interactions = interactionRoutes({
      provider,
      db,
      clientId: config.client.clientId,
      throttles,
      emails,
    });
    const accountLinks = accountLinkRoutes({
      db,
      throttles,
      emails,
      publicUrl: config.publicUrl,
    });
    // Middleware added to the provider runs before its own OpenID routes.
    provider.use(rejectUnsafeText);
    provider.use(securityHeaders({ https: config.issuer.startsWith('https:') }));
    provider.use(accounts.routes());
    provider.use(accounts.allowedMethods());
    provider.use(interactions.routes());
    provider.use(accountLinks.routes());
    provider.use(accountLinks.allowedMethods());

    const cleanup = setInterval(() => {
      deleteExpired(db).catch((error: unknown) => console.error('identity: cleanup failed', error));
    }, CLEANUP_EVERY_MS);
    cleanup.unref();

    return {
      app: provider,
      db,
      async close() {
        clearInterval(cleanup);
        await mailer.close();
        await db.close();
      },
    };
  } catch (error) {
    await mailer.close();
    await db.close();
    throw error;
  }
}
