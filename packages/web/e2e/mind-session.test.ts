import { describe, expect, it } from 'vitest';
import { visit } from './browser.ts';
import { mindTitle, mindUser, openMind } from './mind-walks.ts';
import { portalSuite } from './portal-server.ts';
import { storedSession, unexpected } from './portal-walks.ts';

const suite = portalSuite();

describe('Mind session start (spec section 4)', () => {
  it('sends a visitor without a token to single sign-on with the address as target', async () => {
    const { page, problems, close } = await visit(suite.browser);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/authz/login/cas')) asked.push(request.url());
    });
    try {
      const address = `${suite.server.url}/jdp/data/hk?jgId=7`;
      await page.goto(address);
      await page.getByTestId('login-page').waitFor();
      expect(asked).toHaveLength(1);
      expect(new URL(asked[0] ?? '').searchParams.get('target')).toBe(address);
      const landed = new URL(page.url());
      expect(landed.pathname).toBe('/login');
      expect(landed.searchParams.get('target')).toBe(address);
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('stores a handed-over token, takes it out of the address bar, and keeps jgId, appId and corpId', async () => {
    const user = await mindUser(suite.server);
    const { page, problems, close } = await visit(suite.browser);
    const sent: Record<string, string>[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/apis-authz/auth/user/queryInfo')) sent.push(request.headers());
    });
    try {
      await page.goto(`${suite.server.url}/jdp/data/home?token=${user.token}&jgId=11&appId=22&corpId=33`);
      await page.getByTestId('mind-home').waitFor();
      const url = new URL(page.url());
      expect(url.pathname).toBe('/jdp/data/home');
      expect(url.searchParams.has('token')).toBe(false);
      expect(url.searchParams.get('jgId')).toBe('11');
      // Not in the history either: going back does not find the token.
      expect(await page.evaluate(() => window.location.href)).not.toContain(user.token);
      const { local, session } = await storedSession(page);
      expect(local.token).toBe(user.token);
      expect(session).toMatchObject({ jgId: '11', appId: '22', corpId: '33' });
      // Spec section 7: the token, a device id and no-cache headers on every call.
      expect(sent[0]).toMatchObject({
        'x-authorization': user.token,
        'x-device-id': local['meridian.deviceId'],
        'cache-control': 'no-cache',
        pragma: 'no-cache',
      });
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('sends identities 2 (student) and 3 (parent) to /noPermission', async () => {
    for (const identityId of [2, 3]) {
      const user = await mindUser(suite.server, { identityId });
      const { page, problems, close } = await visit(suite.browser);
      try {
        await openMind(page, suite.server.url, '/data/home', user.token);
        await page.getByTestId('mind-no-permission').waitFor();
        expect(new URL(page.url()).pathname).toBe('/jdp/noPermission');
        await expect.poll(() => page.title()).toBe(mindTitle('noPermission'));
        await page.getByText('当前身份无权使用心理健康管理平台').waitFor();
        expect(await page.getByTestId('mind-layout').count()).toBe(0);
        expect(unexpected(problems)).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it('sends a default password to the account center to change it, then back to where the user was going', async () => {
    const user = await mindUser(suite.server, { defaultPass: true });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await openMind(page, suite.server.url, '/data/hk', user.token);
      await page.getByTestId('account-center').waitFor();
      const url = new URL(page.url());
      expect(url.pathname).toBe('/jdp/accountCenter');
      expect(url.searchParams.get('target')).toBe(`${suite.server.url}/jdp/data/hk`);
      await expect.poll(() => page.title()).toBe(mindTitle('accountCenter'));
      // The shared account center in forced mode: only the password can be changed.
      const form = page.getByTestId('account-center');
      await form.getByLabel('当前密码（初始密码）').fill(user.password);
      await form.getByLabel('新密码').fill('Changed#2026');
      await form.getByLabel('确认密码').fill('Changed#2026');
      await page.getByTestId('change-password').click();
      // Changed: on to the page the user asked for, the new token handed over and taken out of the address.
      await page.getByTestId('mind-title').getByText('视频回放').waitFor();
      expect(page.url()).toBe(`${suite.server.url}/jdp/data/hk`);
      await expect.poll(() => page.title()).toBe(mindTitle('hk'));
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('confines identity 5 to the account center', async () => {
    const user = await mindUser(suite.server, { identityId: 5 });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await openMind(page, suite.server.url, '/data/hk', user.token);
      await page.getByTestId('account-center').waitFor();
      expect(new URL(page.url()).pathname).toBe('/jdp/accountCenter');
      for (const path of ['/data/home', '/pending', '/districtScreen']) {
        await page.goto(`${suite.server.url}/jdp${path}`);
        await page.getByTestId('account-center').waitFor();
        expect(new URL(page.url()).pathname).toBe('/jdp/accountCenter');
      }
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('opens the welcome, school screen and personal information pages without a session', async () => {
    const { page, problems, close } = await visit(suite.browser);
    try {
      for (const name of ['welcomeHome', 'schoolScreen', 'personalInformation']) {
        await page.goto(`${suite.server.url}/jdp/${name}`);
        // A screen's frame, or the welcome and personal information pages, pages of their own rather than walls.
        await page
          .locator('[data-testid="mind-screen"], [data-testid="welcome-home"], [data-testid="personal-information"]')
          .first()
          .waitFor();
        expect(new URL(page.url()).pathname).toBe(`/jdp/${name}`);
        await expect.poll(() => page.title()).toBe(mindTitle(name));
      }
      expect((await storedSession(page)).local.token).toBeUndefined();
      // A dashboard that needs the session still asks for it.
      await page.goto(`${suite.server.url}/jdp/districtScreen`);
      await page.getByTestId('login-page').waitFor();
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });
});
