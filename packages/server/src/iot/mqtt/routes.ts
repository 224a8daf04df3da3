import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The HTTP ingest endpoint of NB and cellular devices. */
export const ingestRoutes: FastifyPluginAsyncZod = async () => {};
