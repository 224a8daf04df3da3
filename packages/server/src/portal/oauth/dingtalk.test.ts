import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildUser } from '../../../test/factories.ts';
import { flowCookie, type ProviderStandIn, scan, standInEnv, startProviderStandIn } from './provider-stand-in.ts';

let t: TestApp;
let p: ProviderStandIn;
const ORIGIN = 'https://meridian.example.com';
beforeAll(async () => {
  p = await startProviderStandIn();
  p.slowMs = 2000;
  // DingTalk only: WeChat is left unconfigured, as a deployment may.
  const dingtalkOnly = Object.fromEntries(
    Object.entries(standInEnv(p.url)).filter(([name]) => !name.startsWith('WECHAT_')),
  );
  t = await buildTestApp({ ...dingtalkOnly, OAUTH_CALLBACK_ORIGIN: ORIGIN, OAUTH_TIMEOUT_MS: '300' });
});
afterAll(async () => {
  await t.close();
  await p.close();
});

const en = { 'accept-language': 'en' };

/** What the H5 or PC page does first: asks for the config, which also starts the browser's flow cookie. */
async function h5Config(cookie?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/apis-authz/authz/login/dingH5Config?target=/h5/',
    headers: { ...en, ...(cookie ? { cookie } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...res.json().data, cookie: flowCookie(res) } as {
    clientId: string;
    authorizeUrl: string;
    redirectUri: string;
    state: string;
    cookie: string;
  };
}

/** The person scans DingTalk's QR frame, which hands the page the code. */
async function scanCode(config: { authorizeUrl: string }): Promise<string> {
  return new URL(await scan(config.authorizeUrl), 'https://x').searchParams.get('authCode') ?? '';
}

const scancode = (code: string, state: string, cookie: string, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/apis-authz/authz/login/dingtalk/scancode',
    payload: { code, state },
    headers: { 'accept-language': lang, cookie },
  });

describe('a deployment without WeChat', () => {
  it('lists WeChat as off, and says so when asked to sign in with it', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/apis-authz/oauth/providers', headers: en });
    expect(list.json().data).toEqual([
      { provider: 'wechat', providerName: 'WeChat', enabled: false },
      { provider: 'dingtalk', providerName: 'DingTalk', enabled: true },
    ]);
    for (const [lang, message] of [
      ['en', 'Sign-in with WeChat is not configured; contact the administrator'],
      ['zh-CN', '未配置微信登录，请联系管理员'],
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/apis-authz/oauth/wechat/authorize',
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 503, message, data: null });
    }
  });
});

describe('DingTalk scan-code sign-in', () => {
  it('gives the page the client id, the consent address with our registered callback, and a state', async () => {
    const config = await h5Config();
    expect(config.clientId).toBe('dingtestclient01');
    expect(config.redirectUri).toBe(`${ORIGIN}/api/apis-authz/oauth/dingtalk/callback`);
    const url = new URL(config.authorizeUrl);
    expect(url.searchParams.get('state')).toBe(config.state);
    expect(url.searchParams.get('redirect_uri')).toBe(config.redirectUri);
  });

  it('asks a person not yet bound to bind, then signs them in on the next scan', async () => {
    const user = await buildUser(t.db.kysely);
    p.dingtalkPerson = { openId: 'o-dt-scan', unionId: 'u-dt-scan', nick: '王老师' };
    const first = await h5Config();
    const notBound = await scancode(await scanCode(first), first.state, first.cookie);
    expect(notBound.statusCode).toBe(404);
    expect(notBound.json()).toMatchObject({
      code: 404,
      message: 'This DingTalk account is not bound to an account yet: sign in or register to bind it',
      data: { provider: 'dingtalk', nickname: '王老师' },
    });
    const bind = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/oauth/bind',
      payload: { ticket: notBound.json().data.ticket, account: user.account, password: user.password },
      headers: { ...en, cookie: first.cookie },
    });
    expect(bind.statusCode, bind.body).toBe(200);

    const second = await h5Config(first.cookie);
    const signedIn = await scancode(await scanCode(second), second.state, second.cookie);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.user).toMatchObject({ id: user.id, account: user.account });
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/auth/user/queryInfo',
      headers: as(signedIn.json().data.token),
    });
    expect(me.json().data.account).toBe(user.account);

    // The generic callback takes DingTalk's `authCode` too.
    const start = await t.app.inject({ method: 'GET', url: '/api/apis-authz/oauth/dingtalk/authorize', headers: en });
    const back = await scan(String(start.headers.location));
    expect(back).toContain('authCode=');
    const done = await t.app.inject({ method: 'GET', url: back, headers: { ...en, cookie: flowCookie(start) } });
    expect(new URL(String(done.headers.location), 'http://x').searchParams.get('token')).toMatch(/^[\w-]{43}$/);
  });

  it('refuses a used state, and a state not in its shape', async () => {
    const config = await h5Config();
    await scancode(await scanCode(config), config.state, config.cookie);
    const replay = await scancode(await scanCode(config), config.state, config.cookie);
    expect(replay.json()).toEqual({
      code: 400,
      message: 'This sign-in request has expired or was already used: please start again',
      data: null,
    });
    const malformed = await scancode('abc', 'nope', config.cookie);
    expect(malformed.json().data).toEqual([
      { field: 'state', msg: 'This sign-in request has expired or was already used: please start again' },
    ]);
  });

  it("says DingTalk refused the code, or could not be reached, in the reader's language", async () => {
    const refused = await h5Config();
    const res = await scancode('made-up', refused.state, refused.cookie, 'zh-CN');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('钉钉授权失败，请重新扫码');
    const slow = await h5Config();
    const silent = await scancode('slow', slow.state, slow.cookie);
    expect(silent.statusCode).toBe(502);
    expect(silent.json().message).toBe('DingTalk cannot be reached now: try again later or sign in with your password');
    const enRefused = await h5Config();
    expect((await scancode('made-up', enRefused.state, enRefused.cookie)).json().message).toBe(
      'DingTalk did not accept the sign-in: please scan again',
    );
  });
});
