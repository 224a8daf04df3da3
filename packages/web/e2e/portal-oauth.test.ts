import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ProviderStandIn,
  standInEnv,
  startProviderStandIn,
} from '../../server/src/portal/oauth/provider-stand-in.ts';
import { buildUser } from '../../server/test/factories.ts';
import { launchBrowser, screenshot, visit } from './browser.ts';
import { type PortalServer, startPortalServer } from './portal-server.ts';
import { storedSession, unexpected } from './portal-walks.ts';

let provider: ProviderStandIn;
let server: PortalServer;
let browser: Browser;

beforeAll(async () => {
  // WeChat and DingTalk are a local server that speaks their side of the OAuth exchange.
  provider = await startProviderStandIn();
  server = await startPortalServer(standInEnv(provider.url));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await provider?.close();
});

describe('signing in with WeChat', () => {
  it('binds a new WeChat account with a password once, then signs in with the scan alone', async () => {
    const user = await buildUser(server.db, { roleIds: [10] });
    provider.wechatPerson = { openid: 'o-wang-1', nickname: '王工' };
    const { page, problems, close } = await visit(browser);
    try {
      await page.goto(`${server.url}/login`);
      await page.getByTestId('provider-wechat').click();
      const bind = page.getByTestId('bind-page');
      await bind.getByText('绑定微信账号').waitFor();
      await bind.getByText('王工').waitFor();
      await screenshot(page, 'portal-bind-zh-CN');
      await bind.getByPlaceholder('用户名 / 手机号 / 邮箱').fill(user.account);
      await bind.getByPlaceholder('密码').fill(user.password);
      await bind.getByRole('button', { name: '登录并绑定' }).click();
      await page.getByTestId('portal-home').waitFor();

      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      await page.getByTestId('provider-wechat').click();
      await page.getByTestId('portal-home').waitFor();
      expect(JSON.parse((await storedSession(page)).local.userInfo ?? '{}').account).toBe(user.account);
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('says so when the person declines on WeChat', async () => {
    provider.decline = true;
    const { page, problems, close } = await visit(browser);
    try {
      await page.goto(`${server.url}/login`);
      await page.getByTestId('provider-wechat').click();
      await page.getByTestId('oauth-error').getByText('已取消微信授权').waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(unexpected(problems)).toEqual([]);
    } finally {
      provider.decline = false;
      await close();
    }
  });
});

describe('bound accounts in the account centre', () => {
  it('binds DingTalk, lists it in the bind log, and unbinds it', async () => {
    const user = await buildUser(server.db, { roleIds: [10] });
    provider.dingtalkPerson = { openId: 'd-li-1', nick: '李工' };
    const { page, problems, close } = await visit(browser);
    try {
      await page.goto(`${server.url}/login?target=${encodeURIComponent('/accountCenter?tab=bindings')}`);
      await page.getByTestId('login-page').getByPlaceholder('用户名 / 手机号 / 邮箱').fill(user.account);
      await page.getByTestId('login-page').getByPlaceholder('密码').fill(user.password);
      await page.getByTestId('sign-in').click();
      const dingtalk = page.getByTestId('binding-dingtalk');
      await dingtalk.getByText('未绑定').waitFor();
      await dingtalk.getByRole('button', { name: /绑\s?定/ }).click();
      await page.getByText('已绑定钉钉').waitFor();
      await dingtalk.getByText(/李工 · 绑定于/).waitFor();
      await page.getByTestId('bind-log').getByText('钉钉').waitFor();
      expect(new URL(page.url()).search).toBe('?tab=bindings');
      await screenshot(page, 'portal-account-bound-zh-CN');

      await dingtalk.getByRole('button', { name: /解\s?绑/ }).click();
      await page
        .getByRole('tooltip')
        .getByRole('button', { name: /确\s?定|OK/ })
        .click();
      await page.getByText('已解绑钉钉').waitFor();
      await dingtalk.getByText('未绑定').waitFor();
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });
});
