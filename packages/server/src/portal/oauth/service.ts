import {
  OAUTH_ERROR_PARAM,
  OAUTH_PROVIDERS,
  OAUTH_RESULT_PARAM,
  type OAuthBinding,
  type OAuthProviderName,
  type PageQuery,
  translate,
} from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../audit/service.ts';
import { sameHash, tokenHash } from '../identity/secrets.ts';
import { findSessionByTokenHash, revokeSession } from '../sessions/repository.ts';
import type { Auth } from '../sessions/service.ts';
import { type SignedIn, signInWithPassword } from '../sessions/signin.ts';
import { bindProfile, type Change, holderElsewhere, transferProfile, unbindProvider } from './binding.ts';
import { browserOf } from './browser.ts';
import {
  binderOf,
  bindPageAt,
  configuredProvider,
  exchangeCode,
  issueTicket,
  oauthError,
  providerLabel,
  signInFailedAt,
  signInWithProfile,
  takeStateOf,
  withParams,
} from './flow.ts';
import type { OAuthProfile } from './provider.ts';
import { oauthProviders } from './providers.ts';
import { bindingsOfUser, bindLogOf, findLiveTicket, useTicket } from './repository.ts';
import type { OauthStateRow, OauthTicketRow } from './tables.ts';

const db = (request: FastifyRequest) => request.server.db.kysely;

/** The providers this deployment offers, for the sign-in page's buttons. */
export function providerList(request: FastifyRequest) {
  return Object.values(oauthProviders(request.server.config)).map((p) => ({
    provider: p.name,
    providerName: providerLabel(p.name, request),
    enabled: p.configured,
  }));
}

/**
 * The provider's callback: where the browser goes next. Signed in: the portal's sign-in hand-off
 * with the token, as single sign-on does. Not bound yet: the bind page with a ticket. Binding from
 * the account centre: back there, with the outcome. Anything wrong: back, with the message's key.
 */
export async function completeCallback(
  request: FastifyRequest,
  name: OAuthProviderName,
  query: { code?: string; state?: string },
): Promise<string> {
  let state: OauthStateRow;
  try {
    state = await takeStateOf(request, name, query.state);
  } catch (error) {
    if (error instanceof AppError) return signInFailedAt(null, error.key, name);
    throw error;
  }
  if (state.intent === 'bind') return bindFromCallback(request, name, state, query.code);
  try {
    const profile = await exchangeCode(request, name, state, query.code);
    const outcome = await signInWithProfile(request, name, profile, state);
    return 'signedIn' in outcome
      ? withParams('/login', { target: state.target, token: outcome.signedIn.token })
      : bindPageAt(state.target, name, outcome.ticket);
  } catch (error) {
    if (error instanceof AppError) return signInFailedAt(state.target, error.key, name);
    throw error;
  }
}

async function bindFromCallback(
  request: FastifyRequest,
  name: OAuthProviderName,
  state: OauthStateRow,
  code: string | undefined,
): Promise<string> {
  const back = (params: Record<string, string>) => withParams(state.target, { provider: name, ...params });
  const refused = async (key: string) => {
    await audit(db(request), request, {
      action: 'oauthBind',
      result: 'fail',
      userId: state.user_id,
      detail: { provider: name, reason: key },
    });
    return back({ [OAUTH_ERROR_PARAM]: key });
  };
  let change: Change;
  try {
    const user = await binderOf(request, state);
    change = { request, userId: user.id, account: user.account, byUserId: user.id, via: 'accountCenter' };
  } catch (error) {
    if (error instanceof AppError) return refused(error.key);
    throw error;
  }
  let profile: OAuthProfile;
  try {
    profile = await exchangeCode(request, name, state, code);
  } catch (error) {
    // exchangeCode has audited it.
    if (error instanceof AppError) return back({ [OAUTH_ERROR_PARAM]: error.key });
    throw error;
  }
  try {
    await db(request)
      .transaction()
      .execute((trx) => bindProfile(trx, change, name, profile));
    return back({ [OAUTH_RESULT_PARAM]: 'bound' });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.key !== 'oauth.boundElsewhere') return refused(error.key);
    // The person proved the provider account: offer to move it here, never silently.
    await refused(error.key);
    const ticket = await issueTicket(request, name, profile, state, change.userId);
    return back({ [OAUTH_ERROR_PARAM]: error.key, ticket });
  }
}

/** Signs in with the code DingTalk's QR frame handed the page, with a state from `dingH5Config`. */
export async function signInWithScanCode(request: FastifyRequest, code: string, stateText: string): Promise<SignedIn> {
  configuredProvider(request, 'dingtalk');
  const state = await takeStateOf(request, 'dingtalk', stateText);
  if (state.intent !== 'signIn') throw new AppError(400, 'oauth.stateInvalid');
  const profile = await exchangeCode(request, 'dingtalk', state, code);
  const outcome = await signInWithProfile(request, 'dingtalk', profile, state);
  if ('signedIn' in outcome) return outcome.signedIn;
  throw oauthError(404, 'oauth.notBound', 'dingtalk', request, {
    data: { ticket: outcome.ticket, provider: 'dingtalk', nickname: profile.nickname, avatar: profile.avatar },
  });
}

