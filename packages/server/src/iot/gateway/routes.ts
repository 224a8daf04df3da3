import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The calls that reach a device through the gateway: writes and data debugging. */
export const gatewayRoutes: FastifyPluginAsyncZod = async () => {};
