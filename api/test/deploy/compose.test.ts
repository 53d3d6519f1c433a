// docker-compose.yml and the files beside it (deploy/), checked without Docker: the variables each
// service is given are ones its server reads and make a configuration it accepts, the replicas share
// what they must share, the load balancer sends to the services that exist, and each command runs a
// file the image builds.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { repoRoot, sharedEnvironmentNames } from '../../../tooling/config/index.cjs';
import { services as builds } from '../../../tooling/scripts/build-services.mjs';
import { identityEnvironmentNames, loadIdentityConfig } from '../../../identity/src/config';
import { apiEnvironmentNames, loadApiConfig } from '../../src/config';

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  working_dir?: string;
  command?: string[];
  environment?: Record<string, string | number>;
  volumes?: string[];
  ports?: string[];
  networks?: Record<string, { aliases?: string[] } | null>;
  depends_on?: string[] | Record<string, { condition: string }>;
}

const composeFile = path.join(repoRoot, 'docker-compose.yml');
const composeText = readFileSync(composeFile, 'utf8');
const nginxConf = readFileSync(path.join(repoRoot, 'deploy', 'nginx.conf'), 'utf8');

/** The variables deploy/env.example asks the operator for. */
const exampleNames = readFileSync(path.join(repoRoot, 'deploy', 'env.example'), 'utf8')
  .split('\n')
  .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
  .filter((name): name is string => Boolean(name));

/** What an operator's .env holds: every secret 40 characters of letters (safe inside a URL). */
const dotEnv = Object.fromEntries(
  exampleNames.map((name) => [name, `${name.toLowerCase().replace(/_/g, '')}`.padEnd(40, 'x')]),
);

/** Docker Compose's interpolation: ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error}, $$. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{([A-Z_][A-Z0-9_]*)(?:(:?[-?])([^}]*))?\}/g,
    (match, name?: string, operator?: string, argument?: string) => {
      if (match === '$$') return '$';
      const set = env[name!];
      const present = operator?.startsWith(':') ? Boolean(set) : set !== undefined;
      if (present) return set!;
      if (operator?.endsWith('-')) return argument ?? '';
      if (operator?.endsWith('?')) throw new Error(`${name} is required: ${argument}`);
      return '';
    },
  );
}

const compose = parse(composeText, { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const services = compose.services;

/** A service's environment as its container sees it, with the operator's .env. */
function environmentOf(name: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(services[name]?.environment ?? {}).map(([key, value]) => [
      key,
      interpolate(String(value), dotEnv),
    ]),
  );
}

/** The built file a service runs, relative to the repository (its working directory is /app/...). */
function scriptOf(service: Service): string {
  const script = service.command?.find((part) => /\.(c?js|mjs)$/.test(part));
  if (!service.working_dir || !script) throw new Error('no script in the command');
  return path.posix.join(path.posix.relative('/app', service.working_dir), script);
}

const builtFiles = new Set(
  builds.flatMap((build) =>
    Object.keys(build.entries).map((entry) => `${build.outdir}/${entry}.js`),
  ),
);
const verityServices = Object.keys(services).filter((name) => services[name]!.build);
const apiReplicas = verityServices.filter(
  (name) => scriptOf(services[name]!) === 'api/dist/server.js',
);
const identityService = verityServices.find(
  (name) => scriptOf(services[name]!) === 'identity/dist/server.js',
)!;

/**
 * Variables the smaller servers read besides the shared ones: where they listen (SHELL_HOST,
 * REMOTE_HOST, MAIL_CATCHER_HOST, read from the environment as they start) and the bucket the
 * one-off create-bucket job makes (the API's own S3_* names).
 */
const listenNames = ['SHELL_HOST', 'REMOTE_HOST', 'MAIL_CATCHER_HOST'];

