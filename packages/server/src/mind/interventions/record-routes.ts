import {
  attentionQuery,
  attentionRow,
  envelopeOf,
  interventionQuery,
  interventionRow,
  interventionSave,
  pageOf,
  pageQuery,
  reminderChangeRow,
  reminderConfiguration,
  todoList,
  todoRow,
  todoStatus,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { listInterventions, saveIntervention } from './records.ts';
import {
  attentionList,
  reminderConfiguration as readConfiguration,
  reminderChanges,
  updateReminderConfiguration,
} from './reminders.ts';
import { listTodos, updateTodoStatus } from './todos.ts';

const tags = ['interventions'];
const done = { 200: envelopeOf(z.null()) };

/** Intervention records, follow-up reminders, the reminder model and the to-do list. */
export const recordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/apis-psychology/intervene/save',
    {
      config: { access: '/data/intervene:add' },
      schema: {
        tags,
        summary: 'Record an interview, plan, return visit or referral on a warning',
        body: interventionSave,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => ok(request, await saveIntervention(actorOf(request), request.body)),
  );
  // One list for every kind; the interview and return-visit pages are the same list narrowed to their kind.
  for (const [path, kind] of [
    ['/apis-psychology/intervene/page', undefined],
    ['/apis-psychology/interview/page', 'interview'],
    ['/apis-psychology/returnVisit/page', 'returnVisit'],
  ] as const) {
    app.get(
      path,
      {
        config: { access: '/data/intervene:view' },
        schema: {
          tags,
          summary: 'Intervention records on warnings in the scope',
          querystring: interventionQuery,
          response: { 200: envelopeOf(pageOf(interventionRow)) },
        },
      },
      async (request) => {
        const { page, size, ...filters } = request.query;
        return ok(
          request,
          await listInterventions(actorOf(request), { ...filters, kind: kind ?? filters.kind }, { page, size }),
        );
      },
    );
  }

  app.get(
    '/apis-psychology/attentionReminder/page',
    {
      config: { access: '/data/attentionReminder:view' },
      schema: {
        tags,
        summary: 'Warnings whose follow-up is due or overdue',
        querystring: attentionQuery,
        response: { 200: envelopeOf(pageOf(attentionRow)) },
      },
    },
    async (request) => {
      const { page, size, withinHours } = request.query;
      return ok(request, await attentionList(actorOf(request), withinHours, { page, size }));
    },
  );
  app.get(
    '/apis-psychology/reminderConfiguration',
    {
      config: { access: '/data/reminderConfiguration:view' },
      schema: { tags, summary: 'The reminder model', response: { 200: envelopeOf(reminderConfiguration) } },
    },
    async (request) => ok(request, await readConfiguration(actorOf(request))),
  );
  app.post(
    '/apis-psychology/reminderConfiguration/save',
    {
      config: { access: '/data/reminderConfiguration:edit' },
      schema: { tags, summary: 'Change the reminder model (logged)', body: reminderConfiguration, response: done },
    },
    async (request) => ok(request, await updateReminderConfiguration(actorOf(request), request.body).then(() => null)),
  );
  app.get(
    '/apis-psychology/reminderConfigurationManagement/page',
    {
      config: { access: '/data/reminderConfiguration:view' },
      schema: {
        tags,
        summary: 'The change log of the reminder model',
        querystring: pageQuery,
        response: { 200: envelopeOf(pageOf(reminderChangeRow)) },
      },
    },
    async (request) => ok(request, await reminderChanges(actorOf(request), request.query)),
  );

  app.post(
    '/apis-psychology/todo/list',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's to-do items",
        body: todoList,
        response: { 200: envelopeOf(pageOf(todoRow)) },
      },
    },
    async (request) => {
      const { page, size, status } = request.body;
      return ok(request, await listTodos(actorOf(request), status, { page, size }));
    },
  );
  app.post(
    '/apis-checkoff/task/deliver/handler/update/status',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Mark one of the caller’s to-dos done or open', body: todoStatus, response: done },
    },
    async (request) =>
      ok(request, await updateTodoStatus(actorOf(request), request.body.id, request.body.status).then(() => null)),
  );
};
