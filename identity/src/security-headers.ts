// Headers every identity answer carries, error pages included; the interaction pages add their own
// Content-Security-Policy.
import type { Middleware } from 'koa';

export function securityHeaders({ https }: { https: boolean }): Middleware {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  return async (ctx, next) => {
    ctx.set(headers);
    try {
      await next();
    } catch (error) {
      // Koa clears every header before it answers an error, then sets the error's own.
      if (error && typeof error === 'object') {
        const withHeaders = error as { headers?: Record<string, string> };
        withHeaders.headers = { ...withHeaders.headers, ...headers };
      }
      throw error;
    }
  };
}