describe('docker-compose.yml', () => {
  it('runs two API replicas, each from the image the repository builds', () => {
    expect(apiReplicas).toEqual(['api-1', 'api-2']);
    for (const name of verityServices) {
      const service = services[name]!;
      expect(service.image).toBe('verity:local');
      expect(
        existsSync(path.join(repoRoot, service.build!.context, service.build!.dockerfile)),
      ).toBe(true);
      const script = scriptOf(service);
      expect({
        name,
        runs: builtFiles.has(script) || existsSync(path.join(repoRoot, script)),
      }).toEqual({ name, runs: true });
    }
    // The image does not take the working tree's installs and builds.
    const ignored = readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(
      expect.arrayContaining(['**/node_modules', '**/dist', '.data', '.env']),
    );
  });

  it('asks for every secret in deploy/env.example, and gives each server only variables it reads', () => {
    const required = [...composeText.matchAll(/\$\{([A-Z_][A-Z0-9_]*):?\?/g)].map((m) => m[1]);
    expect(required.length).toBeGreaterThan(0);
    for (const name of new Set(required)) expect(exampleNames).toContain(name);
    // Without the operator's .env, the file refuses to start rather than run with empty secrets.
    expect(() => interpolate(String(services['api-1']!.environment!.SESSION_SECRET), {})).toThrow(
      'SESSION_SECRET is required',
    );

    const known = (name: string) => {
      const script = scriptOf(services[name]!);
      const own =
        script === 'api/dist/server.js' || script === 'deploy/create-bucket.cjs'
          ? apiEnvironmentNames
          : script === 'identity/dist/server.js'
            ? identityEnvironmentNames
            : listenNames;
      return new Set([...sharedEnvironmentNames, ...own]);
    };
    for (const name of verityServices) {
      const unknown = Object.keys(environmentOf(name)).filter((key) => !known(name).has(key));
      expect({ service: name, unknown }).toEqual({ service: name, unknown: [] });
    }
  });

  it("gives every API replica the same configuration, which the API's loader accepts", () => {
    const [first, ...others] = apiReplicas.map((name) => loadApiConfig(environmentOf(name)));
    for (const other of others) expect(other).toEqual(first);
    const config = first!;
    expect(config.host).toBe('0.0.0.0');
    // Shared state lives in services, never on a replica's disk.
    expect(new URL(config.databaseUrl!).hostname).toBe('postgres');
    expect(config.attachmentStorage).toMatchObject({
      kind: 's3',
      endpoint: 'http://minio:9000',
      bucket: environmentOf('create-bucket').S3_BUCKET,
      forcePathStyle: true,
    });
    expect(config.sessionSecrets).toEqual([dotEnv.SESSION_SECRET]);
    expect(config.jobQueue).toBe(true);
    expect(new URL(config.smtpUrl).hostname).toBe('mail');
    // The bucket the one-off job makes is the one the replicas use, with the same account.
    const bucketJob = environmentOf('create-bucket');
    for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      expect(bucketJob[key]).toBe(environmentOf('api-1')[key]);
    expect(environmentOf('minio')).toMatchObject({
      MINIO_ROOT_USER: bucketJob.S3_ACCESS_KEY_ID,
      MINIO_ROOT_PASSWORD: bucketJob.S3_SECRET_ACCESS_KEY,
    });
    for (const name of apiReplicas)
      expect(services[name]!.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        'create-bucket': { condition: 'service_completed_successfully' },
      });
  });

  it('lets the replicas sign people in with identity, which the loader of identity accepts', () => {
    const api = loadApiConfig(environmentOf('api-1'));
    const identity = loadIdentityConfig(environmentOf(identityService));
    expect(identity.issuer).toBe(api.identityIssuer);
    // The load balancer and the replicas reach it from other containers.
    expect(identity.host).toBe('0.0.0.0');
    expect(identity.client.clientId).toBe(api.identityClientId);
    expect(identity.client.clientSecret).toBe(api.identityClientSecret);
    expect(identity.apiKey).toBe(api.identityApiKey);
    expect(identity.client.redirectUris).toEqual([api.redirectUri]);
    expect(identity.databaseUrl).toBeDefined();
    expect(new URL(identity.databaseUrl!).pathname).not.toBe(new URL(api.databaseUrl!).pathname);
    // The issuer's host is the load balancer's alias inside the network (browsers resolve
    // *.localhost to this machine, where the load balancer publishes the issuer's port).
    const issuer = new URL(api.identityIssuer);
    expect(services.lb!.networks?.default?.aliases).toContain(issuer.hostname);
    expect(services.lb!.ports).toContain(`${issuer.port}:${issuer.port}`);
    // The postgres container makes identity's database when its volume is new.
    const init = services.postgres!.volumes!.find((volume) => volume.includes('initdb.d'))!;
    const initSql = readFileSync(path.join(repoRoot, init.split(':')[0]!), 'utf8');
    expect(initSql).toContain(
      `CREATE DATABASE ${new URL(identity.databaseUrl!).pathname.slice(1)};`,
    );
  });

  it('has the load balancer send /api/v1 to every replica and the rest to services that exist', () => {
    const upstream = /upstream api \{([^}]*)\}/.exec(nginxConf)?.[1] ?? '';
    const servers = [...upstream.matchAll(/server ([\w-]+):(\d+)/g)].map((m) => `${m[1]}:${m[2]}`);
    expect(servers.sort()).toEqual(
      apiReplicas.map((name) => `${name}:${loadApiConfig(environmentOf(name)).port}`).sort(),
    );
    expect(nginxConf).toMatch(/location \/api\/v1\/ \{\s*proxy_pass http:\/\/api;/);

    // Every other proxy_pass names a service of the file on the port it listens on.
    const listening: Record<string, string> = {
      shell: environmentOf('shell').SHELL_PORT ?? '8080',
      identity: environmentOf(identityService).IDENTITY_PORT ?? '4100',
      'remote-client': '8081',
      'remote-auditor': '8082',
      'remote-target-company': '8083',
    };
    const targets = [...nginxConf.matchAll(/proxy_pass http:\/\/([\w-]+):(\d+);/g)];
    expect(targets.length).toBe(Object.keys(listening).length);
    for (const [, host, port] of targets) {
      expect(services[host!]).toBeDefined();
      expect({ host, port }).toEqual({ host, port: listening[host!] });
    }
    // What browsers are told to open is what the load balancer publishes.
    const shell = environmentOf('shell');
    for (const url of [
      environmentOf('api-1').PUBLIC_URL!,
      shell.REMOTE_CLIENT_URL!,
      shell.REMOTE_AUDITOR_URL!,
      shell.REMOTE_TARGET_COMPANY_URL!,
    ]) {
      const port = new URL(url).port;
      expect(services.lb!.ports).toContain(`${port}:${port}`);
      expect(nginxConf).toContain(`listen ${port};`);
    }
  });

  it('mounts only files that exist and volumes it declares', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const volume of service.volumes ?? []) {
        const [source] = volume.split(':');
        if (source!.startsWith('./'))
          expect({ name, source, exists: existsSync(path.join(repoRoot, source!)) }).toEqual({
            name,
            source,
            exists: true,
          });
        else expect(Object.keys(compose.volumes)).toContain(source);
      }
      for (const dependency of Array.isArray(service.depends_on)
        ? service.depends_on
        : Object.keys(service.depends_on ?? {}))
        expect(services[dependency]).toBeDefined();
    }
  });
});
