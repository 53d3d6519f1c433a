// One remote's server on its own (a deployment where each site has its process, docker-compose.yml,
// or a developer's build of one area served for a remote override).
import { buildRemoteServer } from './remote-app';
import { runServer } from './run-server';

async function main() {
  const key = process.argv[2];
  if (!key) throw new Error('usage: remote-server <client|auditor|targetCompany>');
  const { app, remote } = buildRemoteServer(key);
  await app.listen({ port: remote.port, host: process.env.REMOTE_HOST || '127.0.0.1' });
  console.log(`${remote.dir} listening on ${remote.url}`);
  return { stop: () => app.close() };
}

if (require.main === module) runServer(main);
