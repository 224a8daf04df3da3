import { envelopeOf, signedInSchema } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { callerOf } from '../access/guard.ts';
import { endSession, startRunAs, tokenOf } from './service.ts';
import { signInWithJwt, signInWithPassword } from './signin.ts';

const tags = ['sessions'];

/**
 * Where a sign-in may send the browser back to: an address on this site. Anything else would
 * hand the token to another site (an open redirect).
 */
export function safeTarget(request: FastifyRequest, target: string | undefined): string {
  if (!target) return '/';
  if (target.startsWith('/') && !target.startsWith('//')) return target;
  try {
    const url = new URL(target);
    if (url.host === request.headers.host && (url.protocol === 'http:' || url.protocol === 'https:')) return target;
  } catch {
    // Not an absolute address either: refused below.
  }
  throw new AppError(400, 'auth.badTarget');
}

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.kysely;

  app.post(
    '/apis-authz/authz/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in with account (or phone, or email) and password',
        body: z.strictObject({ account: z.string().trim().min(1).max(64), password: z.string().min(1).max(64) }),
        response: { 200: envelopeOf(signedInSchema) },
      },
    },
    async (request) =>
      ok(request, await signInWithPassword(db, app.config, request, request.body.account, request.body.password)),
  );

  app.post(
    '/apis-authz/authz/login/jwt',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in with a JWT (HS256) signed by a trusted system; `sub` is the account',
        body: z.strictObject({ token: z.string().min(10).max(4096) }),
        response: { 200: envelopeOf(signedInSchema) },
      },
    },
    async (request) => ok(request, await signInWithJwt(db, app.config, request, request.body.token)),
  );

  app.get(
    '/apis-authz/authz/login/cas',
    {
      config: { access: 'public', sends: 'redirect' },
      schema: {
        tags,
        summary: 'Single sign-on: the portal sign-in, which returns to `target` with `?token=` in the address',
        querystring: z.object({ target: z.string().max(2048).optional() }),
      },
    },
    async (request, reply) => {
      const target = safeTarget(request, request.query.target);
      return reply.redirect(`/login?target=${encodeURIComponent(target)}`);
    },
  );

  app.get(
    '/apis-authz/authz/logout',
    {
      config: { access: 'user', allowExpiredPassword: true },
      schema: { tags, summary: 'Sign out: the token is revoked', response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await endSession(db, app.config, request, tokenOf(request), 'signOut');
      return ok(request, null);
    },
  );

  app.get(
    '/apis-authz/authz/casLogout',
    {
      config: { access: 'public', sends: 'redirect' },
      schema: {
        tags,
        summary:
          'Single sign-on sign-out: revokes the token (header or `token`) and returns to the sign-in for `service`',
        querystring: z.object({ service: z.string().max(2048).optional(), token: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const service = safeTarget(request, request.query.service);
      await endSession(db, app.config, request, tokenOf(request) ?? request.query.token, 'signOut');
      return reply.redirect(`/login?target=${encodeURIComponent(service)}`);
    },
  );

  app.post(
    '/apis-authz/authz/runAs',
    {
      config: { access: '/system/user:runAs' },
      schema: {
        tags,
        summary: 'An administrator acts as another user (audited); sign out to end it',
        body: z.strictObject({ userId: z.number().int().positive() }),
        response: { 200: envelopeOf(z.object({ token: z.string() })) },
      },
    },
    async (request) => ok(request, await startRunAs(db, app.config, request, callerOf(request), request.body.userId)),
  );
};
