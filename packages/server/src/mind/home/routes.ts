import { envelopeOf, homeSummaryQuery, homeSummary as homeSummarySchema } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { homeSummary } from './service.ts';

/** Mind's home page (`/data/home`): one scoped summary for its cards. */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apis-psychology/home/summary',
    {
      config: { access: '/data/home:view' },
      schema: {
        tags: ['home'],
        summary: "The caller's to-dos, running tasks, new warnings, this week's interviews and home visits due",
        querystring: homeSummaryQuery,
        response: { 200: envelopeOf(homeSummarySchema) },
      },
    },
    async (request) => ok(request, await homeSummary(actorOf(request), request.query)),
  );
};
