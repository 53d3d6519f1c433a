// Starts the identity server: reads the environment, listens, and stops cleanly on SIGTERM or SIGINT.
import http from 'node:http';
import { protectDataDir, restrictNewFiles } from '../../tooling/config/data-dir.cjs';
import { buildApp } from './app.js';
import { ConfigError, loadIdentityConfig } from './config.js';
import { MigrationError } from '../../tooling/db/migrations';

async function main(): Promise<void> {
  // Databases and secrets live under DATA_DIR: private to this user, whatever the umask.
  restrictNewFiles();
  const config = loadIdentityConfig();
  protectDataDir(config.dataDir);
  const identity = await buildApp(config);
  const server = http.createServer(identity.app.callback());
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  console.log(`identity listening on ${config.issuer} (${config.host}:${config.port})`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`identity stopping (${signal})`);
    server.close(() => {
      identity
        .close()
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          console.error('identity: failed to close the database', error);
          process.exit(1);
        });
    });
    server.closeIdleConnections();
    // Connections still busy after this long are cut so shutdown cannot hang.
    setTimeout(() => server.closeAllConnections(), 5_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  // A configuration or migration problem is the operator's to fix: its message says what, no stack.
  console.error(
    error instanceof ConfigError || error instanceof MigrationError ? error.message : error,
  );
  process.exit(1);
});
