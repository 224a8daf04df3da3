import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { startTestServer } from '../../server/test/server.ts';
import { desktop, launchBrowser, phone, screenshot, visit } from './browser.ts';

interface Entry {
  name: string;
  address: string;
  /** Who the address hands a token to: the administrator, or a new staff member of Mind (class teacher). */
  signedIn?: 'admin' | 'staff';
  testId: string;
  chinese: { text: string; title: string };
  english: { text: string; title: string };
  device: typeof desktop;
}

const entries: Entry[] = [
  {
    // A visitor's first page of the portal is its sign-in (the launcher needs a session).
    name: 'portal',
    address: '/',
    testId: 'login-page',
    chinese: { text: '欢迎登录', title: '登录 - Meridian 统一门户' },
    english: { text: 'Use your Meridian account for Device Cloud and Mind', title: 'Sign in - Meridian Portal' },
    device: desktop,
  },
  {
    // Device Cloud opens for a signed-in user only: the address hands it a token, as single sign-on does.
    name: 'iot',
    address: '/iot/',
    signedIn: 'admin',
    testId: 'iot-home',
    chinese: { text: '欢迎使用设备云', title: '首页 - 设备云' },
    english: { text: 'Welcome to Device Cloud', title: 'Home - Device Cloud' },
    device: desktop,
  },
  {
    // Mind opens for a signed-in user only; a new one, since the administrator's language changed above.
    name: 'mind',
    address: '/jdp/data/home',
    signedIn: 'staff',
    testId: 'mind-home',
    chinese: { text: '这里是您今天要关注的事', title: '首页 - 心理健康管理平台' },
    english: { text: 'What needs you today', title: 'Home - Mind' },
    device: desktop,
  },
  {
    // H5 signs its students in itself (issue 8); a signed-in account with nothing assigned sees the empty list.
    name: 'h5',
    address: '/h5/tasks',
    signedIn: 'staff',
    testId: 'h5-home',
    chinese: { text: '暂时没有待完成的任务', title: '我的任务 - Meridian 移动端' },
    english: { text: 'Nothing waiting for you', title: 'My tasks - Meridian Mobile' },
    device: phone,
  },
];

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

const ADMIN_PASSWORD = 'Admin#2026';

beforeAll(async () => {
  server = await startTestServer({ ADMIN_PASSWORD });
  browser = await launchBrowser();
});

/** A token of the first administrator, signed in through the API. */
async function adminToken(): Promise<string> {
  const response = await fetch(`${server.url}/api/apis-authz/authz/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: ADMIN_PASSWORD }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** A token of a new Mind staff member. */
async function staffToken(): Promise<string> {
  const user = await buildUser(server.db);
  const response = await fetch(`${server.url}/api/apis-authz/authz/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: user.account, password: user.password }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** `address` with a token in its query when the entry needs a session. */
async function addressOf(path: string, signedIn?: Entry['signedIn']): Promise<string> {
  if (!signedIn) return server.url + path;
  const url = new URL(server.url + path);
  url.searchParams.set('token', signedIn === 'admin' ? await adminToken() : await staffToken());
  return url.toString();
}

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.each(entries)('the $name entry', (entry) => {
  it('opens in Chinese, switches to English, and remembers it after a reload', async () => {
    const { page, problems, close } = await visit(browser, entry.device);
    try {
      const response = await page.goto(await addressOf(entry.address, entry.signedIn));
      expect(response?.status()).toBe(200);
      const root = page.getByTestId(entry.testId);
      await root.getByText(entry.chinese.text).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
      await expect.poll(() => page.title()).toBe(entry.chinese.title);
      await screenshot(page, `${entry.name}-zh-CN`);

      await page.getByTestId('lang-switch').getByText('English').click();
      await root.getByText(entry.english.text).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      // The choice is also saved to the account (signed-in apps): let that call finish before reloading.
      await page.waitForLoadState('networkidle');
      await page.reload();
      await root.getByText(entry.english.text).waitFor();
      await expect.poll(() => page.title()).toBe(entry.english.title);
      await screenshot(page, `${entry.name}-en`);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the portal', () => {
  it('shows the version and database engine the server reports on its sign-in page', async () => {
    const { page, problems, close } = await visit(browser);
    try {
      await page.goto(server.url);
      const status = page.getByTestId('system-status');
      await status.getByText('运行正常').waitFor();
      const engine = process.env.TEST_ENGINE === 'postgres' ? 'PostgreSQL' : 'SQLite';
      expect(await status.textContent()).toMatch(new RegExp(`版本 0\\.0\\.0-test.*数据库 ${engine}`));
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('addresses', () => {
  it('serves a deep link under each app with that app, and its own 404 for an unknown page', async () => {
    const { page, problems, close } = await visit(browser);
    try {
      const response = await page.goto(await addressOf('/iot/some/deep/link', 'admin'));
      expect(response?.status()).toBe(200);
      await page.getByTestId('iot-layout').getByTestId('not-found').waitFor();
      // The administrator chose English in an earlier walk, and the language follows the account.
      await page.getByTestId('not-found').getByRole('button').click();
      await page.getByTestId('iot-home').waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/iot\/?$/);
      // Every item of the menu opens a page: an area that has not shipped is not listed as "coming soon".
      const menu = page.getByTestId('iot-menu');
      await menu.locator('.ant-menu-submenu').first().waitFor();
      expect(await menu.locator('.ant-menu-item-disabled, .ant-menu-submenu-disabled').count()).toBe(0);
      expect(await menu.locator('.ant-menu-item-group').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it.each([
    ['/jdp/', '/jdp/data/home', 'mind-home'],
    ['/jdp', '/jdp/data/home', 'mind-home'],
    ['/h5/', '/h5/tasks', 'h5-home'],
  ])('sends %s to %s', async (from, to, testId) => {
    const { page, problems, close } = await visit(browser);
    try {
      // Mind and H5 need a session before they open a page.
      await page.goto(await addressOf(from, 'staff'));
      await page.getByTestId(testId).waitFor();
      expect(new URL(page.url()).pathname).toBe(to);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
