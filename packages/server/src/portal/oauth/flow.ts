import {
  type MessageKey,
  type MessageParams,
  OAUTH_BIND_PAGE,
  OAUTH_ERROR_PARAM,
  type OAuthProviderName,
  translate,
} from '@meridian/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors.ts';
import { findUserById } from '../accounts/repository.ts';
import { audit } from '../audit/service.ts';
import { newToken, sameHash, tokenHash } from '../identity/secrets.ts';
import type { Auth } from '../sessions/service.ts';
import { finishSignIn, type SignedIn } from '../sessions/signin.ts';
import { bindBrowser, browserOf } from './browser.ts';
import type { OAuthProfile, OAuthProvider } from './provider.ts';
import { ProviderError } from './provider.ts';
import { oauthProviders } from './providers.ts';
import { findBindingBySubject, insertState, insertTicket, takeState, touchBinding } from './repository.ts';
import type { OauthStateRow } from './tables.ts';

/** A QR code waits a few minutes for its scan; registering to bind takes a few more. */
export const STATE_TTL_MS = 10 * 60_000;
export const TICKET_TTL_MS = 15 * 60_000;

const SECRET = /^[\w-]{43}$/;

/** The provider's name in the caller's language, for the `{provider}` of the messages. */
export const providerLabel = (name: OAuthProviderName, request: FastifyRequest) =>
  translate(`oauth.provider.${name}`, request.lang);

/** An error about a provider, worded with its name. */
export const oauthError = (
  status: number,
  key: MessageKey,
  name: OAuthProviderName,
  request: FastifyRequest,
  extra: { params?: MessageParams; data?: unknown } = {},
) =>
  new AppError(status, key, { params: { provider: providerLabel(name, request), ...extra.params }, data: extra.data });

/** The provider, or a clear "not configured" when the deployment has not set it up. */
export function configuredProvider(request: FastifyRequest, name: OAuthProviderName): OAuthProvider {
  const provider = oauthProviders(request.server.config)[name];
  if (!provider.configured) throw oauthError(503, 'oauth.notConfigured', name, request);
  return provider;
}

/** Where the provider returns the browser to: this site's callback, at the address registered with the provider. */
function callbackUri(request: FastifyRequest, name: OAuthProviderName): string {
  const origin =
    request.server.config.OAUTH_CALLBACK_ORIGIN?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
  return `${origin}/api/apis-authz/oauth/${name}/callback`;
}

export interface Authorization {
  url: string;
  state: string;
  redirectUri: string;
  clientId: string;
}

/**
 * Starts an authorisation: a random state, kept as a hash for ten minutes and tied to this browser,
 * and the provider's address that carries it. `bind` ties it to the signed-in caller too.
 */
export async function startAuthorization(
  request: FastifyRequest,
  reply: FastifyReply,
  name: OAuthProviderName,
  target: string,
  binder: Auth | null = null,
): Promise<Authorization> {
  const provider = configuredProvider(request, name);
  // An administrator acting as someone must not leave a way into their account behind.
  if (binder?.runAsBy) throw new AppError(403, 'oauth.runAsRefused');
  // The cookie outlives the state by a ticket's life, so that registering to bind still finds it.
  const browserHash = bindBrowser(request, reply, STATE_TTL_MS + TICKET_TTL_MS);
  const state = newToken();
  const now = Date.now();
  await insertState(request.server.db.kysely, {
    state_hash: tokenHash(state),
    provider: name,
    intent: binder ? 'bind' : 'signIn',
    user_id: binder?.userId ?? null,
    target,
    browser_hash: browserHash,
    created_at: now,
    expires_at: now + STATE_TTL_MS,
    used_at: null,
  });
  const redirectUri = callbackUri(request, name);
  return { url: provider.authorizeUrl(state, redirectUri), state, redirectUri, clientId: provider.clientId };
}

/**
 * Uses a state once: it must exist, be unused, unexpired, for this provider, and come back to the
 * browser that started it. A forged, replayed, late or foreign callback gets one answer.
 */
export async function takeStateOf(
  request: FastifyRequest,
  name: OAuthProviderName,
  state: string | undefined,
): Promise<OauthStateRow> {
  const now = Date.now();
  const row =
    state && SECRET.test(state) ? await takeState(request.server.db.kysely, tokenHash(state), now) : undefined;
  const browser = browserOf(request);
  if (!row || row.provider !== name || row.expires_at <= now || !browser || !sameHash(browser, row.browser_hash)) {
    await audit(request.server.db.kysely, request, {
      action: 'signIn',
      result: 'fail',
      userId: row?.user_id ?? null,
      detail: { method: name, reason: 'oauth.stateInvalid' },
    });
    throw new AppError(400, 'oauth.stateInvalid');
  }
  return row;
}

