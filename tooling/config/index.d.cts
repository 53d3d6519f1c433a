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
  remotes: RemoteConfig[];
}
export function loadConfig(env?: NodeJS.ProcessEnv): VerityConfig;
export const remotes: Omit<RemoteConfig, 'port' | 'url'>[];
export const repoRoot: string;
