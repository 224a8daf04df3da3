import {
  envelopeOf,
  pageOf,
  parent,
  parentAdd,
  parentBind,
  parentPage,
  parentRemove,
  parentReveal,
  parentUnbind,
  parentUpdate,
  parentWholePhone,
  schoolYear,
  schoolYearAdd,
  schoolYearUpdate,
  semesterSetCurrent,
  student,
  studentAdd,
  studentCard,
  studentDetailQuery,
  studentInfoQuery,
  studentMove,
  studentPage,
  studentRemove,
  studentReveal,
  studentStatusChange,
  studentUpdate,
  studentWholeNumbers,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.ts';
import { actorOf } from '../../../portal/orgs/actor.ts';
import {
  addParent,
  bindParent,
  editParent,
  listParents,
  removeParent,
  revealParentPhone,
  unbindParent,
} from './parents.ts';
import {
  addStudent,
  editStudent,
  listStudents,
  moveStudent,
  studentCard as readStudentCard,
  removeStudent,
  revealStudent,
  setStudentStatus,
  studentDetail,
} from './service.ts';
import { addSchoolYear, editSchoolYear, schoolYearList, setCurrentSemester } from './xuenian.ts';

const tags = ['students'];
const one = envelopeOf(student);
const oneParent = envelopeOf(parent);
const years = envelopeOf(z.array(schoolYear));
const done = envelopeOf(z.null());

/** The calls of students, parents and school years, always within the caller's data scope. */
export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/apis-user/student/page',
    {
      config: { access: '/system/student:view' },
      schema: {
        tags,
        summary:
          'The students of the scope, filtered by school, campus, grade, class, name or number prefix, status; numbers masked (audited)',
        body: studentPage,
        response: { 200: envelopeOf(pageOf(student)) },
      },
    },
    async (request) => {
      const { page, size, ...filters } = request.body;
      return ok(request, await listStudents(actorOf(request), filters, { page, size }));
    },
  );

  app.get(
    '/apis-user/student/detail',
    {
      config: { access: '/system/student:view' },
      schema: {
        tags,
        summary: 'One student of the scope, numbers masked (audited)',
        querystring: studentDetailQuery,
        response: { 200: one },
      },
    },
    async (request) => ok(request, await studentDetail(actorOf(request), request.query.id)),
  );

  app.post(
    '/apis-user/student/reveal',
    {
      config: { access: '/system/student:edit' },
      schema: {
        tags,
        summary: "A student's whole ID card and phone numbers, for a role that edits students (audited)",
        body: studentReveal,
        response: { 200: envelopeOf(studentWholeNumbers) },
      },
    },
    async (request) => ok(request, await revealStudent(actorOf(request), request.body.id)),
  );

  app.post(
    '/apis-user/student/add',
    {
      config: { access: '/system/student:add' },
      schema: { tags, summary: 'Enrol a student in a class of the scope', body: studentAdd, response: { 200: one } },
    },
    async (request) => ok(request, await addStudent(actorOf(request), request.body)),
  );

  app.post(
    '/apis-user/student/update',
    {
      config: { access: '/system/student:edit' },
      schema: { tags, summary: "Change a student's details", body: studentUpdate, response: { 200: one } },
    },
    async (request) => ok(request, await editStudent(actorOf(request), request.body)),
  );

  app.post(
    '/apis-user/student/move',
    {
      config: { access: '/system/student:edit' },
      schema: {
        tags,
        summary: 'Move a student to another class of the scope',
        body: studentMove,
        response: { 200: one },
      },
    },
    async (request) => ok(request, await moveStudent(actorOf(request), request.body.id, request.body.classId)),
  );

  app.post(
    '/apis-user/student/status',
    {
      config: { access: '/system/student:edit' },
      schema: {
        tags,
        summary: 'Suspend, graduate, transfer, disable or restore a student',
        body: studentStatusChange,
        response: { 200: one },
      },
    },
    async (request) => ok(request, await setStudentStatus(actorOf(request), request.body.id, request.body.status)),
  );

  app.post(
    '/apis-user/student/remove',
    {
      config: { access: '/system/student:delete' },
      schema: {
        tags,
        summary: 'Remove a student nothing refers to (otherwise disable them)',
        body: studentRemove,
        response: { 200: done },
      },
    },
    async (request) => {
      await removeStudent(actorOf(request), request.body.id);
      return ok(request, null);
    },
  );

  app.get(
    '/apis-psychology/common/getStudentInfo',
    {
      config: { access: '/system/student:view' },
      schema: {
        tags,
        summary: 'The student card: school, grade, class, class teachers and parents (audited)',
        querystring: studentInfoQuery,
        response: { 200: envelopeOf(studentCard) },
      },
    },
    async (request) => ok(request, await readStudentCard(actorOf(request), request.query)),
  );

  app.post(
    '/apis-user/parent/page',
    {
      config: { access: '/system/parent:view' },
      schema: {
        tags,
        summary: 'The parents of the scope, by school, child, name or phone prefix; phones masked (audited)',
        body: parentPage,
        response: { 200: envelopeOf(pageOf(parent)) },
      },
    },
    async (request) => {
      const { page, size, ...filters } = request.body;
      return ok(request, await listParents(actorOf(request), filters, { page, size }));
    },
  );

  app.post(
    '/apis-user/parent/reveal',
    {
      // Whoever sees a child may call their parents: the class teacher's work, one audited number at a time.
      config: { access: '/system/student:view' },
      schema: {
        tags,
        summary: "A parent's whole phone number, for whoever sees one of their children (audited)",
        body: parentReveal,
        response: { 200: envelopeOf(parentWholePhone) },
      },
    },
    async (request) => ok(request, await revealParentPhone(actorOf(request), request.body.id)),
  );

  app.post(
    '/apis-user/parent/add',
    {
      config: { access: '/system/parent:add' },
      schema: { tags, summary: 'Add a parent of a student', body: parentAdd, response: { 200: oneParent } },
    },
    async (request) => ok(request, await addParent(actorOf(request), request.body)),
  );

  app.post(
    '/apis-user/parent/update',
    {
      config: { access: '/system/parent:edit' },
      schema: { tags, summary: "Change a parent's name or phone", body: parentUpdate, response: { 200: oneParent } },
    },
    async (request) => ok(request, await editParent(actorOf(request), request.body)),
  );

  app.post(
    '/apis-user/parent/remove',
    {
      config: { access: '/system/parent:delete' },
      schema: { tags, summary: 'Remove a parent and their links', body: parentRemove, response: { 200: done } },
    },
    async (request) => {
      await removeParent(actorOf(request), request.body.id);
      return ok(request, null);
    },
  );

  app.post(
    '/apis-user/parent/bind',
    {
      config: { access: '/system/parent:edit' },
      schema: { tags, summary: 'Link a parent to a student', body: parentBind, response: { 200: oneParent } },
    },
    async (request) => ok(request, await bindParent(actorOf(request), request.body)),
  );

  app.post(
    '/apis-user/parent/unbind',
    {
      config: { access: '/system/parent:edit' },
      schema: { tags, summary: 'Unlink a parent from a student', body: parentUnbind, response: { 200: oneParent } },
    },
    async (request) => ok(request, await unbindParent(actorOf(request), request.body)),
  );

  app.get(
    '/apis-psychology/common/getXuenianList',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The school years of the caller's district with their semesters, the current ones flagged",
        response: { 200: years },
      },
    },
    async (request) => ok(request, await schoolYearList(actorOf(request))),
  );

  app.post(
    '/apis-user/xuenian/add',
    {
      config: { access: '/system/xuenian:add' },
      schema: { tags, summary: 'Add a school year and its semesters', body: schoolYearAdd, response: { 200: years } },
    },
    async (request) => ok(request, await addSchoolYear(actorOf(request), request.body)),
  );

  app.post(
    '/apis-user/xuenian/update',
    {
      config: { access: '/system/xuenian:edit' },
      schema: {
        tags,
        summary: "Change a school year's name, dates and semesters",
        body: schoolYearUpdate,
        response: { 200: years },
      },
    },
    async (request) => ok(request, await editSchoolYear(actorOf(request), request.body)),
  );

  app.post(
    '/apis-user/xuenian/setCurrent',
    {
      config: { access: '/system/xuenian:edit' },
      schema: {
        tags,
        summary: 'Make a semester, and its school year, the current one',
        body: semesterSetCurrent,
        response: { 200: years },
      },
    },
    async (request) => ok(request, await setCurrentSemester(actorOf(request), request.body.semesterId)),
  );
};
