import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The routes of the portal's oauth area. */
export const oauthRoutes: FastifyPluginAsyncZod = async () => {};
