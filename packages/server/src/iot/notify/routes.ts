import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The calls of contacts, contact groups, channel settings and alarm notifications. */
export const notifyRoutes: FastifyPluginAsyncZod = async () => {};