/** A ticket this browser holds that is still usable. */
async function liveTicket(request: FastifyRequest, text: string): Promise<OauthTicketRow> {
  const row = await findLiveTicket(db(request), tokenHash(text), Date.now());
  const browser = browserOf(request);
  if (!row || !browser || !sameHash(browser, row.browser_hash)) throw new AppError(400, 'oauth.ticketInvalid');
  return row;
}

const profileOf = (t: OauthTicketRow): OAuthProfile => ({
  subject: t.subject,
  openId: t.open_id,
  unionId: t.union_id,
  nickname: t.nickname,
  avatar: t.avatar,
});

/** What the bind page shows: whose provider account this is, and, for a move, which account holds it now. */
export async function ticketInfo(request: FastifyRequest, text: string) {
  const ticket = await liveTicket(request, text);
  const holder =
    ticket.user_id === null
      ? undefined
      : await holderElsewhere(db(request), ticket.provider, profileOf(ticket), ticket.user_id);
  return {
    provider: ticket.provider,
    providerName: providerLabel(ticket.provider, request),
    nickname: ticket.nickname,
    avatar: ticket.avatar,
    boundAccount: holder?.account ?? null,
    expiresAt: ticket.expires_at,
  };
}

/**
 * Binds the provider account of a sign-in ticket to the account whose password the person types,
 * and signs them in. The password is checked (and throttled) as at any sign-in, before the binding.
 */
export async function bindWithPassword(
  request: FastifyRequest,
  body: { ticket: string; account: string; password: string },
): Promise<SignedIn> {
  const ticket = await liveTicket(request, body.ticket);
  if (ticket.user_id !== null) throw new AppError(400, 'oauth.ticketInvalid');
  const signedIn = await signInWithPassword(db(request), request.server.config, request, body.account, body.password);
  const { id: userId, account } = signedIn.user;
  const change: Change = { request, userId, account, byUserId: userId, via: 'signIn' };
  try {
    await db(request)
      .transaction()
      .execute(async (trx) => {
        if (!(await useTicket(trx, ticket.id, Date.now()))) throw new AppError(400, 'oauth.ticketInvalid');
        await bindProfile(trx, change, ticket.provider, profileOf(ticket));
      });
  } catch (error) {
    // The password was right but nothing was bound: the session opened for it is closed again.
    const session = await findSessionByTokenHash(db(request), tokenHash(signedIn.token));
    if (session) await revokeSession(db(request), session.sessionId, 'binding refused', Date.now());
    if (error instanceof AppError) {
      await audit(db(request), request, {
        action: 'oauthBind',
        result: 'fail',
        userId,
        account,
        detail: { provider: ticket.provider, reason: error.key },
      });
    }
    throw error;
  }
  return signedIn;
}

/** Moves the provider account of a move ticket to the caller, who started the binding that found it elsewhere. */
export async function transferBinding(request: FastifyRequest, auth: Auth, text: string): Promise<void> {
  if (auth.runAsBy) throw new AppError(403, 'oauth.runAsRefused');
  const ticket = await liveTicket(request, text);
  if (ticket.user_id !== auth.userId) throw new AppError(400, 'oauth.ticketInvalid');
  const change: Change = {
    request,
    userId: auth.userId,
    account: auth.account,
    byUserId: auth.userId,
    via: 'accountCenter',
  };
  await db(request)
    .transaction()
    .execute(async (trx) => {
      if (!(await useTicket(trx, ticket.id, Date.now()))) throw new AppError(400, 'oauth.ticketInvalid');
      await transferProfile(trx, change, ticket.provider, profileOf(ticket));
    });
}

export async function unbind(request: FastifyRequest, auth: Auth, provider: OAuthProviderName): Promise<void> {
  const change: Change = {
    request,
    userId: auth.userId,
    account: auth.account,
    byUserId: auth.runAsBy ?? auth.userId,
    via: 'accountCenter',
  };
  await db(request)
    .transaction()
    .execute((trx) => unbindProvider(trx, change, provider));
}

/** Every provider with the caller's binding of it, if any. */
export async function bindInfo(request: FastifyRequest, auth: Auth): Promise<OAuthBinding[]> {
  const providers = oauthProviders(request.server.config);
  const bindings = await bindingsOfUser(db(request), auth.userId);
  return OAUTH_PROVIDERS.map((name) => {
    const binding = bindings.find((b) => b.provider === name);
    return {
      provider: name,
      providerName: providerLabel(name, request),
      configured: providers[name].configured,
      bound: binding !== undefined,
      nickname: binding?.nickname ?? null,
      avatar: binding?.avatar ?? null,
      boundAt: binding?.created_at ?? null,
      lastSignInAt: binding?.last_sign_in_at ?? null,
    };
  });
}

/** The providers the caller can still bind: set up here and not bound yet. */
export async function bindableProviders(request: FastifyRequest, auth: Auth): Promise<OAuthBinding[]> {
  return (await bindInfo(request, auth)).filter((b) => b.configured && !b.bound);
}

export async function isBound(request: FastifyRequest, auth: Auth, provider: OAuthProviderName): Promise<boolean> {
  return (await bindingsOfUser(db(request), auth.userId)).some((b) => b.provider === provider);
}

export async function bindLog(request: FastifyRequest, auth: Auth, page: PageQuery) {
  const result = await bindLogOf(db(request), auth.userId, page);
  return {
    ...result,
    list: result.list.map((row) => ({
      ...row,
      providerName: providerLabel(row.provider, request),
      actionName: translate(`oauth.action.${row.action}`, request.lang),
    })),
  };
}
