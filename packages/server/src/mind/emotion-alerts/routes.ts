import {
  behaviorJournalDay,
  behaviorJournalQuery,
  campusDelivery,
  emotionAlert,
  emotionAlertClassesQuery,
  emotionAlertGrade,
  emotionAlertHandle,
  emotionAlertNotice,
  emotionAlertQuery,
  emotionThreshold,
  emotionThresholdInput,
  emotionThresholdQuery,
  envelopeOf,
  pageOf,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { XLSX_TYPE } from '../../platform/excel/sheet.ts';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { behaviorJournal, exportBehaviorJournal } from './journal.ts';
import {
  alertClasses,
  emotionAlertDeliveries,
  emotionAlertOf,
  handleEmotionAlert,
  listEmotionAlerts,
  myEmotionNotices,
  readEmotionNotice,
  setEmotionThreshold,
  emotionThreshold as thresholdOf,
} from './service.ts';

const tags = ['emotion alerts'];
const BASE = '/apis-psychology/intelEmotion';
const ITEM_STATUS = '/apis-psychology/analysis/itemStatus';
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Emotion alerts (intelEmotion) and the behaviour journal (behaviorJournal), decision 0118. */
export const emotionAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec's itemStatus emotionPage is the same list, emotionInfo one alert of it (decision 0135).
  for (const path of [`${BASE}/page`, `${ITEM_STATUS}/emotionPage`]) {
    app.get(
      path,
      {
        config: { access: '/data/intelEmotion:view' },
        schema: {
          tags,
          summary: 'Emotion alerts of the caller’s schools or classes: by day, grade or class, level and state',
          querystring: emotionAlertQuery,
          response: { 200: envelopeOf(pageOf(emotionAlert)) },
        },
      },
      async (request) => ok(request, await listEmotionAlerts(actorOf(request), request.query)),
    );
  }
  app.get(
    `${BASE}/classes`,
    {
      config: { access: '/data/intelEmotion:view' },
      schema: {
        tags,
        summary: 'The grades of a school with their classes the caller sees, for the alert list’s pickers',
        querystring: emotionAlertClassesQuery,
        response: { 200: envelopeOf(z.array(emotionAlertGrade)) },
      },
    },
    async (request) => ok(request, await alertClasses(actorOf(request), request.query.schoolId)),
  );
  app.get(
    `${ITEM_STATUS}/emotionInfo`,
    {
      config: { access: '/data/intelEmotion:view' },
      schema: {
        tags,
        summary: 'One emotion alert of the caller’s schools or classes',
        querystring: idParams,
        response: { 200: envelopeOf(emotionAlert) },
      },
    },
    async (request) => ok(request, await emotionAlertOf(actorOf(request), request.query.id)),
  );
  app.get(
    `${BASE}/:id/deliveries`,
    {
      config: { access: '/data/intelEmotion:view' },
      schema: {
        tags,
        summary: 'How the push rules’ messages about one emotion alert went: each person, channel and outcome',
        params: idParams,
        response: { 200: envelopeOf(z.array(campusDelivery)) },
      },
    },
    async (request) => ok(request, await emotionAlertDeliveries(actorOf(request), request.params.id)),
  );
  app.post(
    `${BASE}/:id/handle`,
    {
      config: { access: '/data/intelEmotion:edit' },
      schema: {
        tags,
        summary: 'Handles an open emotion alert with a note of what was done (audited)',
        params: idParams,
        body: emotionAlertHandle,
        response: { 200: envelopeOf(emotionAlert) },
      },
    },
    async (request) => ok(request, await handleEmotionAlert(actorOf(request), request.params.id, request.body)),
  );
  app.get(
    `${BASE}/threshold`,
    {
      config: { access: '/data/intelEmotion:view' },
      schema: {
        tags,
        summary: 'The negative share over which a school’s class raises an alert',
        querystring: emotionThresholdQuery,
        response: { 200: envelopeOf(emotionThreshold) },
      },
    },
    async (request) => ok(request, await thresholdOf(actorOf(request), request.query.schoolId)),
  );
  app.put(
    `${BASE}/threshold`,
    {
      // The push configuration's holders (roles 1 and 2) say when a school is told.
      config: { access: '/data/pushConfig:edit' },
      schema: {
        tags,
        summary: 'Sets a school’s emotion alert threshold (audited)',
        body: emotionThresholdInput,
        response: { 200: envelopeOf(emotionThreshold) },
      },
    },
    async (request) => ok(request, await setEmotionThreshold(actorOf(request), request.body)),
  );
  app.get(
    `${BASE}/notices`,
    {
      config: { access: '/data/intelEmotion:view' },
      schema: {
        tags,
        summary: 'The caller’s own messages about emotion alerts, newest first',
        response: { 200: envelopeOf(z.object({ unread: z.number(), list: z.array(emotionAlertNotice) })) },
      },
    },
    async (request) => ok(request, await myEmotionNotices(actorOf(request))),
  );
  app.post(
    `${BASE}/notices/:id/read`,
    {
      config: { access: '/data/intelEmotion:view' },
      schema: {
        tags,
        summary: 'Marks one of the caller’s messages read',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await readEmotionNotice(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
  app.get(
    '/apis-psychology/behaviorJournal',
    {
      config: { access: '/data/behaviorJournal:view' },
      schema: {
        tags,
        summary: 'A school’s behaviour journal: per day, its security and emotion alerts and what was done',
        querystring: behaviorJournalQuery,
        response: { 200: envelopeOf(z.array(behaviorJournalDay)) },
      },
    },
    async (request) => ok(request, await behaviorJournal(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/behaviorJournal/export',
    {
      config: { access: '/data/behaviorJournal:export', sends: 'file' },
      schema: { tags, summary: 'The behaviour journal as xlsx (audited)', querystring: behaviorJournalQuery },
    },
    async (request, reply) => {
      const { name, body } = await exportBehaviorJournal(actorOf(request), request.query);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(body);
    },
  );
};
