import { accountName, envelopeOf, signedInSchema } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { callerOf } from '../access/guard.ts';
import { canSeeUser, scopeOf } from '../access/scope.ts';
import { findUserByLogin } from '../accounts/repository.ts';
import { audit } from '../audit/service.ts';
import { revokeSession } from './repository.ts';
import { authenticate, startSession, tokenOf } from './service.ts';
import { signInAsKnownUser, signInWithPassword } from './signin.ts';

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

/** Revokes the session of the token the request carries, if any; returns whether one was live. */
async function endSessionOf(request: FastifyRequest, token: string | undefined, action: string): Promise<void> {
  const db = request.server.db.kysely;
  if (!token) return;
  const auth = await authenticate(db, request.server.config, token, { allowExpiredPassword: true }).catch(() => null);
  if (!auth) return;
  await revokeSession(db, auth.sessionId, auth.runAsBy ? 'run-as ended' : 'signed out', Date.now());
  request.auth = auth;
  await audit(db, request, { action });
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
    async (request) => {
      const secret = app.config.JWT_SECRET;
      if (!secret) throw new AppError(503, 'auth.jwtNotConfigured');
      const claims = await jwtVerify(request.body.token, new TextEncoder().encode(secret), {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
      }).catch(async (error: unknown) => {
        const reason = error instanceof joseErrors.JOSEError ? error.code : 'invalid';
        await audit(db, request, { action: 'signIn', result: 'fail', detail: { method: 'jwt', reason } });
        throw new AppError(401, 'auth.badJwt');
      });
      const subject = String(claims.payload.sub);
      const user = accountName.safeParse(subject).success ? await findUserByLogin(db, subject) : undefined;
      if (!user) {
        await audit(db, request, {
          action: 'signIn',
          result: 'fail',
          account: subject.slice(0, 64),
          detail: { method: 'jwt', reason: 'unknown account' },
        });
        throw new AppError(401, 'auth.badJwt');
      }
      return ok(request, await signInAsKnownUser(db, app.config, request, user.id, 'jwt'));
    },
  );

  app.get(
    '/apis-authz/authz/login/cas',
    {
      config: { access: 'public' },
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
      await endSessionOf(request, tokenOf(request), 'signOut');
      return ok(request, null);
    },
  );

  app.get(
    '/apis-authz/authz/casLogout',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Single sign-on sign-out: revokes the token (header or `token`) and returns to the sign-in for `service`',
        querystring: z.object({ service: z.string().max(2048).optional(), token: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const service = safeTarget(request, request.query.service);
      await endSessionOf(request, tokenOf(request) ?? request.query.token, 'signOut');
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
    async (request) => {
      const auth = callerOf(request);
      const { userId } = request.body;
      if (userId === auth.userId) throw new AppError(400, 'auth.runAsSelf');
      if (auth.runAsBy) throw new AppError(400, 'auth.runAsNested');
      if (!(await canSeeUser(db, await scopeOf(db, auth), userId))) throw new AppError(404, 'account.notFound');
      const { token } = await startSession(db, app.config, { userId, runAsBy: auth.userId, request });
      await audit(db, request, { action: 'runAs', targetType: 'user', targetId: userId });
      return ok(request, { token });
    },
  );
};
