import {
  envelopeOf,
  deviceOverview as overviewSchema,
  pageOf,
  pageQuery,
  projectSearch,
  projectStatistics as projectStatisticsSchema,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/envelope.ts';
import { actorOf } from '../../../portal/orgs/actor.ts';
import { deviceOverview, projectStatistics } from './service.ts';

const tags = ['Device Cloud statistics'];

/**
 * Device Overview (the home page's counts, so the home permission every Device Cloud role holds)
 * and Project Quantity Statistics (a projects page).
 */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/overview',
    {
      config: { access: '/iot/home:view' },
      schema: {
        tags,
        summary: "The caller's devices by status (online, offline, alarm, fault, disabled), by project and by tag",
        response: { 200: envelopeOf(overviewSchema) },
      },
    },
    async (request) => ok(request, await deviceOverview(actorOf(request))),
  );

  app.get(
    '/iot/statistics/projects',
    {
      config: { access: '/iot/projects:view' },
      schema: {
        tags,
        summary: 'Project Quantity Statistics: devices per project, by status',
        querystring: pageQuery.extend(projectSearch.shape),
        response: { 200: envelopeOf(pageOf(projectStatisticsSchema)) },
      },
    },
    async (request) => {
      const { keyword, page, size } = request.query;
      return ok(request, await projectStatistics(actorOf(request), keyword, { page, size }));
    },
  );
};
