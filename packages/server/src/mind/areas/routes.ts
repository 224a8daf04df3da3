import { areaList as areaListSchema, areaQuery, areaView as areaViewSchema, envelopeOf } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { areaList, areaView } from './service.ts';

const tags = ['areas'];

/** Areas (qyList, qy; decision 0109): bureaus below the caller's, with their schools' headline counts. */
export const areasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apis-psychology/area/list',
    {
      config: { access: '/data/qyList:view' },
      schema: {
        tags,
        summary: 'The areas of the scope: schools, students, sheets, results and open warnings of each',
        response: { 200: envelopeOf(areaListSchema) },
      },
    },
    async (request) => ok(request, await areaList(actorOf(request))),
  );
  app.get(
    '/apis-psychology/area/detail',
    {
      config: { access: '/data/qyList:view' },
      schema: {
        tags,
        summary: 'One area of the scope: the same counts for each of its schools',
        querystring: areaQuery,
        response: { 200: envelopeOf(areaViewSchema) },
      },
    },
    async (request) => ok(request, await areaView(actorOf(request), request.query.orgId)),
  );
};
