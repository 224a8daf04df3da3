import {
  envelopeOf,
  pageOf,
  progress,
  progressQuery,
  remindResult,
  task,
  taskCreate,
  taskEdit,
  taskIdBody,
  taskPage,
  taskSyncResult,
  taskWithdrawal,
  unanswered,
  unansweredQuery,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { remind, taskProgress, unansweredList } from './progress.ts';
import { resultsRoutes } from './results-routes.ts';
import { sheetsRoutes } from './sheets-routes.ts';
import { moveTask, publishTask } from './task-states.ts';
import { deleteOrWithdraw, syncTask } from './task-sync.ts';
import { createTask, editTask, listTasks, taskDetail } from './tasks.ts';

const tags = ['assessments'];
const one = envelopeOf(task);
const base = '/apis-psychology/survey';

/** The calls of assessment tasks (survey records in the spec's words), their progress, answering and results. */
export const assessmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${base}/record/createTask`,
    {
      config: { access: '/data/scaleMeasurement:add' },
      schema: { tags, summary: 'Creates a draft assessment task', body: taskCreate, response: { 200: one } },
    },
    async (request) => ok(request, await createTask(actorOf(request), request.body)),
  );

  app.post(
    `${base}/record/edit`,
    {
      config: { access: '/data/scaleMeasurement:edit' },
      schema: { tags, summary: 'Edits a draft task', body: taskEdit, response: { 200: one } },
    },
    async (request) => ok(request, await editTask(actorOf(request), request.body)),
  );

  app.post(
    `${base}/record/page`,
    {
      config: { access: '/data/scaleMeasurement:view' },
      schema: {
        tags,
        summary: 'Tasks published within the scope, and those published above it',
        body: taskPage,
        response: { 200: envelopeOf(pageOf(task)) },
      },
    },
    async (request) => {
      const { page, size, ...filters } = request.body;
      return ok(request, await listTasks(actorOf(request), filters, { page, size }));
    },
  );

  app.get(
    `${base}/record/:id`,
    {
      config: { access: '/data/scaleMeasurement:view' },
      schema: {
        tags,
        summary: 'One task',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: one },
      },
    },
    async (request) => ok(request, await taskDetail(actorOf(request), request.params.id)),
  );

  app.post(
    `${base}/task/publish`,
    {
      config: { access: '/data/scaleMeasurement:edit' },
      schema: {
        tags,
        summary: 'Publishes a draft: pins the scale versions and assigns the sheets',
        body: taskIdBody,
        response: { 200: one },
      },
    },
    async (request) => ok(request, await publishTask(actorOf(request), request.body.id)),
  );

  for (const move of ['pause', 'resume', 'end'] as const) {
    app.post(
      `${base}/task/${move}`,
      {
        config: { access: '/data/scaleMeasurement:edit' },
        schema: {
          tags,
          summary: `${move[0]?.toUpperCase()}${move.slice(1)}s a task`,
          body: taskIdBody,
          response: { 200: one },
        },
      },
      async (request) => ok(request, await moveTask(actorOf(request), request.body.id, move)),
    );
  }

  app.post(
    `${base}/task/delete`,
    {
      config: { access: '/data/scaleMeasurement:delete' },
      schema: {
        tags,
        summary: 'Deletes a task without results; a synced bureau task withdraws the copies nobody started',
        body: taskIdBody,
        response: { 200: envelopeOf(taskWithdrawal.nullable()) },
      },
    },
    async (request) => ok(request, await deleteOrWithdraw(actorOf(request), request.body.id)),
  );

  app.post(
    `${base}/task/sync`,
    {
      config: { access: '/data/scaleMeasurement:edit' },
      schema: {
        tags,
        summary: "Syncs a bureau's task down to each target school as the school's own task, once per school",
        body: taskIdBody,
        response: { 200: envelopeOf(taskSyncResult) },
      },
    },
    async (request) => ok(request, await syncTask(actorOf(request), request.body.id)),
  );

  app.post(
    `${base}/record/monitorPage`,
    {
      config: { access: '/data/scaleMeasurement:view' },
      schema: {
        tags,
        summary: 'Completion by school, grade or class within the scope',
        body: progressQuery,
        response: { 200: envelopeOf(progress) },
      },
    },
    async (request) => ok(request, await taskProgress(actorOf(request), request.body.id, request.body.by)),
  );

  app.post(
    `${base}/record/unanswered`,
    {
      config: { access: '/data/scaleMeasurement:view' },
      schema: {
        tags,
        summary: 'Who has not finished a task, within the scope',
        body: unansweredQuery,
        response: { 200: envelopeOf(pageOf(unanswered)) },
      },
    },
    async (request) => {
      const { id, classId, page, size } = request.body;
      return ok(request, await unansweredList(actorOf(request), id, classId, { page, size }));
    },
  );

  app.post(
    `${base}/record/remind`,
    {
      config: { access: '/data/scaleMeasurement:edit' },
      schema: {
        tags,
        summary: 'Sends a reminder to-do to everyone of the scope who has not finished',
        body: taskIdBody,
        response: { 200: envelopeOf(remindResult) },
      },
    },
    async (request) => ok(request, await remind(actorOf(request), request.body.id)),
  );

  await app.register(sheetsRoutes);
  await app.register(resultsRoutes);
};
