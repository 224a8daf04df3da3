import {
  classTeacherInfo as classTeacherInfoSchema,
  classTeacherQuery,
  envelopeOf,
  pageOf,
  teacherClassesSet,
  teacherCreate,
  teacherDetail as teacherDetailSchema,
  teacherIdBody,
  teacherIdQuery,
  teacherQuery,
  teacherRow,
  teacherUpdate,
  userRoleInfo as userRoleInfoSchema,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.ts';
import { actorOf } from '../../../portal/orgs/actor.ts';
import { classTeacherInfo, userRoleInfo } from './common.ts';
import { deptAndGroupRoutes } from './dept-group-routes.ts';
import { reshuffleRoutes } from './reshuffle-routes.ts';
import { addTeacher, editTeacher, listTeachers, removeTeacher, setTeacherClasses, teacherDetail } from './service.ts';

const tags = ['teachers'];

/** The calls of teachers, class teachers, groups and teacher reshuffle. */
export const teachersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(deptAndGroupRoutes);
  await app.register(reshuffleRoutes);

  app.post(
    '/apis-user/teacher/page',
    {
      config: { access: '/system/teacher:view' },
      schema: {
        tags,
        summary: "The teachers of the caller's scope, filtered and paged",
        body: teacherQuery,
        response: { 200: envelopeOf(pageOf(teacherRow)) },
      },
    },
    async (request) => ok(request, await listTeachers(actorOf(request), request.body)),
  );

  app.get(
    '/apis-user/teacher/detail',
    {
      config: { access: '/system/teacher:view' },
      schema: {
        tags,
        summary: 'One teacher of the scope, with the classes they head and teach',
        querystring: teacherIdQuery,
        response: { 200: envelopeOf(teacherDetailSchema) },
      },
    },
    async (request) => ok(request, await teacherDetail(actorOf(request), request.query.id)),
  );

  app.post(
    '/apis-user/teacher/add',
    {
      config: { access: '/system/teacher:add' },
      schema: {
        tags,
        summary: 'Add a teacher and create their account with the default password',
        body: teacherCreate,
        response: { 200: envelopeOf(teacherDetailSchema) },
      },
    },
    async (request) => ok(request, await addTeacher(actorOf(request), request.body)),
  );

  app.post(
    '/apis-user/teacher/update',
    {
      config: { access: '/system/teacher:edit' },
      schema: {
        tags,
        summary: 'Change a teacher',
        body: teacherUpdate,
        response: { 200: envelopeOf(teacherDetailSchema) },
      },
    },
    async (request) => ok(request, await editTeacher(actorOf(request), request.body)),
  );

  app.post(
    '/apis-user/teacher/remove',
    {
      config: { access: '/system/teacher:delete' },
      schema: {
        tags,
        summary: 'Remove a teacher entered by mistake (one with a history leaves by dimission)',
        body: teacherIdBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => ok(request, await removeTeacher(actorOf(request), request.body.id).then(() => null)),
  );

  app.post(
    '/apis-user/teacher/classes/set',
    {
      config: { access: '/system/teacher:edit' },
      schema: {
        tags,
        summary: 'Set the classes a teacher heads (which grants the class-teacher role there) and teaches',
        body: teacherClassesSet,
        response: { 200: envelopeOf(teacherDetailSchema) },
      },
    },
    async (request) => ok(request, await setTeacherClasses(actorOf(request), request.body)),
  );

  app.get(
    '/apis-psychology/common/userRoleInfo',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "The caller's roles, the session's role, and whether they are bureau, school, class or psychology staff",
        response: { 200: envelopeOf(userRoleInfoSchema) },
      },
    },
    async (request) => ok(request, await userRoleInfo(actorOf(request))),
  );

  app.get(
    '/apis-psychology/common/queryClassTeacherInfo',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The head and subject teachers of a class of the scope, or of the classes the caller heads',
        querystring: classTeacherQuery,
        response: { 200: envelopeOf(z.array(classTeacherInfoSchema)) },
      },
    },
    async (request) => ok(request, await classTeacherInfo(actorOf(request), request.query.classId)),
  );
};
