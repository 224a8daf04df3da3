import type { FastifyReply, FastifyRequest } from 'fastify';
import { newToken, tokenHash } from '../identity/secrets.ts';

/**
 * A flow must come back to the browser that started it, or an attacker could hand a victim the
 * callback address of their own authorisation and so sign the victim in as the attacker, or bind
 * the victim's WeChat to the attacker's account (login CSRF, RFC 9700 section 4.7). The browser
 * keeps a random nonce in a cookie; states and tickets keep its hash. The cookie grants nothing by
 * itself: it only narrows who may finish a flow that the state already names.
 */
const COOKIE = 'meridian_oauth';
const NONCE = /^[\w-]{43}$/;
/** Sent only to the sign-in calls that start, finish or bind a flow. */
const PATH = '/api/apis-authz';

function nonceOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === COOKIE && value && NONCE.test(value)) return value;
  }
  return undefined;
}

/** The hash of the browser's nonce, starting one (or keeping the one it has) for the next `lifetimeMs`. */
export function bindBrowser(request: FastifyRequest, reply: FastifyReply, lifetimeMs: number): string {
  const nonce = nonceOf(request) ?? newToken();
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${COOKIE}=${nonce}; Path=${PATH}; Max-Age=${Math.floor(lifetimeMs / 1000)}; HttpOnly; SameSite=Lax${secure}`,
  );
  return tokenHash(nonce);
}

/** The hash of the nonce the request came back with, if any. */
export function browserOf(request: FastifyRequest): string | undefined {
  const nonce = nonceOf(request);
  return nonce ? tokenHash(nonce) : undefined;
}
