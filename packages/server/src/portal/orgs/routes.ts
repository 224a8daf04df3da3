import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The routes of the portal's orgs area. */
export const orgsRoutes: FastifyPluginAsyncZod = async () => {};
