import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Feature } from '../platform/feature.ts';
import { devicesRoutes } from './devices/routes.ts';
import { mapRoutes } from './map/routes.ts';
import { projectsRoutes } from './projects/routes.ts';
import { templatesRoutes } from './templates/routes.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(devicesRoutes);
  await app.register(mapRoutes);
  await app.register(projectsRoutes);
  await app.register(templatesRoutes);
};

/** Device Cloud: devices, templates and everything that reads them. */
export const iot: Feature = { name: 'iot', routes };
