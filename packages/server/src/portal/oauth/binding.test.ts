import { translate } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, type BuiltUser, buildUser, signIn } from '../../../test/factories.ts';
import { fromJson } from '../../platform/db/sql.ts';
import { maskAccount } from './binding.ts';
import { flowCookie, type ProviderStandIn, scan, standInEnv, startProviderStandIn } from './provider-stand-in.ts';

let t: TestApp;
let p: ProviderStandIn;
beforeAll(async () => {
  p = await startProviderStandIn();
  t = await buildTestApp(standInEnv(p.url));
});
afterAll(async () => {
  await t.close();
  await p.close();
});

const en = { 'accept-language': 'en' };
let people = 0;
function nextWechatPerson(): void {
  const id = `acc-${++people}`;
  p.wechatPerson = { openid: `o-${id}`, unionid: `u-${id}`, nickname: `Nick ${id}` };
}

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: as(token) });

/** From the account centre: start binding, scan, come back. Returns where the browser lands. */
async function bindFromAccountCentre(token: string, provider: 'wechat' | 'dingtalk' = 'wechat') {
  const start = await t.app.inject({
    method: 'POST',
    url: `/api/apis-authz/oauth/${provider}/authorize/bind`,
    payload: { target: '/accountCenter?tab=bind' },
    headers: as(token),
  });
  expect(start.statusCode, start.body).toBe(200);
  const cookie = flowCookie(start);
  const back = await t.app.inject({
    method: 'GET',
    url: await scan(start.json().data.url),
    headers: { ...en, cookie },
  });
  const next = new URL(String(back.headers.location), 'http://localhost');
  return { path: next.pathname, params: Object.fromEntries(next.searchParams), cookie };
}

async function signedInUser(): Promise<BuiltUser & { token: string }> {
  const user = await buildUser(t.db.kysely);
  return { ...user, token: await signIn(t.app, user) };
}

describe('binding from the account centre', () => {
  it('binds the scanned WeChat to the signed-in account and shows it', async () => {
    const user = await signedInUser();
    nextWechatPerson();
    expect(await bindFromAccountCentre(user.token)).toEqual({
      path: '/accountCenter',
      params: { tab: 'bind', provider: 'wechat', oauth: 'bound' },
      cookie: expect.any(String),
    });
    const info = (await get('/api/apis-authz/auth/user/getBindInfo', user.token)).json().data;
    expect(info).toEqual([
      expect.objectContaining({ provider: 'wechat', bound: true, configured: true, nickname: p.wechatPerson.nickname }),
      expect.objectContaining({ provider: 'dingtalk', providerName: 'DingTalk', bound: false, boundAt: null }),
    ]);
    expect((await get('/api/apis-authz/auth/user/isBindAccount?provider=wechat', user.token)).json().data).toBe(true);
    expect((await get('/api/apis-authz/auth/user/isBindAccount?provider=dingtalk', user.token)).json().data).toBe(
      false,
    );
    const unbound = (await get('/api/apis-authz/auth/user/getUnBindInfo', user.token)).json().data;
    expect(unbound.map((b: { provider: string }) => b.provider)).toEqual(['dingtalk']);
  });

  it('refuses a second WeChat on the same account', async () => {
    const user = await signedInUser();
    nextWechatPerson();
    await bindFromAccountCentre(user.token);
    nextWechatPerson();
    const { params } = await bindFromAccountCentre(user.token);
    expect(params).toMatchObject({ oauthError: 'oauth.alreadyHasBinding', provider: 'wechat' });
    expect(translate('oauth.alreadyHasBinding', 'zh-CN', { provider: '微信' })).toBe('当前账号已绑定微信，请先解绑');
  });

  it('says a WeChat bound elsewhere is bound elsewhere, and moves it only when the person confirms', async () => {
    const holder = await signedInUser();
    const taker = await signedInUser();
    nextWechatPerson();
    await bindFromAccountCentre(holder.token);
    const { params, cookie } = await bindFromAccountCentre(taker.token);
    expect(params.oauthError).toBe('oauth.boundElsewhere');
    expect((await get('/api/apis-authz/auth/user/isBindAccount?provider=wechat', holder.token)).json().data).toBe(true);

    const ticket = await t.app.inject({
      method: 'GET',
      url: `/api/apis-authz/oauth/ticket?ticket=${params.ticket}`,
      headers: { ...en, cookie },
    });
    expect(ticket.json().data.boundAccount).toBe(maskAccount(holder.account));
    expect(maskAccount(holder.account)).toMatch(/^us\*\*\*\d$/);
    expect(translate('oauth.boundElsewhere', 'en', { provider: 'WeChat', account: 'us***1' })).toBe(
      'This WeChat account is already bound to another account (us***1)',
    );

    // Only the account that asked may confirm.
    const stranger = await signedInUser();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/oauth/transfer',
      payload: { ticket: params.ticket },
      headers: { ...as(stranger.token), cookie },
    });
    expect(refused.json().message).toBe('This binding request has expired or was already used: please scan again');

    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/oauth/transfer',
      payload: { ticket: params.ticket },
      headers: { ...as(taker.token), cookie },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await get('/api/apis-authz/auth/user/isBindAccount?provider=wechat', holder.token)).json().data).toBe(
      false,
    );
    expect((await get('/api/apis-authz/auth/user/isBindAccount?provider=wechat', taker.token)).json().data).toBe(true);

    const holderLog = (await get('/api/apis-authz/auth/user/getBindLog', holder.token)).json().data;
    expect(holderLog.list[0]).toMatchObject({
      action: 'transfer',
      actionName: 'Moved here',
      provider: 'wechat',
      account: taker.account,
      fromAccount: holder.account,
      byAccount: taker.account,
    });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['user_id', 'detail'])
      .where('action', '=', 'oauthTransfer')
      .executeTakeFirstOrThrow();
    expect(audit.user_id).toBe(taker.id);
    expect(fromJson(audit.detail)).toMatchObject({ provider: 'wechat', fromUserId: holder.id });
  });

  it('is refused to an administrator acting as another user', async () => {
    const admin = await buildUser(t.db.kysely, { superAdmin: true, roleIds: [5] });
    const target = await buildUser(t.db.kysely);
    const runAs = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/authz/runAs',
      payload: { userId: target.id },
      headers: as(await signIn(t.app, admin)),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/oauth/wechat/authorize/bind',
      payload: {},
      headers: as(runAs.json().data.token),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot bind outside accounts while acting as another user');
  });
});

