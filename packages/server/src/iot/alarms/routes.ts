import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The calls of triggers, alarm records and alarm processing. */
export const alarmsRoutes: FastifyPluginAsyncZod = async () => {};
