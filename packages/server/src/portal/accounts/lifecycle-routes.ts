import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Registration, verification codes, password change and reset, password policy, account review. */
export const accountLifecycleRoutes: FastifyPluginAsyncZod = async () => {};
