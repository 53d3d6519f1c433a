import type { FastifyReply } from 'fastify';
import { isDatabaseUnavailable } from './db/connection-errors';
import { errorCodes, messages } from './messages';

/** How long a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/** Thrown to answer 503: the error handler turns it into the one unavailable answer. */
export class ServiceUnavailableError extends Error {
  override name = 'ServiceUnavailableError';
  readonly statusCode = 503;
}

/**
 * A failure that says "not now" rather than "never": the database unreachable, restarting or too busy,
 * the server shedding load, a request over its time limit. Answered 503 with Retry-After, never 500.
 */
export function isServiceUnavailable(error: unknown): boolean {
  return (error as { statusCode?: unknown }).statusCode === 503 || isDatabaseUnavailable(error);
}

/** The 503 answer every route gives when Verity cannot serve right now. */
export function sendServiceUnavailable(
  reply: FastifyReply,
  retryAfterSeconds = RETRY_AFTER_SECONDS,
) {
  return (
    reply
      .code(503)
      .header('Retry-After', String(retryAfterSeconds))
      // A stream that failed before its first byte leaves the route's own type (text/csv) set.
      .type('application/json; charset=utf-8')
      // The same body on every route, whatever a route's own 503 schema says (/readyz describes its checks).
      .serializer((payload) => JSON.stringify(payload))
      .send({
        success: false,
        message: messages.serviceUnavailable,
        code: errorCodes.serviceUnavailable,
      })
  );
}
