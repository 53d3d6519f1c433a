// The one place that turns environment variables into the ports and URLs every server and build uses.
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '../..');

function port(env, name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) {
    throw new Error(`${name} must be a port number, got "${raw}"`);
  }
  return value;
}

/** Remote areas of the shell: Module Federation name, mount path and the env prefix of its server. */
const remotes = [
  {
    key: 'client',
    name: 'remote_client',
    dir: 'remote-client',
    basePath: '/client',
    envPrefix: 'REMOTE_CLIENT',
    defaultPort: 8081,
  },
  {
    key: 'auditor',
    name: 'remote_auditor',
    dir: 'remote-auditor',
    basePath: '/auditor',
    envPrefix: 'REMOTE_AUDITOR',
    defaultPort: 8082,
  },
  {
    key: 'targetCompany',
    name: 'remote_target_company',
    dir: 'remote-target-company',
    basePath: '/target-company',
    envPrefix: 'REMOTE_TARGET_COMPANY',
    defaultPort: 8083,
  },
];

function loadConfig(env = process.env) {
  const shellPort = port(env, 'SHELL_PORT', 8080);
  const apiPort = port(env, 'API_PORT', 4000);
  const identityPort = port(env, 'IDENTITY_PORT', 4100);
  const mailCatcherPort = port(env, 'MAIL_CATCHER_PORT', 8025);
  const mailCatcherSmtpPort = port(env, 'MAIL_CATCHER_SMTP_PORT', 1025);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${shellPort}`).replace(/\/$/, '');
  return {
    repoRoot,
    dataDir: path.resolve(env.DATA_DIR || path.join(repoRoot, '.data')),
    shellPort,
    apiPort,
    identityPort,
    publicUrl,
    apiUrl: (env.API_URL || `http://127.0.0.1:${apiPort}`).replace(/\/$/, ''),
    identityIssuer: (env.IDENTITY_ISSUER || `http://localhost:${identityPort}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL || undefined,
    /** The local mail catcher of `npm start` (SMTP in, web inbox out); SMTP_URL, when set, sends elsewhere. */
    mailCatcher: {
      port: mailCatcherPort,
      smtpPort: mailCatcherSmtpPort,
      url: `http://localhost:${mailCatcherPort}`,
    },
    smtpUrl: env.SMTP_URL || `smtp://127.0.0.1:${mailCatcherSmtpPort}`,
    mailFrom: env.MAIL_FROM || 'Verity <no-reply@verity.localhost>',
    remotes: remotes.map((remote) => {
      const remotePort = port(env, `${remote.envPrefix}_PORT`, remote.defaultPort);
      return {
        ...remote,
        port: remotePort,
        url: (env[`${remote.envPrefix}_URL`] || `http://localhost:${remotePort}`).replace(
          /\/$/,
          '',
        ),
      };
    }),
  };
}

/** GET /remotes.json: where the shell finds each remote's entry at run time. */
function remotesManifest(config) {
  return {
    remotes: config.remotes.map((remote) => ({
      name: remote.name,
      entry: `${remote.url}/remoteEntry.js`,
    })),
  };
}

module.exports = { loadConfig, remotes, remotesManifest, repoRoot };
