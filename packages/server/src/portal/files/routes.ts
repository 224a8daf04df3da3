import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The routes of the portal's files area. */
export const filesRoutes: FastifyPluginAsyncZod = async () => {};
