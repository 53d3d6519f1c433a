import underPressure from '@fastify/under-pressure';
import type { FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { POOL_SIZE } from '../../db/postgres-database';
import { RequestQueue, type Turn } from '../../request-queue';
import { ServiceUnavailableError } from '../../service-unavailable';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route answers even under load (liveness). */
    shedLoad?: boolean;
    /**
     * false: the route reads its body in its handler (an upload), at the client's pace, so it takes
     * no turn at the database; it is still refused while the queue is too long.
     */
    takesTurn?: boolean;
  }
  interface FastifyInstance {
    /** The requests' turns at the database (request-queue.ts). */
    requestQueue: RequestQueue;
  }
}

/**
 * A request's whole life, routing to answer: Fastify's `handlerTimeout`, set by server.ts. Streams
 * and uploads have longer ones, but none waits longer than this for its turn.
 */
export const REQUEST_TIME_LIMIT_MS = 30_000;

/** Requests working at the database at once, one per pooled connection; the others wait their turn. */
export const REQUESTS_AT_ONCE = POOL_SIZE;

export interface LoadSheddingOptions {
  /** Refuse requests while the event loop's mean delay exceeds this (0: do not watch it). */
  maxEventLoopDelayMs?: number;
  /** Refuse requests while the event loop is busier than this share of the time (0: do not watch it). */
  maxEventLoopUtilization?: number;
}

const exempt = (request: FastifyRequest) => request.routeOptions.config.shedLoad === false;

/** How long a request may wait for its turn and work: its route's time limit, at most REQUEST_TIME_LIMIT_MS. */
const timeLimitOf = (request: FastifyRequest) =>
  Math.min(request.routeOptions.handlerTimeout || REQUEST_TIME_LIMIT_MS, REQUEST_TIME_LIMIT_MS);

/**
 * Requests take turns at the database (request-queue.ts): a burst waits its turn in order, and a
 * request that could not be served within its time limit is answered 503 with Retry-After at once,
 * before any work, instead of timing out. So is every request while the event loop is late.
 */
export default fp<LoadSheddingOptions>(
  async (fastify, { maxEventLoopDelayMs = 0, maxEventLoopUtilization = 0 }) => {
    if (maxEventLoopDelayMs > 0 || maxEventLoopUtilization > 0) {
      await fastify.register(underPressure, {
        maxEventLoopDelay: maxEventLoopDelayMs,
        maxEventLoopUtilization,
        // A rejection goes to the error handler, which answers the one 503 of the API.
        pressureHandler: async (request, _reply, type, value) => {
          if (exempt(request)) return;
          throw new ServiceUnavailableError(`Shedding load: ${type} at ${value}`);
        },
      });
    }

    const queue = new RequestQueue(REQUESTS_AT_ONCE);
    fastify.decorate('requestQueue', queue);
    const turns = new WeakMap<FastifyRequest, Turn>();

    // The turn is taken once the body is read and checked (a slow sender holds no turn) and ends
    // with the handler: what follows is the answer on its way, or a stream at the reader's pace.
    fastify.addHook('preHandler', async (request, reply) => {
      if (exempt(request)) return;
      const limit = timeLimitOf(request);
      if (request.routeOptions.config.takesTurn === false) {
        queue.check(limit);
        return;
      }
      const turn = queue.take(limit);
      turns.set(request, turn);
      // However the request ends (a client gone while it waits, an error), its place is given up.
      reply.raw.once('close', turn.done);
      await turn.ready;
    });
    fastify.addHook('onRoute', (route) => {
      const handler = route.handler as RouteHandlerMethod;
      route.handler = function handleInTurn(request, reply) {
        const end = () => turns.get(request)?.done();
        let result: unknown;
        try {
          result = handler.call(this, request, reply);
        } catch (error) {
          end();
          throw error;
        }
        if (result instanceof Promise) return result.finally(end);
        end();
        return result;
      };
    });
  },
  { name: 'load-shedding', dependencies: ['database'] },
);
