import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The map's settings: where the tiles come from, so that an offline deployment points at its own tile server. */
export const mapRoutes: FastifyPluginAsyncZod = async () => {};
