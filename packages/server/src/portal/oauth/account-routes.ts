import {
  dingH5Config,
  dingtalkScanBody,
  envelopeOf,
  oauthBinding,
  oauthBindLogEntry,
  oauthProvider,
  pageOf,
  pageQuery,
  signedInSchema,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { callerOf } from '../access/guard.ts';
import { safeTarget } from '../sessions/routes.ts';
import { startAuthorization } from './flow.ts';
import { bindableProviders, bindInfo, bindLog, isBound, signInWithScanCode, unbind } from './service.ts';

const tags = ['oauth'];

/** The answer of every sign-in, the same shape as `authz/login`'s. */
export const signedInReply = signedInSchema;

/** The Mind spec's calls for outside accounts (section 7, Authentication), over the generic flow. */
export const accountOAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/apis-authz/authz/login/dingtalk/scancode',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Sign in with the code of DingTalk's QR frame and a state from `login/dingH5Config`",
        body: dingtalkScanBody,
        response: { 200: envelopeOf(signedInReply) },
      },
    },
    async (request) => ok(request, await signInWithScanCode(request, request.body.code, request.body.state)),
  );

  app.get(
    '/apis-authz/authz/login/dingH5Config',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What a page needs to start DingTalk sign-in: the client id, the address and a state',
        querystring: z.object({ target: z.string().max(2048).optional() }),
        response: { 200: envelopeOf(dingH5Config) },
      },
    },
    async (request, reply) => {
      const target = safeTarget(request, request.query.target);
      const start = await startAuthorization(request, reply, 'dingtalk', target);
      return ok(request, {
        clientId: start.clientId,
        authorizeUrl: start.url,
        redirectUri: start.redirectUri,
        state: start.state,
      });
    },
  );

  app.get(
    '/apis-authz/auth/user/getBindInfo',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's bindings: every provider, bound or not",
        response: { 200: envelopeOf(z.array(oauthBinding)) },
      },
    },
    async (request) => ok(request, await bindInfo(request, callerOf(request))),
  );

  app.get(
    '/apis-authz/auth/user/getUnBindInfo',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The providers the caller can still bind: set up here and not bound yet',
        response: { 200: envelopeOf(z.array(oauthBinding)) },
      },
    },
    async (request) => ok(request, await bindableProviders(request, callerOf(request))),
  );

  app.get(
    '/apis-authz/auth/user/isBindAccount',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Whether the caller's account is bound to the provider",
        querystring: z.object({ provider: oauthProvider }),
        response: { 200: envelopeOf(z.boolean()) },
      },
    },
    async (request) => ok(request, await isBound(request, callerOf(request), request.query.provider)),
  );

  app.get(
    '/apis-authz/auth/user/getBindLog',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's bind log: every bind, unbind and move, who made it and from where",
        querystring: pageQuery,
        response: { 200: envelopeOf(pageOf(oauthBindLogEntry)) },
      },
    },
    async (request) => ok(request, await bindLog(request, callerOf(request), request.query)),
  );

  app.get(
    '/apis-authz/auth/user/unBindAccount',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Unbind the provider from the caller's account",
        querystring: z.object({ provider: oauthProvider }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await unbind(request, callerOf(request), request.query.provider);
      return ok(request, null);
    },
  );

  app.get(
    '/apis-authz/auth/user/unbind/dingtalk',
    {
      config: { access: 'user' },
      schema: { tags, summary: "Unbind DingTalk from the caller's account", response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await unbind(request, callerOf(request), 'dingtalk');
      return ok(request, null);
    },
  );
};
