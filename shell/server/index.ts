// The shell's server on its own (a deployment where each site has its process, docker-compose.yml).
import { buildShellServer } from './shell-app';

async function main() {
  const { app, config } = buildShellServer();
  const host = process.env.SHELL_HOST || '127.0.0.1';
  await app.listen({ port: config.shellPort, host });
  console.log(`shell listening on http://localhost:${config.shellPort}`);
  const stop = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
