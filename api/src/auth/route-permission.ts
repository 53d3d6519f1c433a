import type { FastifyRequest } from 'fastify';
import type { Permission } from '@verity/shared-api/src/server';
import { requirePermission } from './tenancy';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The entry of shared-api's permission table a signed-in route requires. */
    permission?: Permission;
  }
  interface FastifySchema {
    /** The route's permission, as the OpenAPI document shows it. */
    'x-permission'?: Permission;
  }
}

/** 403 unless the signed-in user holds the permission the route names in `config.permission`. */
export async function checkRoutePermission(request: FastifyRequest): Promise<void> {
  requirePermission(request.user, request.routeOptions.config.permission!);
}
