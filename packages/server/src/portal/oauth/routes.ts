import { envelopeOf, oauthBindBody, oauthProvider, oauthTicketInfo, oauthTransferBody } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { callerOf } from '../access/guard.ts';
import { safeTarget } from '../sessions/routes.ts';
import { accountOAuthRoutes, signedInReply } from './account-routes.ts';
import { startAuthorization } from './flow.ts';
import { bindWithPassword, completeCallback, providerList, ticketInfo, transferBinding } from './service.ts';

const tags = ['oauth'];
const provider = z.object({ provider: oauthProvider });
const target = z.string().max(2048).optional();
const ticket = z.object({ ticket: z.string().max(100) });

/** WeChat and DingTalk sign-in and binding: the generic flow under `/apis-authz/oauth/{provider}/`. */
export const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(accountOAuthRoutes);

  app.get(
    '/apis-authz/oauth/providers',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The outside accounts this deployment signs in with, and whether each is set up',
        response: {
          200: envelopeOf(
            z.array(z.object({ provider: oauthProvider, providerName: z.string(), enabled: z.boolean() })),
          ),
        },
      },
    },
    async (request) => ok(request, providerList(request)),
  );

  app.get(
    '/apis-authz/oauth/:provider/authorize',
    {
      config: { access: 'public', sends: 'redirect' },
      schema: {
        tags,
        summary: 'Sign in with the provider: redirects to its page, which returns to the callback and then to `target`',
        params: provider,
        querystring: z.object({ target }),
      },
    },
    async (request, reply) => {
      const back = safeTarget(request, request.query.target);
      const { url } = await startAuthorization(request, reply, request.params.provider, back);
      return reply.header('cache-control', 'no-store').redirect(url);
    },
  );

  app.post(
    '/apis-authz/oauth/:provider/authorize/bind',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Bind the provider to the caller's account: the address to send the browser to",
        params: provider,
        body: z.strictObject({ target }),
        response: { 200: envelopeOf(z.object({ url: z.string() })) },
      },
    },
    async (request, reply) => {
      const back = safeTarget(request, request.body.target ?? '/accountCenter');
      const { url } = await startAuthorization(request, reply, request.params.provider, back, callerOf(request));
      return ok(request, { url });
    },
  );

  app.get(
    '/apis-authz/oauth/:provider/callback',
    {
      config: { access: 'public', sends: 'redirect' },
      schema: {
        tags,
        summary: 'Where the provider returns: signs in, or goes to the bind page, or back to the account centre',
        params: provider,
        // DingTalk names the code `authCode` (and lately `code` too); WeChat `code`. No code: declined.
        querystring: z.object({
          code: z.string().max(256).optional(),
          authCode: z.string().max(256).optional(),
          state: z.string().max(128).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { code, authCode, state } = request.query;
      const next = await completeCallback(request, request.params.provider, { code: code || authCode, state });
      return reply.header('cache-control', 'no-store').redirect(next);
    },
  );

  app.get(
    '/apis-authz/oauth/ticket',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What the bind page shows about the provider account of a ticket',
        querystring: ticket,
        response: { 200: envelopeOf(oauthTicketInfo) },
      },
    },
    async (request) => ok(request, await ticketInfo(request, request.query.ticket)),
  );

  app.post(
    '/apis-authz/oauth/bind',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Bind the provider account of a ticket by signing in with account and password',
        body: oauthBindBody,
        response: { 200: envelopeOf(signedInReply) },
      },
    },
    async (request) => ok(request, await bindWithPassword(request, request.body)),
  );

  app.post(
    '/apis-authz/oauth/transfer',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Move a provider account that another account holds to the caller's, as the person confirmed",
        body: oauthTransferBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await transferBinding(request, callerOf(request), request.body.ticket);
      return ok(request, null);
    },
  );
};
