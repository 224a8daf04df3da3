import {
  envelopeOf,
  schoolSignInSetting,
  schoolSignInUpdate,
  signedInSchema,
  studentNoLoginBody,
  studentNoSchool,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.ts';
import { actorOf } from '../../../portal/orgs/actor.ts';
import { readSchoolSignIn, schoolsWithStudentNoSignIn, setSchoolSignIn, signInWithStudentNo } from './service.ts';

const tags = ['school sign-in'];

/** Student-number sign-in (decision 0070) and the school setting that allows it. */
export const schoolSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.kysely;

  app.post(
    '/apis-authz/authz/login/studentNo',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'A student signs in with their student number and the last six characters of their ID card, where the school allows it',
        body: studentNoLoginBody,
        response: { 200: envelopeOf(signedInSchema) },
      },
    },
    async (request) => ok(request, await signInWithStudentNo(db, app.config, request, request.body)),
  );

  app.get(
    '/apis-authz/authz/login/studentNo/schools',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The schools whose students may sign in with their student number',
        response: { 200: envelopeOf(z.array(studentNoSchool)) },
      },
    },
    async (request) => ok(request, await schoolsWithStudentNoSignIn(db)),
  );

  app.get(
    '/apis-psychology/school/signIn',
    {
      config: { access: '/data/accountBindManage:view' },
      schema: {
        tags,
        summary: "The sign-in settings of the caller's schools",
        response: { 200: envelopeOf(z.array(schoolSignInSetting)) },
      },
    },
    async (request) => ok(request, await readSchoolSignIn(actorOf(request))),
  );

  app.put(
    '/apis-psychology/school/signIn/:schoolId',
    {
      config: { access: '/data/accountBindManage:edit' },
      schema: {
        tags,
        summary: 'Allows or stops student-number sign-in for one of the caller’s schools',
        params: z.object({ schoolId: z.coerce.number().int().positive() }),
        body: schoolSignInUpdate,
        response: { 200: envelopeOf(schoolSignInSetting) },
      },
    },
    async (request) =>
      ok(request, await setSchoolSignIn(actorOf(request), request.params.schoolId, request.body.studentNoSignIn)),
  );
};
