// The one place that turns environment variables into the ports and URLs every server and build uses:
// the configuration of the small servers (shell, remotes, mail catcher), shared by api and identity.
const path = require('node:path');
const { Type } = require('@sinclair/typebox');
const { checkEnvironment } = require('./environment.cjs');

const repoRoot = path.resolve(__dirname, '../..');

/** 1 to 65535. */
const Port = (name) =>
  Type.Optional(
    Type.String({
      pattern:
        '^(6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3})$',
      invalid: `${name} must be a port number, got "{value}"`,
    }),
  );
const Url = () => Type.Optional(Type.String());

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

const EnvSchema = Type.Object({
  SHELL_PORT: Port('SHELL_PORT'),
  API_PORT: Port('API_PORT'),
  IDENTITY_PORT: Port('IDENTITY_PORT'),
  MAIL_CATCHER_PORT: Port('MAIL_CATCHER_PORT'),
  MAIL_CATCHER_SMTP_PORT: Port('MAIL_CATCHER_SMTP_PORT'),
  ...Object.fromEntries(
    remotes.map((remote) => [`${remote.envPrefix}_PORT`, Port(`${remote.envPrefix}_PORT`)]),
  ),
  PUBLIC_URL: Url(),
  API_URL: Url(),
  IDENTITY_ISSUER: Url(),
  DATA_DIR: Type.Optional(Type.String()),
  DATABASE_URL: Type.Optional(Type.String()),
  SMTP_URL: Url(),
  MAIL_FROM: Type.Optional(Type.String()),
  ...Object.fromEntries(remotes.map((remote) => [`${remote.envPrefix}_URL`, Url()])),
});

/** Reads the shared ports and URLs; throws naming the first variable at fault. */
function loadConfig(env = process.env) {
  const { problems } = checkEnvironment(EnvSchema, env);
  if (problems.length > 0) throw new Error(problems[0]);
  const port = (name, fallback) => (env[name] ? Number(env[name]) : fallback);
  const shellPort = port('SHELL_PORT', 8080);
  const apiPort = port('API_PORT', 4000);
  const identityPort = port('IDENTITY_PORT', 4100);
  const mailCatcherPort = port('MAIL_CATCHER_PORT', 8025);
  const mailCatcherSmtpPort = port('MAIL_CATCHER_SMTP_PORT', 1025);
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
      const remotePort = port(`${remote.envPrefix}_PORT`, remote.defaultPort);
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

/** Every variable loadConfig reads (deployment files are checked against it). */
const sharedEnvironmentNames = Object.keys(EnvSchema.properties);

module.exports = { loadConfig, remotes, remotesManifest, repoRoot, sharedEnvironmentNames };
