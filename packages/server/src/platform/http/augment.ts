// Fastify's types, extended with what Meridian decorates. Imported for its types only.
import type { Lang } from '@meridian/contracts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Access, NotJson, RouteEntry } from './access.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the caller reads: from `Accept-Language` now, the user's setting later. */
    lang: Lang;
  }
  interface FastifyContextConfig {
    /** Who may call the route; every API route declares it (see access.ts). */
    access?: Access;
    /** Lets a caller whose password has expired through (to change it). */
    allowExpiredPassword?: boolean;
    /** A route that answers a file, a redirect, a stream or a page instead of JSON, and so has no response schema. */
    sends?: NotJson;
  }
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Every route with its declared access, for the tests that prove each one is guarded. */
    routeTable: readonly RouteEntry[];
  }
}
