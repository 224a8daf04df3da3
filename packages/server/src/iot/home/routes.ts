import { envelopeOf, iotHomeSummary } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { homeSummary } from './service.ts';

/** The home page's cards besides the device counts, each only where the caller may open its page. */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/home/summary',
    {
      config: { access: '/iot/home:view' },
      schema: {
        tags: ['Device Cloud home'],
        summary: "Today's and the week's alarms, devices gone offline, and open and overdue work orders",
        response: { 200: envelopeOf(iotHomeSummary) },
      },
    },
    async (request) => ok(request, await homeSummary(actorOf(request))),
  );
};
