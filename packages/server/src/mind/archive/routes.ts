import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The calls of the student archive, home visits, counselling and daily work. */
export const archiveRoutes: FastifyPluginAsyncZod = async () => {};
