import {
  archiveBaseInfo as archiveBaseInfoSchema,
  archiveDetails as archiveDetailsSchema,
  archiveStudent,
  archiveStudentParams,
  bodyId,
  envelopeOf,
  familyInfoSave,
  familyInfo as familyInfoSchema,
  growthRecord,
  growthRecordAdd,
  growthRecordPage,
  growthRecordUpdate,
  pageOf,
  semesterFile,
  studentFilePage,
  studentFileRow,
  timelineEvent,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { counsellingRoutes } from '../counselling/routes.ts';
import { homeVisitsRoutes } from '../homevisits/routes.ts';
import { dailyRoutes } from './daily-routes.ts';
import './references.ts';
import { familyInfo, saveFamilyInfo } from './family.ts';
import { addGrowth, editGrowth, listGrowth, removeGrowth } from './growth.ts';
import { archiveBaseInfo, archiveBySemester, archiveDetails, archiveTimeline, studentFiles } from './service.ts';

const tags = ['student archive'];
const VIEW = { access: '/data/studentFile:view' };
const AUDIT = '/apis-psychology-audit/studentArchives';

/** The calls of the student archive, home visits, counselling and daily work. */
export const archiveRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(homeVisitsRoutes);
  await app.register(counsellingRoutes);
  await app.register(dailyRoutes);

  app.post(
    '/apis-psychology/studentFile/page',
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'Students of the scope with what their files hold',
        body: studentFilePage,
        response: { 200: envelopeOf(pageOf(studentFileRow)) },
      },
    },
    async (request) => {
      const { page, size, ...filters } = request.body;
      return ok(request, await studentFiles(actorOf(request), filters, { page, size }));
    },
  );
  app.post(
    `${AUDIT}/queryBaseInfo`,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'A student’s base information and family (audited)',
        body: archiveStudent,
        response: { 200: envelopeOf(archiveBaseInfoSchema) },
      },
    },
    async (request) => ok(request, await archiveBaseInfo(actorOf(request), request.body.studentId)),
  );
  app.post(
    `${AUDIT}/queryXnxqHistory`,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'A student’s file by school year and semester (audited)',
        body: archiveStudent,
        response: { 200: envelopeOf(z.array(semesterFile)) },
      },
    },
    async (request) => ok(request, await archiveBySemester(actorOf(request), request.body.studentId)),
  );
  app.get(
    '/apis-psychology/studentFile/details/:studentId',
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'The whole file of one student (audited)',
        params: archiveStudentParams,
        response: { 200: envelopeOf(archiveDetailsSchema) },
      },
    },
    async (request) => ok(request, await archiveDetails(actorOf(request), request.params.studentId)),
  );
  app.get(
    '/apis-psychology/studentFile/timeline/:studentId',
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'Every record of the file in time order (audited)',
        params: archiveStudentParams,
        response: { 200: envelopeOf(z.array(timelineEvent)) },
      },
    },
    async (request) => ok(request, await archiveTimeline(actorOf(request), request.params.studentId)),
  );

  app.get(
    '/apis-psychology/familyInfo/:studentId',
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'A student’s family (audited)',
        params: archiveStudentParams,
        response: { 200: envelopeOf(familyInfoSchema) },
      },
    },
    async (request) => ok(request, await familyInfo(actorOf(request), request.params.studentId)),
  );
  app.post(
    '/apis-psychology/familyInfo/save',
    {
      config: { access: '/data/studentFile:edit' },
      schema: {
        tags,
        summary: 'Save a student’s family',
        body: familyInfoSave,
        response: { 200: envelopeOf(familyInfoSchema) },
      },
    },
    async (request) => ok(request, await saveFamilyInfo(actorOf(request), request.body)),
  );

  app.post(
    '/apis-psychology/growthRecord/page',
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'A student’s growth records, newest first (audited)',
        body: growthRecordPage,
        response: { 200: envelopeOf(pageOf(growthRecord)) },
      },
    },
    async (request) => {
      const { studentId, page, size } = request.body;
      return ok(request, await listGrowth(actorOf(request), studentId, { page, size }));
    },
  );
  app.post(
    '/apis-psychology/growthRecord/add',
    {
      config: { access: '/data/studentFile:add' },
      schema: {
        tags,
        summary: 'Add a dated entry to a student’s growth record',
        body: growthRecordAdd,
        response: { 200: envelopeOf(growthRecord) },
      },
    },
    async (request) => ok(request, await addGrowth(actorOf(request), request.body)),
  );
  app.post(
    '/apis-psychology/growthRecord/update',
    {
      config: { access: '/data/studentFile:edit' },
      schema: {
        tags,
        summary: 'Correct a growth record',
        body: growthRecordUpdate,
        response: { 200: envelopeOf(growthRecord) },
      },
    },
    async (request) => ok(request, await editGrowth(actorOf(request), request.body)),
  );
  app.post(
    '/apis-psychology/growthRecord/delete',
    {
      config: { access: '/data/studentFile:delete' },
      schema: {
        tags,
        summary: 'Delete a growth record',
        body: z.strictObject({ id: bodyId }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeGrowth(actorOf(request), request.body.id);
      return ok(request, null);
    },
  );
};
