import { Readable } from 'node:stream';
import {
  activity,
  activityCreate,
  activityExportQuery,
  activityPage,
  activityUpdate,
  attendanceMark,
  bodyId,
  envelopeOf,
  openActivity,
  pageOf,
  SIGNUP_BY,
  signUp,
  signup,
  signupPage,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { XLSX_TYPE } from '../../platform/excel/sheet.ts';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { activityDetail, editActivity, listActivities, publishActivity, removeActivity } from './service.ts';
import { exportSignups, listSignups, markSignups, myActivities, signUpFor } from './signups.ts';

const tags = ['activities'];
const BASE = '/apis-psychology/activity';
const H5 = '/apis-psychology/h5/activity';
const oneActivity = envelopeOf(activity);

/** Activities (`activityManage`), their sign-up lists (`activityBmDetail`) and signing up on H5. */
export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${BASE}/page`,
    {
      config: { access: '/data/activityManage:view' },
      schema: {
        tags,
        summary: 'Activities published at, above or below the caller',
        body: activityPage,
        response: { 200: envelopeOf(pageOf(activity)) },
      },
    },
    async (request) => {
      const { page, size, keyword } = request.body;
      return ok(request, await listActivities(actorOf(request), keyword, { page, size }));
    },
  );
  app.get(
    `${BASE}/:id`,
    {
      config: { access: '/data/activityManage:view' },
      schema: {
        tags,
        summary: 'One activity',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: oneActivity },
      },
    },
    async (request) => ok(request, await activityDetail(actorOf(request), request.params.id)),
  );
  app.post(
    `${BASE}/add`,
    {
      config: { access: '/data/activityManage:add' },
      schema: {
        tags,
        summary: 'Publish an activity: dates, places, who may sign up',
        body: activityCreate,
        response: { 200: oneActivity },
      },
    },
    async (request) => ok(request, await publishActivity(actorOf(request), request.body)),
  );
  app.post(
    `${BASE}/update`,
    {
      config: { access: '/data/activityManage:edit' },
      schema: {
        tags,
        summary: 'Change an activity (never below the places taken)',
        body: activityUpdate,
        response: { 200: oneActivity },
      },
    },
    async (request) => ok(request, await editActivity(actorOf(request), request.body)),
  );
  app.post(
    `${BASE}/delete`,
    {
      config: { access: '/data/activityManage:delete' },
      schema: {
        tags,
        summary: 'Delete an activity nobody has signed up for',
        body: z.strictObject({ id: bodyId }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeActivity(actorOf(request), request.body.id);
      return ok(request, null);
    },
  );
  app.post(
    `${BASE}/signups`,
    {
      config: { access: '/data/activityManage:view' },
      schema: {
        tags,
        summary: 'The sign-ups of an activity, of the caller’s students',
        body: signupPage,
        response: { 200: envelopeOf(pageOf(signup)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.body;
      return ok(request, await listSignups(actorOf(request), filter, { page, size }));
    },
  );
  app.post(
    `${BASE}/attendance`,
    {
      config: { access: '/data/activityManage:edit' },
      schema: {
        tags,
        summary: 'Mark sign-ups present or absent',
        body: attendanceMark,
        response: { 200: envelopeOf(z.object({ marked: z.number() })) },
      },
    },
    async (request) => ok(request, await markSignups(actorOf(request), request.body)),
  );
  app.get(
    `${BASE}/export`,
    {
      config: { access: '/data/activityManage:export', sends: 'file' },
      schema: { tags, summary: 'The sign-up list as xlsx (audited)', querystring: activityExportQuery },
    },
    async (request, reply) => {
      const { name, stream } = await exportSignups(actorOf(request), request.query.activityId);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(stream));
    },
  );

  // H5: open to any signed-in account; what a caller may sign up for is decided by their students.
  app.get(
    `${H5}/mine`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Activities open for sign-up now to me or my children',
        response: { 200: envelopeOf(z.array(openActivity)) },
      },
    },
    async (request) => ok(request, await myActivities(actorOf(request))),
  );
  app.post(
    `${H5}/signup`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Sign up for an activity, once; refused when the places are gone',
        body: signUp,
        response: {
          200: envelopeOf(
            z.object({
              activityId: z.number(),
              studentId: z.number(),
              by: z.enum(SIGNUP_BY),
              signed: z.number(),
              quota: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => ok(request, await signUpFor(actorOf(request), request.body.activityId, request.body.studentId)),
  );
};
