import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Who may call a route: `public` for anyone, `user` for any signed-in user, or a permission
 * code (`iot:device:edit`) that the caller's roles must grant.
 */
export type Access = 'public' | 'user' | (string & {});

/**
 * What a route answers that is not the JSON envelope, and so has no response schema: a file or an
 * export, a redirect (single sign-on and OAuth hand-offs), an event stream or a page.
 */
export type NotJson = 'file' | 'redirect' | 'stream' | 'page';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
  /** The route's declared schemas (Zod), for the tests that walk every route's inputs. */
  schema: RouteOptions['schema'];
  sends: NotJson | undefined;
}

/** Paths that are not our API and so declare nothing: the OpenAPI viewer's own files. */
const exempt = (url: string) => !url.startsWith('/api/') || url.startsWith('/api/docs/ui');

/**
 * Collects every route as it is added and refuses to start when an API route has not said who
 * may call it, or answers JSON without declaring the schema of its answer (which keeps out whatever
 * a handler returns beyond it, and completes the OpenAPI document), so that neither can ship.
 */
export function declareAccessRule(app: FastifyInstance, table: RouteEntry[]): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      table.push({
        method,
        url: route.url,
        access: route.config?.access,
        schema: route.schema,
        sends: route.config?.sends,
      });
    }
  });
  app.addHook('onReady', async () => {
    const missing = table.filter((r) => !exempt(r.url) && r.method !== 'HEAD' && !r.access);
    if (missing.length > 0) {
      throw new Error(`routes without an access declaration: ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`);
    }
    const unshaped = table.filter((r) => !exempt(r.url) && r.method !== 'HEAD' && !r.schema?.response && !r.sends);
    if (unshaped.length > 0) {
      throw new Error(
        `routes without a response schema (or config.sends for a file, redirect, stream or page): ${unshaped.map((r) => `${r.method} ${r.url}`).join(', ')}`,
      );
    }
  });
}
