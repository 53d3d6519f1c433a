import { protectDataDir, restrictNewFiles } from '../../tooling/config/data-dir.cjs';
import { buildApp } from './app';
import { ConfigError, loadApiConfig } from './config';
import { MigrationError } from './db';
import { REQUEST_TIME_LIMIT_MS } from './plugins/external/load-shedding';

/** On SIGTERM, requests in flight get this long to finish; the connections still open are then closed. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  // Databases, attachments and secrets live under DATA_DIR: private to this user, whatever the umask.
  restrictNewFiles();
  const config = loadApiConfig(process.env);
  protectDataDir(config.dataDir);
  const app = await buildApp({
    config,
    logger: { level: config.logLevel },
    server: {
      connectionTimeout: 30_000,
      keepAliveTimeout: 72_000,
      requestTimeout: 60_000,
      // A request's whole life, routing to answer; streaming routes set their own
      // (docs/decisions/0031-trust-faults.md).
      handlerTimeout: REQUEST_TIME_LIMIT_MS,
      // The shell's server on this machine proxies /api/v1 to us.
      trustProxy: '127.0.0.1',
    },
    loadShedding: config.loadShedding,
  });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting; what is in flight gets SHUTDOWN_GRACE_MS (a download nobody reads would hold us forever).
    setTimeout(() => {
      console.error(
        `api: requests still open ${SHUTDOWN_GRACE_MS / 1000} s after ${signal}; closing their connections`,
      );
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS).unref();
    // Closing the app closes the database too (the database plugin's onClose).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  // `kill -USR2`: late root-cause analyses are escalated now, not at the next scan hour (once each,
  // as by the scan); the browser tests ask so (docs/decisions/0107-the-bell-live.md).
  process.on('SIGUSR2', () => {
    app.notifications.escalateLateIncidents().then(
      (escalated) => app.log.info({ escalated }, 'late root-cause analyses escalated'),
      (error: unknown) => app.log.error({ err: error }, 'late root-cause analyses not escalated'),
    );
  });

  const address = await app.listen({ port: config.port, host: config.host });
  // The queue is worked only once this process holds its port: one that cannot (another Verity on
  // this machine, its mail catcher beside it) must not send its e-mails meanwhile.
  if (config.jobQueue) await app.notifications.startWorkers({ scan: true, email: true });
  console.log(`api listening on ${address}`);
}

main().catch((error: unknown) => {
  // A configuration or migration problem is the operator's to fix: its message says what, no stack.
  console.error(
    error instanceof ConfigError || error instanceof MigrationError ? error.message : error,
  );
  process.exit(1);
});
