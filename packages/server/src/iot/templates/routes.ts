import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The calls of Device Cloud templates, slaves, data points and the device library. */
export const templatesRoutes: FastifyPluginAsyncZod = async () => {};
