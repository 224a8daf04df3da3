import {
  campusPsychology,
  campusPsychologyClassQuery,
  campusPsychologyDetail,
  campusPsychologyQuery,
  emotionBoardQuery,
  emotionBoard as emotionBoardSchema,
  emotionDistrictScreen,
  emotionLogQuery,
  emotionLogRow,
  emotionNodeScreenQuery,
  emotionRecordDay,
  emotionSampleAccepted,
  emotionSampleIn,
  emotionScreenQuery,
  envelopeOf,
  pageOf,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { campusPsychologyDetailOf, campusPsychologyOf } from './psychology.ts';
import { districtEmotion, nodeEmotion } from './screens.ts';
import { emotionBoard, emotionLog, emotionRecord, receiveSample } from './service.ts';

const tags = ['emotion'];

/**
 * What a campus device calls to report a class's emotions. Registered inside the campus devices'
 * room, whose signature check (docs/protocols/campus-events.md) runs before it.
 */
export const emotionDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/apis-psychology/campus/device/emotion',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A class emotion sample, stored once per sample id (signed with the device key)',
        body: emotionSampleIn,
        response: { 200: envelopeOf(emotionSampleAccepted) },
      },
    },
    async (request) => ok(request, await receiveSample(request, request.body)),
  );
};

/** The school and class emotion boards (schoolEmotion, classEmotion, classEmotionDetail) and the emotion record, decision 0100. */
export const emotionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apis-psychology/emotion/board',
    {
      config: { access: '/data/schoolEmotion:view' },
      schema: {
        tags,
        summary: 'A school’s or class’s emotions: distribution, trend by day/week/month, classes compared, hours',
        querystring: emotionBoardQuery,
        response: { 200: envelopeOf(emotionBoardSchema) },
      },
    },
    async (request) => ok(request, await emotionBoard(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/emotion/record',
    {
      config: { access: '/data/emotionRecord:view' },
      schema: {
        tags,
        summary: 'A school’s emotion record: one row per day, newest first, with its most negative class',
        querystring: emotionBoardQuery.omit({ classId: true, by: true }),
        response: { 200: envelopeOf(z.array(emotionRecordDay)) },
      },
    },
    async (request) => ok(request, await emotionRecord(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/emotion/log',
    {
      config: { access: '/data/emotionLog:view' },
      schema: {
        tags,
        summary: 'The emotion log: the samples a school’s or class’s devices sent, newest first, paged',
        querystring: emotionLogQuery,
        response: { 200: envelopeOf(pageOf(emotionLogRow)) },
      },
    },
    async (request) => ok(request, await emotionLog(actorOf(request), request.query)),
  );

  // The campus psychology board and its class detail (decision 0124): emotion beside the latest screening.
  app.get(
    '/apis-psychology/emotion/psychology',
    {
      config: { access: '/data/campusPsychology:view' },
      schema: {
        tags,
        summary:
          'Per grade and class: negative share by week, emotion alerts open and handled, latest screening by band',
        querystring: campusPsychologyQuery,
        response: { 200: envelopeOf(campusPsychology) },
      },
    },
    async (request) => ok(request, await campusPsychologyOf(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/emotion/psychology/class',
    {
      config: { access: '/data/campusPsychology:view' },
      schema: {
        tags,
        summary: 'One class: emotion by day, its emotion alerts, its latest screening by band (never one student)',
        querystring: campusPsychologyClassQuery,
        response: { 200: envelopeOf(campusPsychologyDetail) },
      },
    },
    async (request) => ok(request, await campusPsychologyDetailOf(actorOf(request), request.query)),
  );

  // The emotion screens (decision 0119): aggregates of the caller's scope, from the summaries only.
  app.get(
    '/apis-psychology/screen/emotion/district',
    {
      config: { access: '/districtScreenEmotion:view' },
      schema: {
        tags,
        summary: 'The district emotion screen: schools by negative share, trend, classes over the threshold',
        querystring: emotionScreenQuery,
        response: { 200: envelopeOf(emotionDistrictScreen) },
      },
    },
    async (request) => ok(request, await districtEmotion(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/screen/emotion/node',
    {
      config: { access: '/districtScreenEmotionJd:view' },
      schema: {
        tags,
        summary: 'The same narrowed to one sub-district (an organisation node inside the caller’s area)',
        querystring: emotionNodeScreenQuery,
        response: { 200: envelopeOf(emotionDistrictScreen) },
      },
    },
    async (request) => ok(request, await nodeEmotion(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/screen/emotion/school',
    {
      config: { access: '/schoolWarningScreenEmotion:view' },
      schema: {
        tags,
        summary: 'One school’s emotion cockpit: classes by period, trend and hours (the caller’s school without one)',
        querystring: emotionBoardQuery.omit({ classId: true }),
        response: { 200: envelopeOf(emotionBoardSchema) },
      },
    },
    async (request) => ok(request, await emotionBoard(actorOf(request), request.query)),
  );
};
