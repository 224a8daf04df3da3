import { envelopeOf, type PageQuery, pageOf, pageQuery, queryId } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.ts';
import { type Actor, actorOf } from '../../../portal/orgs/actor.ts';
import { classInScope } from '../../../portal/orgs/service.ts';
import { auditStudentList, refuseFiltersOutsideScope } from './access.ts';
import { studentsOfClassRows } from './class-roster-repository.ts';
import { studentScopeOf } from './scope.ts';

/** A class's students: a read of student data like the roster's list, refused and audited like it. */
async function studentsOfClass(actor: Actor, classId: number, page: PageQuery) {
  await refuseFiltersOutsideScope(actor, await studentScopeOf(actor.db, actor.auth), { classId });
  const node = await classInScope(actor, classId);
  const result = await studentsOfClassRows(actor.db, node.id, page);
  await auditStudentList(
    actor,
    'student.list',
    result.list.map((s) => s.id),
    { filters: { classId }, page: page.page, size: page.size },
  );
  return result;
}

/** The students of a class node: a call of the organisation tree's, answered from Mind's roster. */
export const classRosterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apis-rbac/org/student',
    {
      config: { access: '/system/org:view' },
      schema: {
        tags: ['organisations'],
        summary: 'The students (identity 2) of a class',
        querystring: pageQuery.extend({ classId: queryId }),
        response: {
          200: envelopeOf(
            pageOf(
              z.object({
                id: z.number(),
                account: z.string(),
                nickname: z.string(),
                status: z.string(),
                avatar: z.string().nullable(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => ok(request, await studentsOfClass(actorOf(request), request.query.classId, request.query)),
  );
};