describe('unbinding and the bind log', () => {
  it('unbinds, says when there is nothing to unbind, and logs who did what from where', async () => {
    const user = await signedInUser();
    nextWechatPerson();
    await bindFromAccountCentre(user.token);
    p.dingtalkPerson = { openId: 'o-dt-log', unionId: 'u-dt-log', nick: 'Ding' };
    await bindFromAccountCentre(user.token, 'dingtalk');

    expect((await get('/api/apis-authz/auth/user/unBindAccount?provider=wechat', user.token)).statusCode).toBe(200);
    const again = await get('/api/apis-authz/auth/user/unBindAccount?provider=wechat', user.token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This account is not bound to WeChat');
    expect((await get('/api/apis-authz/auth/user/unbind/dingtalk', user.token)).statusCode).toBe(200);
    const info = (await get('/api/apis-authz/auth/user/getBindInfo', user.token)).json().data;
    expect(info.map((b: { bound: boolean }) => b.bound)).toEqual([false, false]);

    const page = (await get('/api/apis-authz/auth/user/getBindLog?page=1&size=3', user.token)).json().data;
    expect(page.total).toBe(4);
    expect(page.list.map((e: { action: string; provider: string }) => `${e.action} ${e.provider}`)).toEqual([
      'unbind dingtalk',
      'unbind wechat',
      'bind dingtalk',
    ]);
    expect(page.list[0]).toMatchObject({
      byAccount: user.account,
      ip: '127.0.0.1',
      nickname: 'Ding',
      actionName: 'Unbound',
    });
    expect(page.list[2]).toMatchObject({ account: user.account, fromAccount: null, actionName: 'Bound' });
    const audits = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('user_id', '=', user.id)
      .where('action', 'like', 'oauth%')
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['oauthBind', 'oauthBind', 'oauthUnbind', 'oauthUnbind']);
  });

  it('refuses a provider it does not know', async () => {
    const user = await signedInUser();
    const res = await get('/api/apis-authz/auth/user/unBindAccount?provider=qq', user.token);
    expect(res.json()).toMatchObject({
      code: 400,
      data: [{ field: 'provider', msg: 'must be one of: wechat, dingtalk' }],
    });
  });
});
