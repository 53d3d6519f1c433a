export interface ServiceBuild {
  name: string;
  dir: string;
  outdir: string;
  format: 'cjs' | 'esm';
  inputs: string[];
  entries: Record<string, string>;
}
export const services: ServiceBuild[];
/** Builds the services whose sources changed (all with `force`); returns the names built. */
export function buildServices(options?: { force?: boolean; only?: string[] }): Promise<string[]>;
