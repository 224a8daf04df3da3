import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The calls of Device Cloud devices, tags and projects. */
export const devicesRoutes: FastifyPluginAsyncZod = async () => {};
