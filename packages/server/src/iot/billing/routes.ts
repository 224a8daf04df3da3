import {
  alipayView,
  bankTransferView,
  envelopeOf,
  ledgerEntryView,
  ledgerQuery,
  membershipView,
  orderInput,
  orderQuery,
  orderView,
  pageOf,
  pageQuery,
  queryId,
  transferConfirmInput,
  transferQueueView,
  transferRejectInput,
  wechatPayView,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { alipayNotification, wechatNotification } from './notify.ts';
import {
  cancelOrder,
  confirmTransfer,
  ledger,
  listOrders,
  membershipOverview,
  orderDetail,
  payByAlipay,
  payByBalance,
  payByTransfer,
  payByWechat,
  placeOrder,
  reconcileAlipay,
  rejectTransfer,
  transferQueue,
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

/** Alipay's notification: form-encoded, verified over its parameters, so this room keeps such bodies as text. */
const alipayNotifyRoute: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, body),
  );
  app.post(
    '/iot/billing/alipay/notify',
    {
      // Alipay calls it, signed with its key (checked by the service): no session.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Alipay asynchronous notification: verified (RSA2), applied once; answers success or fail as text',
        response: { 200: z.enum(['success', 'fail']) },
      },
    },
    async (request, reply) => {
      const answer = await alipayNotification(request, typeof request.body === 'string' ? request.body : '');
      // Alipay reads the plain text `success`; anything else and it sends the notification again.
      return reply.type('text/plain; charset=utf-8').send(answer);
    },
  );
};

const TRANSFERS = '/iot/transfers';

/** Memberships, orders, WeChat Pay, Alipay, balance, bank transfer and the ledger (decisions 0079, 0080, 0115). */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(wechatNotifyRoute);
  await app.register(alipayNotifyRoute);

  app.post(
    '/iot/billing/orders/:id/alipay',
    {
      config: { access: `${ORDERS}:add` },
      schema: {
        tags,
        summary: 'Pays an unpaid order by Alipay (precreate): answers the qr_code to show as a QR code',
        params: byId,
        response: { 200: envelopeOf(alipayView) },
      },
    },
    async (request) => ok(request, await payByAlipay(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/billing/orders/:id/alipay/query',
    {
      config: { access: `${ORDERS}:add` },
      schema: {
        tags,
        summary: 'Asks Alipay (trade.query) whether an Alipay order was paid, and applies the payment once',
        params: byId,
        response: one,
      },
    },
    async (request) => ok(request, await reconcileAlipay(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/billing/orders/:id/balance',
    {
      config: { access: `${ORDERS}:add` },
      schema: {
        tags,
        summary: 'Pays an unpaid order from the balance, at once, or refuses when the balance falls short',
        params: byId,
        response: one,
      },
    },
    async (request) => ok(request, await payByBalance(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/billing/orders/:id/bank-transfer',
    {
      config: { access: `${ORDERS}:add` },
      schema: {
        tags,
        summary: 'Pays an unpaid order by bank transfer: it waits for an administrator to confirm the money',
        params: byId,
        response: { 200: envelopeOf(bankTransferView) },
      },
    },
    async (request) => ok(request, await payByTransfer(actorOf(request), request.params.id)),
  );

  app.get(
    '/iot/billing/transfers',
    {
      config: { access: `${TRANSFERS}:view` },
      schema: {
        tags,
        summary: 'The administrators’ queue: orders waiting for a bank transfer, oldest first',
        querystring: pageQuery,
        response: { 200: envelopeOf(pageOf(transferQueueView)) },
      },
    },
    async (request) => ok(request, await transferQueue(actorOf(request), request.query)),
  );

  app.post(
    '/iot/billing/transfers/:id/confirm',
    {
      config: { access: `${TRANSFERS}:confirm` },
      schema: {
        tags,
        summary: 'Confirms that an order’s bank transfer arrived: the order is paid, once',
        params: byId,
        body: transferConfirmInput,
        response: one,
      },
    },
    async (request) => ok(request, await confirmTransfer(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/iot/billing/transfers/:id/reject',
    {
      // Whoever may confirm a transfer may say it never came: one decision, two answers.
      config: { access: `${TRANSFERS}:confirm` },
      schema: {
        tags,
        summary: 'Rejects an order’s bank transfer that never arrived: the order is cancelled with the reason',
        params: byId,
        body: transferRejectInput,
        response: one,
      },
    },
    async (request) => ok(request, await rejectTransfer(actorOf(request), request.params.id, request.body)),
  );

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
