export interface RemoteConfig {
  key: 'client' | 'auditor' | 'targetCompany';
  name: string;
  dir: string;
  basePath: string;
  envPrefix: string;
  defaultPort: number;
  port: number;
  url: string;
}
export interface VerityConfig {
  repoRoot: string;
  dataDir: string;
  shellPort: number;
  apiPort: number;
  identityPort: number;
  publicUrl: string;
  apiUrl: string;
  identityIssuer: string;
  databaseUrl: string | undefined;
  mailCatcher: { port: number; smtpPort: number; url: string };
  /** Where the services send e-mail: SMTP_URL, else the local mail catcher. */
  smtpUrl: string;
  /** The From of every e-mail: MAIL_FROM, else 'Verity <no-reply@verity.localhost>'. */
  mailFrom: string;
  remotes: RemoteConfig[];
}
export function loadConfig(env?: NodeJS.ProcessEnv): VerityConfig;
export const remotes: Omit<RemoteConfig, 'port' | 'url'>[];
export const repoRoot: string;
/** Every variable loadConfig reads (deployment files are checked against it). */
export const sharedEnvironmentNames: string[];
/** GET /remotes.json: the Module Federation name and entry URL of each remote. */
export function remotesManifest(config: VerityConfig): {
  remotes: { name: string; entry: string }[];
};
