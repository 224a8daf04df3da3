import { type ClassRoll, classRoll, envelopeOf, type RollQuery, rollQuery } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/envelope.ts';
import { type Actor, actorOf } from '../../../portal/orgs/actor.ts';
import { refuseFiltersOutsideScope } from './access.ts';
import { classesOfScope, studentsByClass } from './roll-repository.ts';
import { studentScopeOf } from './scope.ts';

/**
 * The student roll (xs, decision 0109): the scope's classes, school by school and grade by grade,
 * with how many students each holds. Counts only; the students of a class come from the roster's
 * list, which audits who was read.
 */
async function classRollOf(actor: Actor, q: RollQuery): Promise<ClassRoll> {
  const scope = await studentScopeOf(actor.db, actor.auth);
  await refuseFiltersOutsideScope(actor, scope, { schoolId: q.schoolId });
  const classes = await classesOfScope(actor.db, scope, q.schoolId);
  const counts = await studentsByClass(
    actor.db,
    classes.map((c) => Number(c.classId)),
  );
  const held = new Map(counts.map((c) => [Number(c.org_id), Number(c.students)]));
  const rows = classes.map((c) => ({
    classId: Number(c.classId),
    className: c.className,
    gradeId: c.gradeId === null ? null : Number(c.gradeId),
    gradeName: c.gradeName,
    schoolId: Number(c.schoolId),
    schoolName: c.schoolName,
    students: held.get(Number(c.classId)) ?? 0,
  }));
  return { classes: rows, students: rows.reduce((n, r) => n + r.students, 0) };
}

export const classRollRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apis-user/student/roll',
    {
      config: { access: '/system/student:view' },
      schema: {
        tags: ['students'],
        summary: 'The student roll: the classes of the scope by school and grade, with their numbers of students',
        querystring: rollQuery,
        response: { 200: envelopeOf(classRoll) },
      },
    },
    async (request) => ok(request, await classRollOf(actorOf(request), request.query)),
  );
};
