import underPressure from '@fastify/under-pressure';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ServiceUnavailableError } from '../../service-unavailable';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route answers even under load (liveness). */
    shedLoad?: boolean;
  }
}

/**
 * Requests already waiting for a database connection beyond which new ones are refused at once
 * (four times the pool): past that, a new request would wait out its time limit and fail anyway.
 */
export const MAX_WAITING_FOR_DATABASE = 40;

export interface LoadSheddingOptions {
  /** Refuse requests while the event loop's mean delay exceeds this (0: do not watch it). */
  maxEventLoopDelayMs?: number;
  /** Refuse requests while the event loop is busier than this share of the time (0: do not watch it). */
  maxEventLoopUtilization?: number;
}

const exempt = (request: FastifyRequest) => request.routeOptions.config.shedLoad === false;

/**
 * Answers 503 with Retry-After at once, before any work, while the server is overloaded: the
 * database's queue is long, or the event loop is late. Otherwise requests would queue until they
 * time out, and health checks with them.
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
    fastify.addHook('onRequest', async (request) => {
      if (exempt(request)) return;
      const waiting = fastify.db.waitingCount();
      if (waiting >= MAX_WAITING_FOR_DATABASE) {
        throw new ServiceUnavailableError(
          `Shedding load: ${waiting} requests wait for the database`,
        );
      }
    });
  },
  { name: 'load-shedding', dependencies: ['database'] },
);
