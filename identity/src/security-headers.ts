// Headers every identity answer carries, error pages included: oidc-provider's own pages (sign-out,
// its error page) may never be framed either. Identity's pages replace the policy with a fuller one
// that forbids framing too.
import type { Middleware } from 'koa';

export function securityHeaders({ https }: { https: boolean }): Middleware {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': "frame-ancestors 'none'",
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
