import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Feature } from '../platform/feature.ts';
import { archiveRoutes } from './archive/routes.ts';
import { assessmentsRoutes } from './assessments/routes.ts';
import { expiredDownloadsCleanup } from './downloads/cleanup.ts';
import { downloadJob } from './downloads/job.ts';
import { downloadsRoutes } from './downloads/routes.ts';
import { unsavedAttachmentsCleanup } from './interventions/cleanup.ts';
import {
  attentionReminderJob,
  attentionReminderSchedule,
  interventionsRoutes,
  warningPushJob,
} from './interventions/routes.ts';
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
  await app.register(interventionsRoutes);
  await app.register(archiveRoutes);
  await app.register(downloadsRoutes);
};

/** Mind: school and district mental-health management. */
export const mind: Feature = {
  name: 'mind',
  routes,
  jobs: [warningPushJob, attentionReminderJob, downloadJob()],
  schedules: [attentionReminderSchedule],
  cleanups: [expiredDownloadsCleanup(), unsavedAttachmentsCleanup()],
};
