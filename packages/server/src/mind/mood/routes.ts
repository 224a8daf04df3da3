import { envelopeOf, moodEntrySave, moodMonth, moodSaved } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { myMonth, saveTodayMood } from './service.ts';
import { moodTeacherRoutes } from './teacher-routes.ts';

const tags = ['mood journal'];
const H5 = '/apis-psychology/h5/moodJournal';

/** The mood journal on H5: a student's own entries (`moodJournal`). */
export const moodRoutes: FastifyPluginAsyncZod = async (app) => {
  // A student writes only their own journal: decided by the student record of the caller, not a role.
  app.post(
    `${H5}/today`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Write or edit today’s mood; the note passes the crisis check',
        body: moodEntrySave,
        response: { 200: envelopeOf(moodSaved) },
      },
    },
    async (request) => ok(request, await saveTodayMood(actorOf(request), request.body)),
  );
  app.get(
    `${H5}/mine`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My entries of a month (this one by default) and who at school may read my notes',
        querystring: z.object({
          month: z
            .string()
            .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'v.mood.month')
            .optional(),
        }),
        response: { 200: envelopeOf(moodMonth) },
      },
    },
    async (request) => ok(request, await myMonth(actorOf(request), request.query.month)),
  );
  await app.register(moodTeacherRoutes);
};
