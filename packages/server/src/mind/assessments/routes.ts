import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The calls of assessment tasks, answering and results. */
export const assessmentsRoutes: FastifyPluginAsyncZod = async () => {};
