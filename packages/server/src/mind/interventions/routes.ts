import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordRoutes } from './record-routes.ts';
import { warningRoutes } from './warning-routes.ts';

/** The calls of the warning workflow, interventions, reminders and to-do items. */
export const interventionsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(warningRoutes);
  await app.register(recordRoutes);
};

export { warningPushJob } from '../warnings/push.ts';
export { attentionReminderJob, attentionReminderSchedule } from './reminders.ts';
