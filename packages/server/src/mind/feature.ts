import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Feature } from '../platform/feature.ts';
import { assessmentsRoutes } from './assessments/routes.ts';
import { bindingRoutes } from './people/binding/routes.ts';
import { peopleImportRoutes } from './people/imports/routes.ts';
import { studentsRoutes } from './people/students/routes.ts';
import { teachersRoutes } from './people/teachers/routes.ts';
import { scalesRoutes } from './scales/routes.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(studentsRoutes);
  await app.register(teachersRoutes);
  await app.register(peopleImportRoutes);
  await app.register(bindingRoutes);
  await app.register(scalesRoutes);
  await app.register(assessmentsRoutes);
};

/** Mind: school and district mental-health management. */
export const mind: Feature = { name: 'mind', routes };
