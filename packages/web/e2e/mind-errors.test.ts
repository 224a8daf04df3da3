import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, visit } from './browser.ts';
import { mindUser, openMind } from './mind-walks.ts';
import { portalSuite } from './portal-server.ts';
import { storedSession } from './portal-walks.ts';

const suite = portalSuite();

const MENU = '**/api/apis-portal/app/getAppMenu**';
const PERMS = '**/api/apis-rbac/role/perms/current';

const answer = (status: number, body: unknown) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** Opens Mind's home with one call answered by `handler`, as a signed-in psychology teacher. */
async function homeWith(page: Page, pattern: string, handler: (route: Route) => Promise<void>): Promise<string> {
  const user = await mindUser(suite.server);
  await page.route(pattern, handler);
  await openMind(page, suite.server.url, '/data/home', user.token);
  return user.token;
}

describe('Mind request reactions (spec section 8)', () => {
  it('shows the server message as an error for a code other than 200', async () => {
    const { page, close } = await visit(suite.browser);
    try {
      await homeWith(page, MENU, answer(200, { code: 409, message: '菜单服务维护中', data: null }));
      await page.locator('.ant-message-error').getByText('菜单服务维护中').waitFor();
    } finally {
      await close();
    }
  });

  it('shows a 400 message and each item on its own line', async () => {
    const { page, close } = await visit(suite.browser);
    try {
      const items = [
        { field: 'schoolId', msg: '学校不能为空' },
        { field: 'gradeId', msg: '年级不能为空' },
      ];
      await homeWith(page, MENU, answer(400, { code: 400, message: '请求参数有误', data: items }));
      const notice = page.locator('.ant-notification-notice-error');
      await notice.getByText('请求参数有误').waitFor();
      const lines = await notice.locator('.ant-notification-notice-description > div').allTextContents();
      expect(lines).toEqual(['学校不能为空', '年级不能为空']);
    } finally {
      await close();
    }
  });

  it('clears the session and goes to single sign-on with the address as target on 10020-10029', async () => {
    const { page, close } = await visit(suite.browser);
    try {
      await page.context().addCookies([{ name: 'mind_session', value: '1', url: suite.server.url }]);
      await homeWith(page, MENU, answer(401, { code: 10021, message: '登录已过期，请重新登录', data: null }));
      await page.getByTestId('login-page').waitFor();
      const landed = new URL(page.url());
      expect(landed.pathname).toBe('/login');
      expect(landed.searchParams.get('target')).toBe(`${suite.server.url}/jdp/data/home`);
      const { local, session } = await storedSession(page);
      expect(local.token).toBeUndefined();
      expect(local.userInfo).toBeUndefined();
      expect(session).toEqual({});
      expect(await page.evaluate(() => document.cookie)).not.toContain('mind_session');
    } finally {
      await close();
    }
  });

  it('warns with the server message on HTTP 500, or "internal service error" without one', async () => {
    const { page, close } = await visit(suite.browser);
    try {
      await homeWith(page, MENU, answer(500, { code: 500, message: '数据库连接失败', data: null }));
      await page.locator('.ant-message-warning').getByText('数据库连接失败').waitFor();
      await page.unroute(MENU);
      await page.route(MENU, (route) =>
        route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>oops</h1>' }),
      );
      await page.reload();
      await page.locator('.ant-message-warning').getByText('服务器内部错误').waitFor();
    } finally {
      await close();
    }
  });

  it('shows a card that failed to load in place, with the server words and a retry that works', async () => {
    const { page, close } = await visit(suite.browser);
    try {
      const SUMMARY = '**/api/apis-psychology/home/summary**';
      await homeWith(page, SUMMARY, answer(500, { code: 500, message: '统计服务维护中', data: null }));
      const failed = page.getByTestId('mind-home').getByTestId('load-failed');
      await failed.getByText('数据加载失败').waitFor({ timeout: 20_000 });
      await failed.getByText('统计服务维护中').waitFor();
      await screenshot(page, 'mind-home-load-failed-zh-CN');
      await page.unroute(SUMMARY);
      await failed.getByRole('button', { name: /重\s?试/ }).click();
      await expect.poll(() => failed.count(), { timeout: 10_000 }).toBe(0);
      // A refusal answers the same the next time: its words, and no retry.
      await homeWith(page, SUMMARY, answer(403, { code: 403, message: '没有权限访问该数据', data: null }));
      await failed.getByText('没有权限访问该数据').waitFor({ timeout: 20_000 });
      expect(await failed.getByRole('button').count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('warns "network error, retry" when the network fails', async () => {
    const { page, close } = await visit(suite.browser);
    try {
      await homeWith(page, MENU, (route) => route.abort('failed'));
      await page.locator('.ant-message-warning').getByText('网络错误，请重试').waitFor({ timeout: 15_000 });
    } finally {
      await close();
    }
  });

  it('says "failed to get user identity" when the identity list cannot be had', async () => {
    const { page, close } = await visit(suite.browser);
    try {
      await homeWith(
        page,
        '**/api/apis-rbac/user/identity/list',
        answer(500, { code: 500, message: 'boom', data: null }),
      );
      await page.locator('.ant-message-error').getByText('获取用户身份失败').waitFor();
      // That failure speaks for itself: not a second, generic warning.
      expect(await page.getByText('boom').count()).toBe(0);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('account-who').getByText('暂无身份').waitFor();
    } finally {
      await close();
    }
  });
});

describe('the permission guard (spec section 6)', () => {
  /** Whether the home page's to-do list (code `todo`) shows once the permission entries answered. */
  async function todoShown(page: Page, entries: unknown): Promise<boolean> {
    await page.unroute(PERMS);
    if (entries !== null) await page.route(PERMS, answer(200, { code: 200, message: 'ok', data: entries }));
    const answered = page.waitForResponse((response) => response.url().endsWith('/role/perms/current'), {
      timeout: 45_000,
    });
    await page.reload({ waitUntil: 'commit' });
    await answered;
    await page.getByTestId('mind-home').waitFor();
    // Two frames after the answer: React has rendered what it decided.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    return (await page.getByTestId('mind-todo').count()) === 1;
  }

  it('shows an element when the entry for the current path grants its code or *, or a single * entry grants *', async () => {
    const { page, close } = await visit(suite.browser);
    try {
      const user = await mindUser(suite.server);
      await openMind(page, suite.server.url, '/data/home', user.token);
      // The psychology teacher's real entries: /data/home with *.
      expect(await todoShown(page, null)).toBe(true);
      expect(await todoShown(page, [{ path: '/data/home', perms: 'view,todo' }])).toBe(true);
      expect(await todoShown(page, [{ path: '*', perms: '*' }])).toBe(true);
    } finally {
      await close();
    }
  });

  it('removes an element whose code the entry for the current path does not grant', async () => {
    const { page, close } = await visit(suite.browser);
    try {
      const user = await mindUser(suite.server);
      await openMind(page, suite.server.url, '/data/home', user.token);
      expect(await todoShown(page, [{ path: '/data/home', perms: 'view' }])).toBe(false);
      expect(await todoShown(page, [{ path: '/data/report', perms: '*' }])).toBe(false);
      expect(await todoShown(page, [{ path: '*', perms: 'view' }])).toBe(false);
      expect(await todoShown(page, [])).toBe(false);
    } finally {
      await close();
    }
  });
});
