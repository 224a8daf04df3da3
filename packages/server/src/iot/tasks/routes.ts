import {
  envelopeOf,
  pageOf,
  queryId,
  taskInput,
  taskLogQuery,
  taskLogView,
  taskQuery,
  taskRecordQuery,
  taskRecordView,
  taskView,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { taskLog, taskRecords } from './records.ts';
import { addTask, editTask, listTasks, removeTask, setPaused, taskDetail } from './service.ts';

const tags = ['Device Cloud timed tasks'];
const TASKS = '/iot/tasks';
const byId = z.object({ id: queryId });
const split = <T extends { page: number; size: number }>(q: T) => {
  const { page, size, ...filter } = q;
  return { filter, page: { page, size } };
};

/** Timed Tasks add/edit/list, pause and resume, Execution Record and Execution Log. */
export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/tasks',
    {
      config: { access: `${TASKS}:view` },
      schema: {
        tags,
        summary: 'Timed Tasks: with state, next run, last outcome and failures; filter by name, state or device',
        querystring: taskQuery,
        response: { 200: envelopeOf(pageOf(taskView)) },
      },
    },
    async (request) => {
      const { filter, page } = split(request.query);
      return ok(request, await listTasks(actorOf(request), filter, page));
    },
  );

  app.get(
    '/iot/tasks/records',
    {
      config: { access: `${TASKS}:view` },
      schema: {
        tags,
        summary: 'Execution Record: every write of every run, with the value and the outcome, newest first',
        querystring: taskRecordQuery,
        response: { 200: envelopeOf(pageOf(taskRecordView)) },
      },
    },
    async (request) => {
      const { filter, page } = split(request.query);
      return ok(request, await taskRecords(actorOf(request), filter, page));
    },
  );

  app.get(
    '/iot/tasks/log',
    {
      config: { access: `${TASKS}:view` },
      schema: {
        tags,
        summary:
          'Execution Log: created, edited, paused, resumed, ended, skipped runs and why, runs kept for offline devices and written on their return, newest first',
        querystring: taskLogQuery,
        response: { 200: envelopeOf(pageOf(taskLogView)) },
      },
    },
    async (request) => {
      const { filter, page } = split(request.query);
      return ok(request, await taskLog(actorOf(request), filter, page));
    },
  );

  app.get(
    '/iot/tasks/:id',
    {
      config: { access: `${TASKS}:view` },
      schema: {
        tags,
        summary: 'One timed task, for Timed Tasks edit',
        params: byId,
        response: { 200: envelopeOf(taskView) },
      },
    },
    async (request) => ok(request, await taskDetail(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/tasks',
    {
      config: { access: `${TASKS}:add` },
      schema: {
        tags,
        summary:
          'Timed Tasks add: writes values to writable points of devices once, every interval, daily, weekly or on cron',
        body: taskInput,
        response: { 200: envelopeOf(taskView) },
      },
    },
    async (request) => ok(request, await addTask(actorOf(request), request.body)),
  );

  app.put(
    '/iot/tasks/:id',
    {
      config: { access: `${TASKS}:edit` },
      schema: {
        tags,
        summary: 'Timed Tasks edit: the schedule starts over from now',
        params: byId,
        body: taskInput,
        response: { 200: envelopeOf(taskView) },
      },
    },
    async (request) => ok(request, await editTask(actorOf(request), request.params.id, request.body)),
  );

  for (const [action, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    app.post(
      `/iot/tasks/:id/${action}`,
      {
        config: { access: `${TASKS}:edit` },
        schema: {
          tags,
          summary: paused ? 'Pauses a timed task' : 'Resumes a paused timed task from now on',
          params: byId,
          response: { 200: envelopeOf(taskView) },
        },
      },
      async (request) => ok(request, await setPaused(actorOf(request), request.params.id, paused)),
    );
  }

  app.delete(
    '/iot/tasks/:id',
    {
      config: { access: `${TASKS}:delete` },
      schema: {
        tags,
        summary: 'Deletes a timed task; its records and log stay',
        params: byId,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeTask(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
};
