import {
  envelopeOf,
  invoiceApplyInput,
  invoiceableOrderView,
  invoiceInfoInput,
  invoiceInfoView,
  invoiceQuery,
  invoiceReviewInput,
  invoiceView,
  pageOf,
  queryId,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import {
  applyForInvoice,
  invoiceableOrders,
  invoiceQueue,
  myInvoiceInfo,
  myInvoices,
  reviewInvoice,
  saveMyInvoiceInfo,
} from './service.ts';

const tags = ['Device Cloud invoices'];
const ORDERS = '/iot/orders';
const REVIEW = '/iot/invoices';
const byId = z.object({ id: queryId });
const one = { 200: envelopeOf(invoiceView) };
const info = { 200: envelopeOf(invoiceInfoView.nullable()) };

/** Invoice info, applications for paid orders and the administrator's review (decision 0098). */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/billing/invoice-info',
    {
      config: { access: `${ORDERS}:view` },
      schema: { tags, summary: 'The caller’s invoice info; null before it is filled in', response: info },
    },
    async (request) => ok(request, await myInvoiceInfo(actorOf(request))),
  );

  app.put(
    '/iot/billing/invoice-info',
    {
      config: { access: `${ORDERS}:add` },
      schema: { tags, summary: 'Saves the caller’s invoice info', body: invoiceInfoInput, response: info },
    },
    async (request) => ok(request, await saveMyInvoiceInfo(actorOf(request), request.body)),
  );

  app.get(
    '/iot/billing/invoiceable-orders',
    {
      config: { access: `${ORDERS}:view` },
      schema: {
        tags,
        summary: 'The caller’s paid orders that are on no invoice yet',
        response: { 200: envelopeOf(z.array(invoiceableOrderView)) },
      },
    },
    async (request) => ok(request, await invoiceableOrders(actorOf(request))),
  );

  app.get(
    '/iot/billing/invoices',
    {
      config: { access: `${ORDERS}:view` },
      schema: {
        tags,
        summary: 'The caller’s invoice applications, newest first',
        querystring: invoiceQuery,
        response: { 200: envelopeOf(pageOf(invoiceView)) },
      },
    },
    async (request) => ok(request, await myInvoices(actorOf(request), request.query)),
  );

  app.post(
    '/iot/billing/invoices',
    {
      config: { access: `${ORDERS}:add` },
      schema: {
        tags,
        summary: 'Applies for an invoice over paid orders not invoiced yet',
        body: invoiceApplyInput,
        response: one,
      },
    },
    async (request) => ok(request, await applyForInvoice(actorOf(request), request.body.orderIds)),
  );

  app.get(
    '/iot/invoices',
    {
      config: { access: `${REVIEW}:view` },
      schema: {
        tags,
        summary: 'The review queue: every account’s invoice applications, newest first',
        querystring: invoiceQuery,
        response: { 200: envelopeOf(pageOf(invoiceView)) },
      },
    },
    async (request) => ok(request, await invoiceQueue(actorOf(request), request.query)),
  );

  app.post(
    '/iot/invoices/:id/review',
    {
      config: { access: `${REVIEW}:review` },
      schema: {
        tags,
        summary: 'Approves, rejects with a reason, or ships with a tracking number; audited',
        params: byId,
        body: invoiceReviewInput,
        response: one,
      },
    },
    async (request) => ok(request, await reviewInvoice(actorOf(request), request.params.id, request.body)),
  );
};
