import { translate } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildUser } from '../../../test/factories.ts';
import { fromJson } from '../../platform/db/sql.ts';
import { tokenHash } from '../identity/secrets.ts';
import {
  flowCookie,
  type ProviderStandIn,
  STAND_IN_APPS,
  scan,
  standInEnv,
  startProviderStandIn,
} from './provider-stand-in.ts';

let t: TestApp;
let p: ProviderStandIn;
beforeAll(async () => {
  p = await startProviderStandIn();
  p.slowMs = 2000;
  t = await buildTestApp({ ...standInEnv(p.url), OAUTH_TIMEOUT_MS: '300' });
});
afterAll(async () => {
  await t.close();
  await p.close();
});

const en = { 'accept-language': 'en' };
let people = 0;
/** A new WeChat user, who scans next. */
function nextWechatPerson(): string {
  const id = `wx-${++people}`;
  p.wechatPerson = { openid: `o-${id}`, unionid: `u-${id}`, nickname: `Nick ${id}` };
  return `u-${id}`;
}

async function authorize(provider: 'wechat' | 'dingtalk', target = '/iot/', cookie?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/apis-authz/oauth/${provider}/authorize?target=${encodeURIComponent(target)}`,
    headers: { ...en, ...(cookie ? { cookie } : {}) },
  });
  expect(res.statusCode, res.body).toBe(302);
  return { location: String(res.headers.location), cookie: flowCookie(res), res };
}

/** The browser follows the provider back to us; returns where we send it next. */
async function callback(path: string, cookie?: string) {
  const res = await t.app.inject({ method: 'GET', url: path, headers: { ...en, ...(cookie ? { cookie } : {}) } });
  expect(res.statusCode, res.body).toBe(302);
  const next = new URL(String(res.headers.location), 'http://localhost');
  return { path: next.pathname, params: Object.fromEntries(next.searchParams) };
}

/** Starts, scans and comes back: the whole round trip of one browser. */
async function roundTrip(provider: 'wechat' | 'dingtalk' = 'wechat', target = '/iot/') {
  const start = await authorize(provider, target);
  const back = await scan(start.location);
  return { ...(await callback(back, start.cookie)), back, cookie: start.cookie };
}

const bindWith = (ticket: string, account: string, password: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/apis-authz/oauth/bind',
    payload: { ticket, account, password },
    headers: { ...en, ...(cookie ? { cookie } : {}) },
  });

describe('starting a sign-in', () => {
  it("sends the browser to WeChat's QR page with our callback and a fresh state, kept only as a hash", async () => {
    const { location, res } = await authorize('wechat');
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${p.url}/connect/qrconnect`);
    expect([...url.searchParams.keys()]).toEqual(['appid', 'redirect_uri', 'response_type', 'scope', 'state']);
    expect(url.searchParams.get('appid')).toBe(STAND_IN_APPS.wechat.appId);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:80/api/apis-authz/oauth/wechat/callback');
    expect(url.hash).toBe('#wechat_redirect');
    const state = url.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[\w-]{43}$/);
    const stored = await t.db.kysely.selectFrom('oauth_states').select(['state_hash', 'intent', 'target']).execute();
    expect(stored).toContainEqual({ state_hash: tokenHash(state), intent: 'signIn', target: '/iot/' });
    expect(stored.some((s) => s.state_hash === state)).toBe(false);
    expect(String(res.headers['set-cookie'])).toMatch(
      /; Path=\/api\/apis-authz; Max-Age=1500; HttpOnly; SameSite=Lax$/,
    );
  });

  it('sends the browser to DingTalk with the client id and asks for consent', async () => {
    const url = new URL((await authorize('dingtalk')).location);
    expect(`${url.origin}${url.pathname}`).toBe(`${p.url}/oauth2/auth`);
    expect(url.searchParams.get('client_id')).toBe(STAND_IN_APPS.dingtalk.clientId);
    expect(url.searchParams.get('prompt')).toBe('consent');
  });

  it('refuses a return address on another site, and a provider it does not know', async () => {
    const away = await t.app.inject({
      method: 'GET',
      url: '/api/apis-authz/oauth/wechat/authorize?target=https://evil.example/',
      headers: en,
    });
    expect(away.json()).toEqual({ code: 400, message: 'The return address is not valid', data: null });
    const qq = await t.app.inject({ method: 'GET', url: '/api/apis-authz/oauth/qq/authorize', headers: en });
    expect(qq.statusCode).toBe(400);
    expect(qq.json().data).toEqual([{ field: 'provider', msg: 'must be one of: wechat, dingtalk' }]);
  });
});

