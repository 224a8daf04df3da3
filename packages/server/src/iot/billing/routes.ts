import {
  envelopeOf,
  ledgerEntryView,
  ledgerQuery,
  membershipView,
  orderInput,
  orderQuery,
  orderView,
  pageOf,
  queryId,
  wechatPayView,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { wechatNotification } from './notify.ts';
import {
  cancelOrder,
  ledger,
  listOrders,
  membershipOverview,
  orderDetail,
  payByWechat,
  placeOrder,
} from './service.ts';

const tags = ['Device Cloud orders and payments'];
const ORDERS = '/iot/orders';
const byId = z.object({ id: queryId });
const one = { 200: envelopeOf(orderView) };
const wechatReply = z.object({ code: z.enum(['SUCCESS', 'FAIL']), message: z.string() });

/** WeChat Pay's notification: verified over its raw body, so this room keeps JSON bodies as text. */
const wechatNotifyRoute: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    '/iot/billing/wechatpay/notify',
    {
      // WeChat Pay calls it, signed with its platform key (checked by the service): no session.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'WeChat Pay payment notification (API v3): verified, decrypted, applied once',
        response: { 200: wechatReply, 400: wechatReply, 401: wechatReply },
      },
    },
    async (request, reply) => {
      const answer = await wechatNotification(request, typeof request.body === 'string' ? request.body : '');
      return reply.code(answer.status).send(answer.body);
    },
  );
};

/** Memberships, orders, WeChat Pay and the balance ledger (decisions 0079, 0080). */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(wechatNotifyRoute);

  app.get(
    '/iot/billing/membership',
    {
      config: { access: `${ORDERS}:view` },
      schema: {
        tags,
        summary: 'The caller’s membership, its limits and usage, balance and message credits',
        response: { 200: envelopeOf(membershipView) },
      },
    },
    async (request) => ok(request, await membershipOverview(actorOf(request))),
  );

  app.get(
    '/iot/billing/orders',
    {
      config: { access: `${ORDERS}:view` },
      schema: {
        tags,
        summary: 'The caller’s orders, newest first',
        querystring: orderQuery,
        response: { 200: envelopeOf(pageOf(orderView)) },
      },
    },
    async (request) => {
      const { status, page, size } = request.query;
      return ok(request, await listOrders(actorOf(request), status, { page, size }));
    },
  );

  app.get(
    '/iot/billing/orders/:id',
    { config: { access: `${ORDERS}:view` }, schema: { tags, summary: 'One order', params: byId, response: one } },
    async (request) => ok(request, await orderDetail(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/billing/orders',
    {
      config: { access: `${ORDERS}:add` },
      schema: {
        tags,
        summary: 'Places an order: a membership year, a message pack or a top-up',
        body: orderInput,
        response: one,
      },
    },
    async (request) => ok(request, await placeOrder(actorOf(request), request.body)),
  );

  app.post(
    '/iot/billing/orders/:id/wechat-pay',
    {
      config: { access: `${ORDERS}:add` },
      schema: {
        tags,
        summary: 'Pays an unpaid order by WeChat Pay (Native): answers the code_url to show as a QR code',
        params: byId,
        response: { 200: envelopeOf(wechatPayView) },
      },
    },
    async (request) => ok(request, await payByWechat(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/billing/orders/:id/cancel',
    {
      config: { access: `${ORDERS}:add` },
      schema: {
        tags,
        summary: 'Cancels an unpaid order; a cancelled order cannot be restored',
        params: byId,
        response: one,
      },
    },
    async (request) => ok(request, await cancelOrder(actorOf(request), request.params.id)),
  );

  app.get(
    '/iot/billing/ledger',
    {
      config: { access: `${ORDERS}:view` },
      schema: {
        tags,
        summary: 'Settlement details: every balance change with its reason and order, newest first',
        querystring: ledgerQuery,
        response: { 200: envelopeOf(pageOf(ledgerEntryView)) },
      },
    },
    async (request) => {
      const { reason, page, size } = request.query;
      return ok(request, await ledger(actorOf(request), reason, { page, size }));
    },
  );
};
