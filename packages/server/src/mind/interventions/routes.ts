import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { grantFileReads } from '../../portal/files/service.ts';
import { recordAttachmentReadable } from './attachments.ts';
import { recordRoutes } from './record-routes.ts';
import { warningRoutes } from './warning-routes.ts';

/** The calls of the warning workflow, interventions, reminders and to-do items. */
export const interventionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // A record's protected attachments open to whoever may read the record (decision 0043).
  grantFileReads('interventionAttachments', recordAttachmentReadable);
  await app.register(warningRoutes);
  await app.register(recordRoutes);
};

export { warningPushJob } from '../warnings/push.ts';
export { attentionReminderJob, attentionReminderSchedule } from './reminders.ts';
