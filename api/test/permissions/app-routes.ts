import type { FastifyInstance } from 'fastify';

/** A route key without parameter names: 'GET /a/:id', 'GET /a/:x|:id' and 'GET /a/{gapId}' are one route. */
export function normaliseRoute(route: string): string {
  return route.replace(/:[A-Za-z0-9_]+(\|:[A-Za-z0-9_]+)*|\{[A-Za-z0-9_]+\}/g, '{}');
}

const TREE_LINE = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every 'METHOD /path' the app answers (HEAD and OPTIONS left out), read from Fastify's own route
 * tree: each line is one node, indented four characters per level below the node whose path it extends.
 */
export function appRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = TREE_LINE.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? pathAtDepth[depth - 1]! : '') + match[2]!;
    pathAtDepth[depth] = path;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim()))
      if (method && method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path}`);
  }
  return routes;
}

/** The permission each route of the OpenAPI document names (`x-permission`), by normalised route. */
export function documentedPermissions(app: FastifyInstance): Map<string, string | undefined> {
  const paths =
    (app.swagger() as { paths?: Record<string, Record<string, { 'x-permission'?: string }>> })
      .paths ?? {};
  return new Map(
    Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(
        ([method, operation]) =>
          [normaliseRoute(`${method.toUpperCase()} ${path}`), operation['x-permission']] as const,
      ),
    ),
  );
}

/** The routes the OpenAPI document describes, a second source to check the tree reading against. */
export function documentedRoutes(app: FastifyInstance): string[] {
  const paths = (app.swagger() as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .map((method) => method.toUpperCase())
      .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
      .map((method) => `${method} ${path}`),
  );
}
