import { protectDataDir, restrictNewFiles } from '../../tooling/config/data-dir.cjs';
import { buildApp } from './app';
import { ConfigError, loadApiConfig } from './config';

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
      // The shell's server on this machine proxies /api/v1 to us.
      trustProxy: '127.0.0.1',
    },
  });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
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

  const address = await app.listen({ port: config.port, host: config.host });
  console.log(`api listening on ${address}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
