import {
  bindAccount,
  bindChildAccount,
  bindLogLine,
  bindLogQuery,
  bindResult,
  bindStudentAccount,
  bindTeacherAccount,
  bindTeacherByName,
  checkAndBindUser,
  envelopeOf,
  pageOf,
  queryTeacherQuery,
  rosterAccount,
  teacherCandidate,
  transferAccount,
  unbindAccount,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.ts';
import { actorOf } from '../../../portal/orgs/actor.ts';
import { bindExisting, bindLog, checkAndBind, transfer, unbind } from './admin.ts';
import { bindChild, bindStudent, bindTeacherByNo, bindTeacherName, queryTeacher } from './claim.ts';

const tags = ['account binding'];
const base = '/apis-authz/auth/user';
const MANAGE = '/data/accountBindManage:edit';
const bound = envelopeOf(bindResult);
const account = envelopeOf(rosterAccount);

/**
 * Binding accounts to the roster: people claiming their own teacher, student or child record
 * (signed in, details matched, throttled), and administrators binding, transferring and releasing.
 */
export const bindingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${base}/queryTeacher`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Teachers of a school with exactly this name, phones masked, for an unbound account finding its record',
        querystring: queryTeacherQuery,
        response: { 200: envelopeOf(z.array(teacherCandidate)) },
      },
    },
    async (request) => ok(request, await queryTeacher(actorOf(request), request.query)),
  );

  app.post(
    `${base}/bind/teacher/name`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'An unbound account claims the teacher record it found',
        body: bindTeacherByName,
        response: { 200: bound },
      },
    },
    async (request) => ok(request, await bindTeacherName(actorOf(request), request.body)),
  );

  app.post(
    `${base}/bind/teacher/account`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'An unbound account claims its teacher record by school and number',
        body: bindTeacherAccount,
        response: { 200: bound },
      },
    },
    async (request) => ok(request, await bindTeacherByNo(actorOf(request), request.body)),
  );

  app.post(
    `${base}/bind/student/account`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'An unbound account claims its student record',
        body: bindStudentAccount,
        response: { 200: bound },
      },
    },
    async (request) => ok(request, await bindStudent(actorOf(request), request.body)),
  );

  app.post(
    `${base}/bind/child/account`,
    {
      config: { access: 'user' },
      schema: { tags, summary: 'A parent account adds a child', body: bindChildAccount, response: { 200: bound } },
    },
    async (request) => ok(request, await bindChild(actorOf(request), request.body)),
  );

  app.post(
    `${base}/checkAndBindUser`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'The account of a roster entry, created when it has none',
        body: checkAndBindUser,
        response: { 200: account },
      },
    },
    async (request) => ok(request, await checkAndBind(actorOf(request), request.body)),
  );

  app.post(
    `${base}/bindAccount`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Binds an existing account to a roster entry',
        body: bindAccount,
        response: { 200: account },
      },
    },
    async (request) => ok(request, await bindExisting(actorOf(request), request.body)),
  );

  app.post(
    `${base}/transferAccount`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Moves a roster entry to another account',
        body: transferAccount,
        response: { 200: account },
      },
    },
    async (request) => ok(request, await transfer(actorOf(request), request.body)),
  );

  app.post(
    `${base}/unbindAccount`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Releases a roster entry; the account stays and loses the identity',
        body: unbindAccount,
        response: { 200: account },
      },
    },
    async (request) => ok(request, await unbind(actorOf(request), request.body)),
  );

  app.get(
    `${base}/bind/roster/log`,
    {
      config: { access: '/data/accountBindManage:view' },
      schema: {
        tags,
        summary: 'The roster bind log of the caller’s schools',
        querystring: bindLogQuery,
        response: { 200: envelopeOf(pageOf(bindLogLine)) },
      },
    },
    async (request) => ok(request, await bindLog(actorOf(request), request.query)),
  );
};