/** Trades the code for the profile; a refusal or silence of the provider is audited and worded for the person. */
export async function exchangeCode(
  request: FastifyRequest,
  name: OAuthProviderName,
  state: OauthStateRow,
  code: string | undefined,
): Promise<OAuthProfile> {
  const action = state.intent === 'bind' ? 'oauthBind' : 'signIn';
  const fail = async (key: MessageKey, status: number, detail?: string) => {
    await audit(request.server.db.kysely, request, {
      action,
      result: 'fail',
      userId: state.user_id,
      detail: { method: name, reason: key, ...(detail ? { provider: detail } : {}) },
    });
    return oauthError(status, key, name, request);
  };
  // Providers come back without a code when the person declined.
  if (!code) throw await fail('oauth.cancelled', 400);
  try {
    return await configuredProvider(request, name).exchange(code);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    request.log.warn({ provider: name, kind: error.kind, detail: error.detail }, 'provider sign-in failed');
    throw error.kind === 'refused'
      ? await fail('oauth.codeRefused', 400, error.detail)
      : await fail('oauth.unavailable', 502, error.detail);
  }
}

/** What a proven provider account leads to: a session when it is bound, else a ticket to bind it. */
export type ProfileOutcome = { signedIn: SignedIn } | { ticket: string };

export async function signInWithProfile(
  request: FastifyRequest,
  name: OAuthProviderName,
  profile: OAuthProfile,
  state: OauthStateRow,
): Promise<ProfileOutcome> {
  const db = request.server.db.kysely;
  const binding = await findBindingBySubject(db, name, [profile.subject, profile.unionId, profile.openId]);
  const user = binding ? await findUserById(db, binding.user_id) : undefined;
  if (binding && user) {
    const signedIn = await finishSignIn(db, request.server.config, request, user, name);
    await touchBinding(db, binding.id, profile, Date.now());
    return { signedIn };
  }
  await audit(db, request, { action: 'signIn', result: 'fail', detail: { method: name, reason: 'oauth.notBound' } });
  return { ticket: await issueTicket(request, name, profile, state, null) };
}

/**
 * A ticket for a proven provider account: to bind it by signing in (`forUser` null), or to move it
 * to `forUser` from the account that holds it. Single use, short-lived, tied to this browser.
 */
export async function issueTicket(
  request: FastifyRequest,
  name: OAuthProviderName,
  profile: OAuthProfile,
  state: OauthStateRow,
  forUser: number | null,
): Promise<string> {
  const ticket = newToken();
  const now = Date.now();
  await insertTicket(request.server.db.kysely, {
    ticket_hash: tokenHash(ticket),
    provider: name,
    subject: profile.subject,
    open_id: profile.openId,
    union_id: profile.unionId,
    nickname: profile.nickname,
    avatar: profile.avatar,
    user_id: forUser,
    target: state.target,
    browser_hash: state.browser_hash,
    created_at: now,
    expires_at: now + TICKET_TTL_MS,
    used_at: null,
  });
  return ticket;
}

/** `address` with `params` added to its query (before any fragment). */
export function withParams(address: string, params: Record<string, string | null | undefined>): string {
  const at = address.indexOf('#');
  const base = at < 0 ? address : address.slice(0, at);
  const fragment = at < 0 ? '' : address.slice(at);
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  ).toString();
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
}

/** Where a failed sign-in flow sends the browser: the portal sign-in, saying what went wrong. */
export function signInFailedAt(target: string | null, key: string, name: OAuthProviderName, ticket?: string): string {
  return withParams('/login', { target, [OAUTH_ERROR_PARAM]: key, provider: name, ticket });
}

/** The portal's bind page, for a provider account no Meridian account holds yet. */
export const bindPageAt = (target: string, name: OAuthProviderName, ticket: string) =>
  withParams(OAUTH_BIND_PAGE, { provider: name, ticket, target });

/** The user a bind flow was started by, if they may still bind. */
export async function binderOf(request: FastifyRequest, state: OauthStateRow) {
  const user = state.user_id === null ? undefined : await findUserById(request.server.db.kysely, state.user_id);
  if (user?.status !== 'enabled') throw new AppError(400, 'oauth.stateInvalid');
  return user;
}
