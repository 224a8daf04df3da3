import {
  attentionQuery,
  attentionRow,
  automaticRules as automaticRulesSchema,
  envelopeOf,
  followUpRules as followUpRulesSchema,
  type InterventionKind,
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
  type WarningSource,
  warningQuery,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { automaticRules } from '../warnings/queries.ts';
import { listInterventions, saveIntervention } from './records.ts';
import {
  attentionList,
  followUpRules,
  reminderConfiguration as readConfiguration,
  reminderChanges,
  updateReminderConfiguration,
} from './reminders.ts';
import { listTodos, updateTodoStatus } from './todos.ts';

const tags = ['interventions'];
const REVIEW = '/apis-psychology/analysis/review';

/**
 * The lists of intervention records by path: a kind, or (`tfsj`, sudden events) the records on warnings
 * a teacher reported. The `analysis/review` readings are decision 0135's.
 */
const REVIEW_LISTS: readonly (readonly [string, InterventionKind | undefined, WarningSource | undefined])[] = [
  ['/apis-psychology/intervene/page', undefined, undefined],
  ['/apis-psychology/interview/page', 'interview', undefined],
  ['/apis-psychology/returnVisit/page', 'returnVisit', undefined],
  [`${REVIEW}/ft`, 'interview', undefined],
  [`${REVIEW}/gygz`, undefined, undefined],
  [`${REVIEW}/gygz/fdth`, 'interview', undefined],
  [`${REVIEW}/gygz/dfht`, 'plan', undefined],
  [`${REVIEW}/gygz/tfsj`, undefined, 'report'],
  [`${REVIEW}/gygz/zxzj`, 'referral', undefined],
  [`${REVIEW}/gygz/fxht`, 'returnVisit', undefined],
];
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
  // One list for every kind; the interview and return-visit pages, and the review calls of section 7
  // (decision 0135), are the same list narrowed to a kind or to the warnings a teacher reported.
  for (const [path, kind, source] of REVIEW_LISTS) {
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
          await listInterventions(actorOf(request), { ...filters, kind: kind ?? filters.kind, source }, { page, size }),
        );
      },
    );
  }

  // The follow-ups due by their cycle; the spec's itemStatus "epicycle page" is the same list (decision 0135).
  for (const path of ['/apis-psychology/attentionReminder/page', '/apis-psychology/analysis/itemStatus/epicyclePage']) {
    app.get(
      path,
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
  }
  app.get(
    '/apis-psychology/reminderConfiguration',
    {
      config: { access: '/data/reminderConfiguration:view' },
      schema: { tags, summary: 'The reminder model', response: { 200: envelopeOf(reminderConfiguration) } },
    },
    async (request) => ok(request, await readConfiguration(actorOf(request))),
  );
  app.get(
    '/apis-psychology/process/rule/djft',
    {
      config: { access: '/data/intervene:view' },
      schema: {
        tags,
        summary: 'Each warning level’s follow-up rule: every how many days, reminded how many hours before',
        response: { 200: envelopeOf(followUpRulesSchema) },
      },
    },
    async (request) => ok(request, await followUpRules(actorOf(request))),
  );
  app.get(
    '/apis-psychology/process/rule/zngy',
    {
      config: { access: '/data/intervene:view' },
      schema: {
        tags,
        summary: 'The rules that opened warnings by themselves, with their warnings by level in the scope',
        querystring: warningQuery.omit({ page: true, size: true }),
        response: { 200: envelopeOf(automaticRulesSchema) },
      },
    },
    async (request) => ok(request, await automaticRules(actorOf(request), request.query)),
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