describe('a WeChat account no one has bound', () => {
  it('goes to the bind page with a ticket, and binds by signing in with account and password', async () => {
    const user = await buildUser(t.db.kysely);
    const subject = nextWechatPerson();
    const { path, params, cookie } = await roundTrip('wechat', '/jdp/data/home');
    expect(path).toBe('/login/bind');
    expect(params).toMatchObject({ provider: 'wechat', target: '/jdp/data/home' });

    const info = await t.app.inject({
      method: 'GET',
      url: `/api/apis-authz/oauth/ticket?ticket=${params.ticket}`,
      headers: { ...en, cookie },
    });
    expect(info.json().data).toMatchObject({
      provider: 'wechat',
      providerName: 'WeChat',
      nickname: p.wechatPerson.nickname,
    });

    // A typo costs nothing but the try: the ticket stays usable.
    const wrong = await bindWith(params.ticket, user.account, 'Wrong#123', cookie);
    expect(wrong.json()).toEqual({ code: 400, message: 'Wrong user name or password', data: null });
    const bound = await bindWith(params.ticket, user.account, user.password, cookie);
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().data.user.id).toBe(user.id);
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/auth/user/queryInfo',
      headers: as(bound.json().data.token),
    });
    expect(me.json().data.account).toBe(user.account);

    const binding = await t.db.kysely.selectFrom('oauth_bindings').selectAll().where('subject', '=', subject).execute();
    expect(binding).toMatchObject([{ user_id: user.id, provider: 'wechat', open_id: p.wechatPerson.openid }]);
    const log = await t.db.kysely.selectFrom('oauth_bind_log').selectAll().where('user_id', '=', user.id).execute();
    expect(log).toMatchObject([{ action: 'bind', provider: 'wechat', by_user_id: user.id, ip: '127.0.0.1' }]);

    const again = await bindWith(params.ticket, user.account, user.password, cookie);
    expect(again.json()).toMatchObject({
      code: 400,
      message: 'This binding request has expired or was already used: please scan again',
    });
  });

  it('takes a ticket only from the browser it was given to, and in its shape', async () => {
    const user = await buildUser(t.db.kysely);
    nextWechatPerson();
    const { params } = await roundTrip();
    const elsewhere = await bindWith(params.ticket, user.account, user.password, `meridian_oauth=${'x'.repeat(43)}`);
    expect(elsewhere.json().message).toBe('This binding request has expired or was already used: please scan again');
    const malformed = await bindWith('short', user.account, user.password);
    expect(malformed.json().data).toEqual([
      { field: 'ticket', msg: 'This binding request has expired or was already used: please scan again' },
    ]);
  });

  it('does not bind to an account that holds another WeChat, and closes the session it opened', async () => {
    const user = await buildUser(t.db.kysely);
    nextWechatPerson();
    const first = await roundTrip();
    await bindWith(first.params.ticket, user.account, user.password, first.cookie);
    nextWechatPerson();
    const second = await roundTrip();
    const res = await bindWith(second.params.ticket, user.account, user.password, second.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This account is already bound to a WeChat account: unbind it first');
    const sessions = await t.db.kysely
      .selectFrom('sessions')
      .select('revoked_reason')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(sessions.map((s) => s.revoked_reason)).toEqual([null, 'binding refused']);
  });
});

