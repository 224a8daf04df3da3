import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Who may call a route: `public` for anyone, `user` for any signed-in user, or a permission
 * code (`iot:device:edit`) that the caller's roles must grant.
 */
export type Access = 'public' | 'user' | (string & {});

export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
  /** The route's declared schemas (Zod), for the tests that walk every route's inputs. */
  schema: RouteOptions['schema'];
}

/** Paths that are not our API and so declare nothing: the OpenAPI viewer's own files. */
const exempt = (url: string) => !url.startsWith('/api/') || url.startsWith('/api/docs/ui');

/**
 * Collects every route as it is added and refuses to start when an API route has not said who
 * may call it, so that forgetting the declaration cannot ship.
 */
export function declareAccessRule(app: FastifyInstance, table: RouteEntry[]): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      table.push({ method, url: route.url, access: route.config?.access, schema: route.schema });
    }
  });
  app.addHook('onReady', async () => {
    const missing = table.filter((r) => !exempt(r.url) && r.method !== 'HEAD' && !r.access);
    if (missing.length > 0) {
      throw new Error(`routes without an access declaration: ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`);
    }
  });
}
