import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Feature } from '../platform/feature.ts';
import { bindingRoutes } from './people/binding/routes.ts';
import { peopleImportRoutes } from './people/imports/routes.ts';
import { studentsRoutes } from './people/students/routes.ts';
import { teachersRoutes } from './people/teachers/routes.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(studentsRoutes);
  await app.register(teachersRoutes);
  await app.register(peopleImportRoutes);
  await app.register(bindingRoutes);
};

/** Mind: school and district mental-health management. */
export const mind: Feature = { name: 'mind', routes };
