import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The calls of students, parents and school years. */
export const studentsRoutes: FastifyPluginAsyncZod = async () => {};
