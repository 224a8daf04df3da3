import {
  envelopeOf,
  maintenancePlanInput,
  maintenancePlanQuery,
  maintenancePlanView,
  pageOf,
  queryId,
  workOrderEngineer,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { addPlan, deletePlan, editPlan, listPlans, planDetail, planEngineers } from './service.ts';

const tags = ['Device Cloud maintenance plans'];
const PLANS = '/iot/maintenance';
const byId = z.object({ id: queryId });
const one = { 200: envelopeOf(maintenancePlanView) };

/** Maintenance plans: a cycle, devices or a project, an engineer, and work orders made ahead (decision 0074). */
export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/maintenance-plans',
    {
      config: { access: `${PLANS}:view` },
      schema: {
        tags,
        summary: 'Maintenance plans: newest first, by keyword, state or device',
        querystring: maintenancePlanQuery,
        response: { 200: envelopeOf(pageOf(maintenancePlanView)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      return ok(request, await listPlans(actorOf(request), filter, { page, size }));
    },
  );

  app.get(
    '/iot/maintenance-plans/engineers',
    {
      config: { access: `${PLANS}:view` },
      schema: {
        tags,
        summary: 'The maintenance engineers of the caller’s account, for a plan',
        response: { 200: envelopeOf(z.array(workOrderEngineer)) },
      },
    },
    async (request) => ok(request, await planEngineers(actorOf(request))),
  );

  app.get(
    '/iot/maintenance-plans/:id',
    {
      config: { access: `${PLANS}:view` },
      schema: { tags, summary: 'One maintenance plan', params: byId, response: one },
    },
    async (request) => ok(request, await planDetail(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/maintenance-plans',
    {
      config: { access: `${PLANS}:add` },
      schema: { tags, summary: 'Creates a maintenance plan', body: maintenancePlanInput, response: one },
    },
    async (request) => ok(request, await addPlan(actorOf(request), request.body)),
  );

  app.put(
    '/iot/maintenance-plans/:id',
    {
      config: { access: `${PLANS}:edit` },
      schema: {
        tags,
        summary: 'Edits a maintenance plan; it schedules from today, never ordering a date twice',
        params: byId,
        body: maintenancePlanInput,
        response: one,
      },
    },
    async (request) => ok(request, await editPlan(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/iot/maintenance-plans/:id',
    {
      config: { access: `${PLANS}:delete` },
      schema: {
        tags,
        summary: 'Deletes a maintenance plan; the orders it made stay',
        params: byId,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deletePlan(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
};
