// Builds the identity server (storage, keys, provider, pages, accounts endpoints) without listening.
import Provider from 'oidc-provider';
import { seedDemoAccounts } from './accounts/demo-seed.js';
import { accountsRoutes } from './accounts/accounts-routes.js';
import type { IdentityConfig } from './config.js';
import { openDatabase } from './db/database.js';
import type { Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { interactionRoutes } from './interactions/routes.js';
import { deleteExpiredPayloads } from './oidc/adapter.js';
import { createProvider } from './oidc/provider.js';
import { loadSigningKeys } from './oidc/signing-keys.js';
import { securityHeaders } from './security-headers.js';

export interface IdentityApp {
  /** A Koa application: hand `app.callback()` to an HTTP server. */
  app: Provider;
  db: Database;
  close(): Promise<void>;
}

const CLEANUP_EVERY_MS = 60 * 60 * 1000;

export async function buildApp(config: IdentityConfig): Promise<IdentityApp> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db, config.migrationsDir);
    if (config.seedDemo) await seedDemoAccounts(db, config.demoAccountsFile);
    await deleteExpiredPayloads(db);
    const signingKeys = await loadSigningKeys(db);

    const provider = createProvider({ config, db, signingKeys });
    const accounts = accountsRoutes({
      db,
      apiKey: config.apiKey,
      userLookupLimitPerMinute: config.userLookupLimitPerMinute,
    });
    const interactions = interactionRoutes({ provider, db, clientId: config.client.clientId });
    // Middleware added to the provider runs before its own OpenID routes.
    provider.use(securityHeaders({ https: config.issuer.startsWith('https:') }));
    provider.use(accounts.routes());
    provider.use(accounts.allowedMethods());
    provider.use(interactions.routes());

    const cleanup = setInterval(() => {
      deleteExpiredPayloads(db).catch((error: unknown) =>
        console.error('identity: cleanup failed', error),
      );
    }, CLEANUP_EVERY_MS);
    cleanup.unref();

    return {
      app: provider,
      db,
      async close() {
        clearInterval(cleanup);
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
