import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The calls of teachers, class teachers, groups and teacher reshuffle. */
export const teachersRoutes: FastifyPluginAsyncZod = async () => {};
