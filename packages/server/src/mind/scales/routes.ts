import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The calls of the scale center and custom scales. */
export const scalesRoutes: FastifyPluginAsyncZod = async () => {};
