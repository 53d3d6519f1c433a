// One remote's server on its own (a deployment where each site has its process, docker-compose.yml,
// or a developer's build of one area served for a remote override).
import { buildRemoteServer } from './remote-app';

async function main() {
  const key = process.argv[2];
  if (!key) throw new Error('usage: remote-server <client|auditor|targetCompany>');
  const { app, remote } = buildRemoteServer(key);
  await app.listen({ port: remote.port, host: process.env.REMOTE_HOST || '127.0.0.1' });
  console.log(`${remote.dir} listening on ${remote.url}`);
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
