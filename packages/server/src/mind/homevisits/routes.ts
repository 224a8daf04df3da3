import { Readable } from 'node:stream';
import {
  bodyId,
  envelopeOf,
  headTeacherVisitQuery,
  pageOf,
  semesterVisits as semesterVisitsSchema,
  visitAdd,
  visitExportQuery,
  visitPage,
  visitRecord,
  visitTask,
  visitTaskCreate,
  visitTaskPage,
  visitTaskUpdate,
  visitUpdate,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { XLSX_TYPE } from '../../platform/excel/sheet.ts';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { addVisitTask, editVisitTask, listVisitTasks, removeVisitTask, visitTaskDetail } from './tasks.ts';
import {
  addVisit,
  editVisit,
  exportVisitAnswers,
  listVisits,
  removeVisit,
  semesterVisits,
  visitDetail,
} from './visits.ts';

const tags = ['home visits'];
const byId = z.strictObject({ id: bodyId });
const done = envelopeOf(z.null());
const TASKS = '/apis-psychology/homeVisit/task';
const RECORDS = '/apis-psychology/homeVisit/record';

/** Home-visit tasks (`homeVisitTaskConfig`), records (`homeVisitRecord`), the answer export and the semester's visits. */
export const homeVisitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${TASKS}/page`,
    {
      config: { access: '/data/homeVisitTaskConfig:view' },
      schema: {
        tags,
        summary: 'Home-visit tasks set at, above or below the caller',
        body: visitTaskPage,
        response: { 200: envelopeOf(pageOf(visitTask)) },
      },
    },
    async (request) => {
      const { page, size, keyword } = request.body;
      return ok(request, await listVisitTasks(actorOf(request), keyword, { page, size }));
    },
  );
  app.get(
    `${TASKS}/:id`,
    {
      config: { access: '/data/homeVisitTaskConfig:view' },
      schema: {
        tags,
        summary: 'One home-visit task with its form',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: envelopeOf(visitTask) },
      },
    },
    async (request) => ok(request, await visitTaskDetail(actorOf(request), request.params.id)),
  );
  app.post(
    `${TASKS}/add`,
    {
      config: { access: '/data/homeVisitTaskConfig:add' },
      schema: {
        tags,
        summary: 'Set a home-visit task: form, whom to visit, window',
        body: visitTaskCreate,
        response: { 200: envelopeOf(visitTask) },
      },
    },
    async (request) => ok(request, await addVisitTask(actorOf(request), request.body)),
  );
  app.post(
    `${TASKS}/update`,
    {
      config: { access: '/data/homeVisitTaskConfig:edit' },
      schema: {
        tags,
        summary: 'Change a task (its form is locked once visits exist)',
        body: visitTaskUpdate,
        response: { 200: envelopeOf(visitTask) },
      },
    },
    async (request) => ok(request, await editVisitTask(actorOf(request), request.body)),
  );
  app.post(
    `${TASKS}/delete`,
    {
      config: { access: '/data/homeVisitTaskConfig:delete' },
      schema: { tags, summary: 'Delete a task without visits', body: byId, response: { 200: done } },
    },
    async (request) => {
      await removeVisitTask(actorOf(request), request.body.id);
      return ok(request, null);
    },
  );

  app.post(
    `${RECORDS}/page`,
    {
      config: { access: '/data/homeVisitRecord:view' },
      schema: {
        tags,
        summary: 'Home visits of the scope’s students',
        body: visitPage,
        response: { 200: envelopeOf(pageOf(visitRecord)) },
      },
    },
    async (request) => {
      const { page, size, ...filters } = request.body;
      return ok(request, await listVisits(actorOf(request), filters, { page, size }));
    },
  );
  app.get(
    '/apis-psychology/analysis/review/bzrjf',
    {
      config: { access: '/data/homeVisitRecord:view' },
      schema: {
        tags,
        summary: 'Home visits the students’ head teachers made (班主任家访, decision 0135)',
        querystring: headTeacherVisitQuery,
        response: { 200: envelopeOf(pageOf(visitRecord)) },
      },
    },
    async (request) => {
      const { page, size, ...filters } = request.query;
      return ok(request, await listVisits(actorOf(request), { ...filters, byHeadTeacher: true }, { page, size }));
    },
  );
  app.get(
    `${RECORDS}/:id`,
    {
      config: { access: '/data/homeVisitRecord:view' },
      schema: {
        tags,
        summary: 'One home visit with its answers',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: envelopeOf(visitRecord) },
      },
    },
    async (request) => ok(request, await visitDetail(actorOf(request), request.params.id)),
  );
  app.post(
    `${RECORDS}/add`,
    {
      config: { access: '/data/homeVisitRecord:add' },
      schema: {
        tags,
        summary: 'Record a home visit, with the answers of its task’s form',
        body: visitAdd,
        response: { 200: envelopeOf(visitRecord) },
      },
    },
    async (request) => ok(request, await addVisit(actorOf(request), request.body)),
  );
  app.post(
    `${RECORDS}/update`,
    {
      config: { access: '/data/homeVisitRecord:edit' },
      schema: { tags, summary: 'Correct a home visit', body: visitUpdate, response: { 200: envelopeOf(visitRecord) } },
    },
    async (request) => ok(request, await editVisit(actorOf(request), request.body)),
  );
  app.post(
    `${RECORDS}/delete`,
    {
      config: { access: '/data/homeVisitRecord:delete' },
      schema: { tags, summary: 'Delete a home visit', body: byId, response: { 200: done } },
    },
    async (request) => {
      await removeVisit(actorOf(request), request.body.id);
      return ok(request, null);
    },
  );

  app.get(
    '/apis-psychology/survey/task/exportHomeVisitAnswer',
    {
      config: { access: '/data/homeVisitRecord:export', sends: 'file' },
      schema: { tags, summary: 'The answers of a task’s home visits as xlsx (audited)', querystring: visitExportQuery },
    },
    async (request, reply) => {
      const { name, stream } = await exportVisitAnswers(actorOf(request), request.query.taskId);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(stream));
    },
  );
  app.get(
    '/apis-psychology/analysis/itemStatus/homeVisit/:studentId',
    {
      config: { access: '/data/homeVisitRecord:view' },
      schema: {
        tags,
        summary: 'A student’s home visits this semester',
        params: z.object({ studentId: z.coerce.number().int().positive() }),
        response: { 200: envelopeOf(semesterVisitsSchema) },
      },
    },
    async (request) => ok(request, await semesterVisits(actorOf(request), request.params.studentId)),
  );
};
