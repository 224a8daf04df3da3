import { envelopeOf, type PageQuery, pageOf, pageQuery, queryId } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.ts';
import { type Actor, actorOf } from '../../../portal/orgs/actor.ts';
import { classInScope } from '../../../portal/orgs/service.ts';
import { studentsOfClassRows } from './class-roster-repository.ts';

async function studentsOfClass(actor: Actor, classId: number, page: PageQuery) {
  const node = await classInScope(actor, classId);
  return studentsOfClassRows(actor.db, node.id, page);
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
