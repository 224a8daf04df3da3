import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The calls of telemetry: latest values, history, online/offline records, live data. */
export const telemetryRoutes: FastifyPluginAsyncZod = async () => {};
