import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { grantRoutes } from './grants/routes.ts';
import { projectRoutes } from './project-routes.ts';
import { statisticsRoutes } from './statistics/routes.ts';
import { tagRoutes } from './tags/routes.ts';

/** The calls of Device Cloud projects, tags, tag categories, grants and statistics. */
export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(projectRoutes);
  await app.register(tagRoutes);
  await app.register(grantRoutes);
  await app.register(statisticsRoutes);
};
