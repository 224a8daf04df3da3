import { hasPermission, parsePermission, toLang } from '@meridian/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors.ts';
import type { Auth } from '../sessions/service.ts';
import { authenticate, tokenOf } from '../sessions/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, set by the access guard on every route that is not public. */
    auth: Auth | null;
  }
}

/**
 * Enforces every route's declared access before anything else runs: `public` lets anyone in,
 * `user` needs a live session, `<path>:<code>` needs a role that grants it. The caller lands in
 * `request.auth`, and their language setting, when they have one, wins over the browser's.
 */
export function installAccessGuard(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const { access, allowExpiredPassword } = request.routeOptions.config;
    if (!access || access === 'public') return;
    const auth = await authenticate(app.db.kysely, app.config, tokenOf(request), { allowExpiredPassword });
    request.auth = auth;
    request.lang = toLang(auth.lang) ?? request.lang;
    if (access === 'user') return;
    const needed = parsePermission(access);
    if (!needed || !hasPermission(auth.permissions, needed.path, needed.code)) {
      request.log.info({ access, user: auth.userId }, 'access refused');
      throw new AppError(403, 'auth.forbidden');
    }
  });
}

/** The signed-in caller of a route whose access is not public (the guard has already checked). */
export function callerOf(request: FastifyRequest): Auth {
  if (!request.auth) throw new AppError(401, 'session.10020', { code: 10020 });
  return request.auth;
}
