import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The calls of Device Cloud projects, tags, tag categories, grants and statistics. */
export const projectsRoutes: FastifyPluginAsyncZod = async () => {};
