import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { endpoint, ProviderError } from './provider.ts';
import { type ProviderStandIn, STAND_IN_APPS, scan, standInEnv, startProviderStandIn } from './provider-stand-in.ts';
import { oauthProviders } from './providers.ts';

let p: ProviderStandIn;
beforeAll(async () => {
  p = await startProviderStandIn();
  p.slowMs = 2000;
});
afterAll(() => p.close());

const providers = (env: Record<string, string> = standInEnv(p.url)) =>
  oauthProviders(loadConfig({ NODE_ENV: 'test', OAUTH_TIMEOUT_MS: '300', ...env }));
const CALLBACK = 'https://meridian.example.com/api/apis-authz/oauth/wechat/callback';

/** A code the stand-in issued, as if the person had scanned. */
async function codeFor(provider: 'wechat' | 'dingtalk'): Promise<string> {
  const back = new URL(await scan(providers()[provider].authorizeUrl('s'.repeat(43), CALLBACK)), 'https://x');
  return back.searchParams.get('code') ?? back.searchParams.get('authCode') ?? '';
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => new Error('the exchange succeeded'),
    (e: unknown) => e,
  );
  if (!(error instanceof ProviderError)) throw error;
  return error;
}

describe('the providers', () => {
  it('are off, with the real hosts, until an id and a secret are both set', () => {
    const off = providers({});
    expect(off.wechat.configured).toBe(false);
    expect(off.dingtalk.configured).toBe(false);
    expect(off.wechat.authorizeUrl('x', CALLBACK)).toMatch(/^https:\/\/open\.weixin\.qq\.com\/connect\/qrconnect\?/);
    expect(off.dingtalk.authorizeUrl('x', CALLBACK)).toMatch(/^https:\/\/login\.dingtalk\.com\/oauth2\/auth\?/);
    expect(providers({ WECHAT_APP_ID: 'wx1' }).wechat.configured).toBe(false);
    expect(providers().wechat.configured).toBe(true);
  });

  it('join a base that carries a path, with or without its slash', () => {
    expect(endpoint('https://gw.example.com/wechat/', '/sns/userinfo')).toBe(
      'https://gw.example.com/wechat/sns/userinfo',
    );
    expect(endpoint('https://gw.example.com/wechat', '/sns/userinfo', { a: '1 2' })).toBe(
      'https://gw.example.com/wechat/sns/userinfo?a=1+2',
    );
  });
});

describe('WeChat', () => {
  it('sends the browser to the QR page with its parameters in the order WeChat checks, and the fragment', () => {
    const url = providers().wechat.authorizeUrl('STATE', CALLBACK);
    expect(url).toBe(
      `${p.url}/connect/qrconnect?appid=${STAND_IN_APPS.wechat.appId}&redirect_uri=${encodeURIComponent(CALLBACK)}` +
        '&response_type=code&scope=snsapi_login&state=STATE#wechat_redirect',
    );
  });

  it('trades a code for the union id, the open id, the nickname and the picture', async () => {
    p.wechatPerson = { openid: 'o-wx-1', unionid: 'u-wx-1', nickname: '李老师', headimgurl: 'https://img/1.png' };
    const profile = await providers().wechat.exchange(await codeFor('wechat'));
    expect(profile).toEqual({
      subject: 'u-wx-1',
      openId: 'o-wx-1',
      unionId: 'u-wx-1',
      nickname: '李老师',
      avatar: 'https://img/1.png',
    });
    const token = p.calls.find((c) => c.path === '/sns/oauth2/access_token');
    expect(token?.query).toMatchObject({
      appid: STAND_IN_APPS.wechat.appId,
      secret: STAND_IN_APPS.wechat.secret,
      grant_type: 'authorization_code',
    });
  });

  it('keys an app without a union id by the open id', async () => {
    p.wechatPerson = { openid: 'o-wx-2', nickname: 'Zhang' };
    const profile = await providers().wechat.exchange(await codeFor('wechat'));
    expect(profile).toMatchObject({ subject: 'o-wx-2', unionId: null, avatar: null });
  });

  it('reports a code it refuses (40029) and a wrong secret (40125) as refused', async () => {
    const invalid = await failure(providers().wechat.exchange('made-up'));
    expect(invalid.kind).toBe('refused');
    expect(invalid.detail).toContain('errcode 40029 invalid code');
    const wrongSecret = providers({ ...standInEnv(p.url), WECHAT_APP_SECRET: 'wrong' });
    expect((await failure(wrongSecret.wechat.exchange(await codeFor('wechat')))).detail).toContain('40125');
  });

  it('gives up after the timeout, and says so', async () => {
    const started = Date.now();
    const error = await failure(providers().wechat.exchange('slow'));
    expect(error).toMatchObject({ kind: 'unavailable', detail: 'no answer within 300 ms' });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('calls a host that does not answer unavailable', async () => {
    const gone = providers({ ...standInEnv(p.url), WECHAT_API_BASE: 'http://127.0.0.1:9' });
    expect((await failure(gone.wechat.exchange('any'))).kind).toBe('unavailable');
  });
});

describe('DingTalk', () => {
  it('sends the browser to the consent page with its parameters', () => {
    const url = new URL(providers().dingtalk.authorizeUrl('STATE', CALLBACK));
    expect(`${url.origin}${url.pathname}`).toBe(`${p.url}/oauth2/auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      redirect_uri: CALLBACK,
      response_type: 'code',
      client_id: STAND_IN_APPS.dingtalk.clientId,
      scope: 'openid',
      state: 'STATE',
      prompt: 'consent',
    });
  });

  it('trades a code for the user token, then reads the person with it', async () => {
    p.dingtalkPerson = { openId: 'o-dt-1', unionId: 'u-dt-1', nick: '王校长', avatarUrl: 'https://img/d.png' };
    const profile = await providers().dingtalk.exchange(await codeFor('dingtalk'));
    expect(profile).toEqual({
      subject: 'u-dt-1',
      openId: 'o-dt-1',
      unionId: 'u-dt-1',
      nickname: '王校长',
      avatar: 'https://img/d.png',
    });
    const token = p.calls.findLast((c) => c.path === '/v1.0/oauth2/userAccessToken');
    expect(token?.body).toMatchObject({
      clientId: STAND_IN_APPS.dingtalk.clientId,
      clientSecret: STAND_IN_APPS.dingtalk.clientSecret,
      grantType: 'authorization_code',
    });
    const me = p.calls.findLast((c) => c.path === '/v1.0/contact/users/me');
    expect(me?.headers['x-acs-dingtalk-access-token']).toMatch(/^[0-9a-f]{24}$/);
  });

  it('reports 400 InvalidAuthentication as refused, and a busy DingTalk past the timeout as unavailable', async () => {
    const refused = await failure(providers().dingtalk.exchange('made-up'));
    expect(refused.kind).toBe('refused');
    expect(refused.detail).toContain('HTTP 400 InvalidAuthentication');
    expect((await failure(providers().dingtalk.exchange('slow'))).kind).toBe('unavailable');
  });
});
