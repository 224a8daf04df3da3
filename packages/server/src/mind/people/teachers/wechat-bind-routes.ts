import { envelopeOf, staffWechatBinding, staffWechatTicket, staffWechatTicketState } from '@meridian/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.ts';
import { actorOf } from '../../../portal/orgs/actor.ts';
import {
  type EventAnswer,
  newWechatTicket,
  receiveWechatEvent,
  unbindWechat,
  verifyWechatServer,
  wechatBindingOf,
  wechatTicketState,
} from './wechat-bind.ts';

const tags = ['staff WeChat binding'];
const BASE = '/apis-psychology/wechatBind';
const idParams = z.object({ id: z.coerce.number().int().positive() });
const wechatQuery = z.object({
  signature: z.string().max(64).optional(),
  timestamp: z.string().max(20).optional(),
  nonce: z.string().max(40).optional(),
  echostr: z.string().max(200).optional(),
  openid: z.string().max(64).optional(),
});

/** WeChat reads the body as it is: plain `success`, an echo, or the XML reply. */
const send = (reply: FastifyReply, answer: EventAnswer) =>
  reply.code(answer.status).type(`${answer.type}; charset=utf-8`).send(answer.body);

/** What WeChat calls: the official account's server address, signed with its token, no session. */
const wechatEventRoutes: FastifyPluginAsyncZod = async (app) => {
  // WeChat posts its messages as XML; this room keeps them as text for the service to read.
  for (const type of ['text/xml', 'application/xml']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));
  }
  app.get(
    `${BASE}/events`,
    {
      // WeChat checks the address when the administrator saves it: signed with the account's token.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'WeChat’s check of the official account’s server address: answers the echo when signed',
        querystring: wechatQuery,
        response: { 200: z.string(), 400: z.string(), 401: z.string(), 404: z.string() },
      },
    },
    async (request, reply) => send(reply, verifyWechatServer(request)),
  );
  app.post(
    `${BASE}/events`,
    {
      // WeChat pushes the account's events, signed with its token (checked by the service).
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'WeChat’s events of the official account: a scan of a binding code binds the scanner’s openid',
        querystring: wechatQuery,
        response: { 200: z.string(), 400: z.string(), 401: z.string(), 404: z.string() },
      },
    },
    async (request, reply) =>
      send(reply, await receiveWechatEvent(request, typeof request.body === 'string' ? request.body : '')),
  );
};

/** A staff member's own WeChat for campus alerts (decision 0156). */
export const wechatBindRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(wechatEventRoutes);
  app.get(
    BASE,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Whether the caller may bind their WeChat by scanning, and whether it is bound',
        response: { 200: envelopeOf(staffWechatBinding) },
      },
    },
    async (request) => ok(request, await wechatBindingOf(actorOf(request))),
  );
  app.post(
    `${BASE}/ticket`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A new binding code: a temporary QR code of the official account, for ten minutes',
        response: { 200: envelopeOf(staffWechatTicket) },
      },
    },
    async (request) => ok(request, await newWechatTicket(actorOf(request))),
  );
  app.get(
    `${BASE}/ticket/:id`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Where one of the caller’s binding codes stands: waiting, bound or expired',
        params: idParams,
        response: { 200: envelopeOf(staffWechatTicketState) },
      },
    },
    async (request) => ok(request, await wechatTicketState(actorOf(request), request.params.id)),
  );
  app.post(
    `${BASE}/unbind`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Clears the caller’s WeChat openid from their staff roster entries (audited)',
        response: { 200: envelopeOf(staffWechatBinding) },
      },
    },
    async (request) => ok(request, await unbindWechat(actorOf(request))),
  );
};
