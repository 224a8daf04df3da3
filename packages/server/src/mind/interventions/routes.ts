import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The calls of the warning workflow, interventions, reminders and to-do items. */
export const interventionsRoutes: FastifyPluginAsyncZod = async () => {};
