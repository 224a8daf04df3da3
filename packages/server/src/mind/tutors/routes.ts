import { Readable } from 'node:stream';
import {
  classProgress,
  envelopeOf,
  tutorChoice,
  tutorChoose,
  tutorDecide,
  tutorRound,
  tutorTask,
  tutorTaskCreate,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { XLSX_TYPE } from '../../platform/excel/sheet.ts';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import {
  addTutorTask,
  chooseTutor,
  decide,
  exportResults,
  listTutorTasks,
  moveRound,
  myTutees,
  myTutorTasks,
  taskProgress,
  taskResults,
  tutoringTasks,
} from './service.ts';

const tags = ['tutor choice'];
const BASE = '/apis-psychology/tutorChoice';
const params = z.object({ id: z.coerce.number().int().positive() });
const mine = tutorTask.extend({ myTutorId: z.number().nullable(), myState: z.string().nullable() });

/** Tutor choice (`tutorChoice`), its progress by class (`taskSelectProgress`), tutors' answers and choosing on H5. */
export const tutorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/task/list`,
    {
      config: { access: '/data/tutorChoice:view' },
      schema: {
        tags,
        summary: 'Tutor-choice tasks of the caller’s scope',
        response: { 200: envelopeOf(z.array(tutorTask)) },
      },
    },
    async (request) => ok(request, await listTutorTasks(actorOf(request))),
  );
  // The progress page lists the same tasks to those who follow them (class teachers) without setting them.
  app.get(
    `${BASE}/progress/list`,
    {
      config: { access: '/data/taskSelectProgress:view' },
      schema: {
        tags,
        summary: 'Tutor-choice tasks whose progress the caller follows',
        response: { 200: envelopeOf(z.array(tutorTask)) },
      },
    },
    async (request) => ok(request, await listTutorTasks(actorOf(request))),
  );
  app.get(
    `${BASE}/tutoring`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The tasks naming me as a tutor',
        response: { 200: envelopeOf(z.array(tutorTask)) },
      },
    },
    async (request) => ok(request, await tutoringTasks(actorOf(request))),
  );
  app.post(
    `${BASE}/task/add`,
    {
      config: { access: '/data/tutorChoice:add' },
      schema: {
        tags,
        summary: 'Set a tutor-choice task',
        body: tutorTaskCreate,
        response: { 200: envelopeOf(tutorTask) },
      },
    },
    async (request) => ok(request, await addTutorTask(actorOf(request), request.body)),
  );
  app.post(
    `${BASE}/task/round`,
    {
      config: { access: '/data/tutorChoice:edit' },
      schema: { tags, summary: 'Open another round', body: tutorRound, response: { 200: envelopeOf(tutorTask) } },
    },
    async (request) => ok(request, await moveRound(actorOf(request), request.body.id, request.body.round)),
  );
  app.get(
    `${BASE}/task/:id/progress`,
    {
      config: { access: '/data/taskSelectProgress:view' },
      schema: { tags, summary: 'Progress by class', params, response: { 200: envelopeOf(z.array(classProgress)) } },
    },
    async (request) => ok(request, await taskProgress(actorOf(request), request.params.id)),
  );
  app.get(
    `${BASE}/task/:id/results`,
    {
      config: { access: '/data/tutorChoice:view' },
      schema: { tags, summary: 'The result list', params, response: { 200: envelopeOf(z.array(tutorChoice)) } },
    },
    async (request) => ok(request, await taskResults(actorOf(request), request.params.id)),
  );
  app.get(
    `${BASE}/task/:id/export`,
    {
      config: { access: '/data/tutorChoice:view', sends: 'file' },
      schema: { tags, summary: 'The result list as xlsx (audited)', params },
    },
    async (request, reply) => {
      const { name, stream } = await exportResults(actorOf(request), request.params.id);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(stream));
    },
  );
  // A tutor answers the choices made of them: decided by who was chosen, not by a role.
  app.get(
    `${BASE}/task/:id/mine`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The choices made of me as a tutor',
        params,
        response: { 200: envelopeOf(z.array(tutorChoice)) },
      },
    },
    async (request) => ok(request, await myTutees(actorOf(request), request.params.id)),
  );
  app.post(
    `${BASE}/decide`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Confirm or decline a choice (a decline frees the place)',
        body: tutorDecide,
        response: { 200: envelopeOf(z.object({ id: z.number(), state: z.enum(['confirmed', 'declined']) })) },
      },
    },
    async (request) => ok(request, await decide(actorOf(request), request.body.choiceId, request.body.confirm)),
  );
  app.get(
    '/apis-psychology/h5/tutorChoice/mine',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Open tutor choices for my class', response: { 200: envelopeOf(z.array(mine)) } },
    },
    async (request) => ok(request, await myTutorTasks(actorOf(request))),
  );
  app.post(
    '/apis-psychology/h5/tutorChoice/choose',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Choose a tutor; refused at once when their places are gone',
        body: tutorChoose,
        response: {
          200: envelopeOf(z.object({ taskId: z.number(), tutorId: z.number(), state: z.literal('pending') })),
        },
      },
    },
    async (request) => ok(request, await chooseTutor(actorOf(request), request.body.taskId, request.body.tutorId)),
  );
};
