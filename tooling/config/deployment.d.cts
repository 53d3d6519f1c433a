export const MIN_SECRET_LENGTH: number;
export function isLoopbackUrl(url: string): boolean;
export function secretProblem(
  env: NodeJS.ProcessEnv,
  name: string,
  options?: { list?: boolean },
): string | undefined;
export function demoSeedProblem(
  env: NodeJS.ProcessEnv,
  variable: string,
  publicUrl: string,
): string | undefined;
