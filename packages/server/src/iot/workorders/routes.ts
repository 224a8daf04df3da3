import {
  envelopeOf,
  pageOf,
  queryId,
  workOrderAssign,
  workOrderCheckIn,
  workOrderComplete,
  workOrderDetail,
  workOrderEngineer,
  workOrderInput,
  workOrderQuery,
  workOrderReopen,
  workOrderView,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import {
  acceptWorkOrder,
  accountEngineers,
  addWorkOrder,
  assignWorkOrder,
  checkInWorkOrder,
  completeWorkOrder,
  confirmWorkOrder,
  workOrderDetail as detailOf,
  listWorkOrders,
  orderEngineers,
  reopenWorkOrder,
} from './service.ts';

const tags = ['Device Cloud work orders'];
const ORDERS = '/iot/workOrders';
const byId = z.object({ id: queryId });
const detail = { 200: envelopeOf(workOrderDetail) };

/** Repair work orders: create (also from an alarm), assign, accept, complete, confirm or reopen (decision 0071). */
export const workOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/work-orders',
    {
      config: { access: `${ORDERS}:view` },
      schema: {
        tags,
        summary: 'Work orders: newest first, by keyword, state, type or assignee; overdue ones flagged',
        querystring: workOrderQuery,
        response: { 200: envelopeOf(pageOf(workOrderView)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      return ok(request, await listWorkOrders(actorOf(request), filter, { page, size }));
    },
  );

  app.get(
    '/iot/work-orders/engineers',
    {
      config: { access: `${ORDERS}:view` },
      schema: {
        tags,
        summary: 'The maintenance engineers of the caller’s account, to filter the list by',
        response: { 200: envelopeOf(z.array(workOrderEngineer)) },
      },
    },
    async (request) => ok(request, await accountEngineers(actorOf(request))),
  );

  app.get(
    '/iot/work-orders/:id',
    {
      config: { access: `${ORDERS}:view` },
      schema: { tags, summary: 'One work order with its timeline', params: byId, response: detail },
    },
    async (request) => ok(request, await detailOf(actorOf(request), request.params.id)),
  );

  app.get(
    '/iot/work-orders/:id/engineers',
    {
      config: { access: `${ORDERS}:dispatch` },
      schema: {
        tags,
        summary: 'The maintenance engineers of the order’s device owner, to assign it to',
        params: byId,
        response: { 200: envelopeOf(z.array(workOrderEngineer)) },
      },
    },
    async (request) => ok(request, await orderEngineers(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/work-orders',
    {
      config: { access: `${ORDERS}:add` },
      schema: {
        tags,
        summary: 'Creates a work order; with `alarmId`, on the alarm’s device',
        body: workOrderInput,
        response: detail,
      },
    },
    async (request) => ok(request, await addWorkOrder(actorOf(request), request.body)),
  );

  app.post(
    '/iot/work-orders/:id/assign',
    {
      config: { access: `${ORDERS}:dispatch` },
      schema: {
        tags,
        summary: 'Assigns the order to an engineer',
        params: byId,
        body: workOrderAssign,
        response: detail,
      },
    },
    async (request) => ok(request, await assignWorkOrder(actorOf(request), request.params.id, request.body.assigneeId)),
  );

  app.post(
    '/iot/work-orders/:id/accept',
    {
      config: { access: `${ORDERS}:handle` },
      schema: { tags, summary: 'The assigned engineer accepts the order', params: byId, response: detail },
    },
    async (request) => ok(request, await acceptWorkOrder(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/work-orders/:id/complete',
    {
      config: { access: `${ORDERS}:handle` },
      schema: {
        tags,
        summary: 'The assigned engineer completes the order with a result and photos',
        params: byId,
        body: workOrderComplete,
        response: detail,
      },
    },
    async (request) => ok(request, await completeWorkOrder(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/iot/work-orders/:id/check-in',
    {
      config: { access: `${ORDERS}:handle` },
      schema: {
        tags,
        summary: 'The assigned engineer checks in on site with the phone’s location',
        params: byId,
        body: workOrderCheckIn,
        response: detail,
      },
    },
    async (request) => ok(request, await checkInWorkOrder(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/iot/work-orders/:id/confirm',
    {
      config: { access: `${ORDERS}:confirm` },
      schema: { tags, summary: 'The owner confirms a completed order: it is over', params: byId, response: detail },
    },
    async (request) => ok(request, await confirmWorkOrder(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/work-orders/:id/reopen',
    {
      config: { access: `${ORDERS}:confirm` },
      schema: {
        tags,
        summary: 'The owner sends a completed order back to its engineer',
        params: byId,
        body: workOrderReopen,
        response: detail,
      },
    },
    async (request) => ok(request, await reopenWorkOrder(actorOf(request), request.params.id, request.body.reason)),
  );
};
