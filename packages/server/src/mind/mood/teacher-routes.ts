import {
  envelopeOf,
  moodClassStudent,
  moodLowStudent,
  moodNote,
  moodSettings,
  moodSettingsSave,
  moodStudentEntries,
  moodTeacherEntry,
  moodTrends,
  pageOf,
  studentMonthBody,
  studentMonthEmotion,
  studentMoodListBody,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { readMoodSettings, saveSchoolMoodSettings } from './settings.ts';
import { studentMonthEmotion as monthOf, studentMoodList } from './student-emotion.ts';
import {
  classMoodStudents,
  lowMoodStudents,
  readMoodNote,
  studentMoodEntries,
  moodTrends as trendsOf,
} from './teachers.ts';

const tags = ['mood journal'];
const BASE = '/apis-psychology/moodJournal';
const id = z.coerce.number().int().positive();
const days = z.coerce.number().int().min(1).max(62);

/** The teachers' journal (`moodJournal`) and the school's journal settings (`moodJournalTest`). */
export const moodTeacherRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/apis-psychology/studentEmotionData/getStudentMoodList',
    {
      config: { access: '/data/moodJournal:view' },
      schema: {
        tags,
        summary: 'A student’s journal entries, newest first, without their notes, a page at a time (audited)',
        body: studentMoodListBody,
        response: { 200: envelopeOf(pageOf(moodTeacherEntry)) },
      },
    },
    async (request) => ok(request, await studentMoodList(actorOf(request), request.body)),
  );
  app.post(
    '/apis-psychology/studentEmotionData/getMonthQxxxDataList',
    {
      config: { access: '/data/moodJournal:view' },
      schema: {
        tags,
        summary:
          'A student’s month (情绪): each day their journal mood beside their class’s share of negative emotion (audited)',
        body: studentMonthBody,
        response: { 200: envelopeOf(studentMonthEmotion) },
      },
    },
    async (request) => ok(request, await monthOf(actorOf(request), request.body)),
  );
  app.get(
    `${BASE}/trends`,
    {
      config: { access: '/data/moodJournal:view' },
      schema: {
        tags,
        summary: 'Each class’s average mood by day, in the caller’s scope',
        querystring: z.object({ days: days.default(14), classId: id.optional() }),
        response: { 200: envelopeOf(moodTrends) },
      },
    },
    async (request) => ok(request, await trendsOf(actorOf(request), request.query.days, request.query.classId)),
  );
  app.get(
    `${BASE}/class/:classId`,
    {
      config: { access: '/data/moodJournal:view' },
      schema: {
        tags,
        summary: 'The students of a class who wrote in the period, with their average and latest mood',
        params: z.object({ classId: id }),
        querystring: z.object({ days: days.default(14) }),
        response: { 200: envelopeOf(z.array(moodClassStudent)) },
      },
    },
    async (request) =>
      ok(request, await classMoodStudents(actorOf(request), request.params.classId, request.query.days)),
  );
  app.get(
    `${BASE}/low`,
    {
      config: { access: '/data/moodJournal:view' },
      schema: {
        tags,
        summary: 'Students whose mood stayed low for their school’s N days in a row',
        response: { 200: envelopeOf(z.array(moodLowStudent)) },
      },
    },
    async (request) => ok(request, await lowMoodStudents(actorOf(request))),
  );
  app.get(
    `${BASE}/student/:studentId`,
    {
      config: { access: '/data/moodJournal:view' },
      schema: {
        tags,
        summary: 'A student’s entries without their notes (audited)',
        params: z.object({ studentId: id }),
        querystring: z.object({ days: days.default(31) }),
        response: { 200: envelopeOf(moodStudentEntries) },
      },
    },
    async (request) =>
      ok(request, await studentMoodEntries(actorOf(request), request.params.studentId, request.query.days)),
  );
  app.get(
    `${BASE}/student/:studentId/note/:day`,
    {
      config: { access: '/data/moodJournal:view' },
      schema: {
        tags,
        summary: 'One day’s note, to the readers the school allows (audited)',
        params: z.object({ studentId: id, day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'v.mood.day') }),
        response: { 200: envelopeOf(moodNote) },
      },
    },
    async (request) => ok(request, await readMoodNote(actorOf(request), request.params.studentId, request.params.day)),
  );
  app.get(
    `${BASE}/settings`,
    {
      config: { access: '/data/moodJournalTest:view' },
      schema: {
        tags,
        summary: 'The journal settings of the caller’s schools',
        response: { 200: envelopeOf(z.array(moodSettings)) },
      },
    },
    async (request) => ok(request, await readMoodSettings(actorOf(request))),
  );
  app.put(
    `${BASE}/settings/:schoolId`,
    {
      config: { access: '/data/moodJournalTest:edit' },
      schema: {
        tags,
        summary: 'Sets one school’s low-mood rule and who may read notes (audited)',
        params: z.object({ schoolId: id }),
        body: moodSettingsSave,
        response: { 200: envelopeOf(moodSettings) },
      },
    },
    async (request) =>
      ok(request, await saveSchoolMoodSettings(actorOf(request), request.params.schoolId, request.body)),
  );
};
