import {
  envelopeOf,
  screenBandQuery,
  screenBands,
  screenGauge,
  screenHolders,
  screenOverduePage,
  screenPageQuery,
  screenQuery,
  screenSchools,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { bandsByPlace, overduePage, schoolsCompared, warningGauge, warningHolders } from './service.ts';

/** The large screens' calls (spec section 7), each scoped to the caller and read from summary tables. */
export const screensRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['screens'];
  app.get(
    '/apis-psychology/screen/school/queryList',
    {
      config: { access: '/districtScreen:view' },
      schema: {
        tags,
        summary: 'Schools compared: sheets assigned and answered, results and warnings of each in the period',
        querystring: screenQuery,
        response: { 200: envelopeOf(screenSchools) },
      },
    },
    async (request) => ok(request, await schoolsCompared(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/screen/school/queryClassTj',
    {
      config: { access: '/districtScreen:view' },
      schema: {
        tags,
        summary: "One scale's results by band, per grade (or per class of one school)",
        querystring: screenBandQuery,
        response: { 200: envelopeOf(screenBands) },
      },
    },
    async (request) => ok(request, await bandsByPlace(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/warning/gauge',
    {
      config: { access: '/schoolWarning:view' },
      schema: {
        tags,
        summary: 'Warnings by level and state, and the mean time from opening to solving',
        querystring: screenQuery,
        response: { 200: envelopeOf(screenGauge) },
      },
    },
    async (request) => ok(request, await warningGauge(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/screen/school/queryPage',
    {
      config: { access: '/schoolWarning:view' },
      schema: {
        tags,
        summary: 'Open warnings whose follow-up is overdue, most overdue first, with who holds them',
        querystring: screenPageQuery,
        response: { 200: envelopeOf(screenOverduePage) },
      },
    },
    async (request) => ok(request, await overduePage(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/screen/school/holders',
    {
      config: { access: '/schoolWarning:view' },
      schema: {
        tags,
        summary: 'Who holds the open warnings: open and overdue counts per handler',
        querystring: screenQuery,
        response: { 200: envelopeOf(screenHolders) },
      },
    },
    async (request) => ok(request, await warningHolders(actorOf(request), request.query)),
  );
};