describe('a bound WeChat account', () => {
  async function boundUser(options: Parameters<typeof buildUser>[1] = {}) {
    const user = await buildUser(t.db.kysely, options);
    nextWechatPerson();
    const first = await roundTrip();
    const res = await bindWith(first.params.ticket, user.account, user.password, first.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return user;
  }

  it("signs in at the callback and hands the token to the portal's sign-in page", async () => {
    const user = await boundUser();
    const { path, params } = await roundTrip('wechat', '/iot/home');
    expect(path).toBe('/login');
    expect(params.target).toBe('/iot/home');
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/auth/user/queryInfo',
      headers: as(params.token),
    });
    expect(me.json().data.account).toBe(user.account);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'result', 'detail'])
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'signIn', result: 'ok' });
    expect(fromJson(audit.detail)).toEqual({ method: 'wechat' });
  });

  it('refuses a replayed callback, a forged state, a late one and one from another browser', async () => {
    await boundUser();
    const { back, cookie } = await roundTrip();
    const stateInvalid = { path: '/login', params: { oauthError: 'oauth.stateInvalid', provider: 'wechat' } };
    expect(await callback(back, cookie)).toEqual(stateInvalid);
    expect(await callback('/api/apis-authz/oauth/wechat/callback?code=abc&state=forged', cookie)).toEqual(stateInvalid);

    const late = await authorize('wechat');
    await t.db.kysely.updateTable('oauth_states').set({ expires_at: 1 }).where('used_at', 'is', null).execute();
    expect(await callback(await scan(late.location), late.cookie)).toEqual(stateInvalid);

    // Someone else's callback address, opened in the victim's browser (login CSRF).
    const attacker = await authorize('wechat');
    const victim = await authorize('wechat');
    expect(await callback(await scan(attacker.location), victim.cookie)).toEqual(stateInvalid);
    expect(translate('oauth.stateInvalid', 'en')).toBe(
      'This sign-in request has expired or was already used: please start again',
    );
  });

  it("says the person declined, WeChat refused the code, or WeChat did not answer, each in the sign-in page's words", async () => {
    await boundUser();
    p.decline = true;
    const declined = await roundTrip();
    p.decline = false;
    expect(declined.params).toMatchObject({ oauthError: 'oauth.cancelled', target: '/iot/' });
    expect(translate('oauth.cancelled', 'en', { provider: 'WeChat' })).toBe('Sign-in with WeChat was cancelled');

    const start = await authorize('wechat');
    const state = new URL(start.location).searchParams.get('state');
    const refused = await callback(`/api/apis-authz/oauth/wechat/callback?code=bogus&state=${state}`, start.cookie);
    expect(refused.params.oauthError).toBe('oauth.codeRefused');
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'signIn')
      .where('result', '=', 'fail')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(fromJson(audit.detail)).toEqual({
      method: 'wechat',
      reason: 'oauth.codeRefused',
      provider: 'access_token: errcode 40029 invalid code',
    });

    const slow = await authorize('wechat');
    const slowState = new URL(slow.location).searchParams.get('state');
    const started = Date.now();
    const silent = await callback(`/api/apis-authz/oauth/wechat/callback?code=slow&state=${slowState}`, slow.cookie);
    expect(silent.params.oauthError).toBe('oauth.unavailable');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("is refused with the sign-in's own reason when the account is disabled or has no role", async () => {
    const disabled = await boundUser();
    await t.db.kysely.updateTable('users').set({ status: 'disabled' }).where('id', '=', disabled.id).execute();
    const { params } = await roundTrip();
    expect(params).toMatchObject({ oauthError: 'auth.disabled', target: '/iot/' });
    expect(params.token).toBeUndefined();

    const roleless = await boundUser();
    await t.db.kysely.deleteFrom('user_roles').where('user_id', '=', roleless.id).execute();
    expect((await roundTrip()).params.oauthError).toBe('auth.noRole');
  });
});
