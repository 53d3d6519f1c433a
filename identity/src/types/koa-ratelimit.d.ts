// The part of koa-ratelimit (which ships no types) that identity uses.
declare module 'koa-ratelimit' {
  import type { Context, Middleware } from 'koa';

  interface MemoryRateLimitOptions {
    driver: 'memory';
    db: Map<string, unknown>;
    duration: number;
    max: number;
    id?: (ctx: Context) => string | false;
    errorMessage?: unknown;
    disableHeader?: boolean;
  }

  export default function ratelimit(options: MemoryRateLimitOptions): Middleware;
}
