// The shell's server on its own (a deployment where each site has its process, docker-compose.yml).
import { runServer } from '../../tooling/servers/run-server';
import { buildShellServer } from './shell-app';

async function main() {
  const { app, config } = buildShellServer();
  const host = process.env.SHELL_HOST || '127.0.0.1';
  await app.listen({ port: config.shellPort, host });
  console.log(`shell listening on http://localhost:${config.shellPort}`);
  return { stop: () => app.close() };
}

if (require.main === module) runServer(main);
