import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/src/mind/demo/accounts.ts';
import { launchBrowser, screenshot, visit } from './browser.ts';
import { openMind } from './mind-walks.ts';
import { type PortalServer, startPortalServer } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const PASSWORD = 'Demo#2026';
const WEB = path.join(import.meta.dirname, '../src');

/**
 * The message keys the web asks its catalogues for: every literal `t('a.b')`, and the fixed start
 * of every built one (`t(\`warn.state.${state}\`)`). A word on screen that is one of them is a key
 * the catalogue did not have at that moment.
 */
function catalogueKeys(): { keys: Set<string>; prefixes: string[] } {
  const keys = new Set<string>();
  const prefixes = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
        const source = fs.readFileSync(file, 'utf8');
        for (const m of source.matchAll(/\bt\(\s*'(?:\w+:)?([a-zA-Z]+\.[\w.]+)'/g)) keys.add(m[1] ?? '');
        for (const m of source.matchAll(/\bt\(\s*`(?:\w+:)?([a-zA-Z]+\.[\w.]*\.)\$\{/g)) prefixes.add(m[1] ?? '');
      }
    }
  };
  for (const front of ['mind', 'shared']) walk(path.join(WEB, front));
  return { keys, prefixes: [...prefixes] };
}

const { keys, prefixes } = catalogueKeys();
const rawKeysIn = (text: string) =>
  [...text.matchAll(/\b[a-z][a-zA-Z]*(?:\.[a-zA-Z0-9]+)+\b/g)]
    .map((m) => m[0])
    .filter((word) => keys.has(word) || prefixes.some((prefix) => word.startsWith(prefix)));

let server: PortalServer;
let browser: Browser;
beforeAll(async () => {
  server = await startPortalServer({ DEMO_DATA: 'on', DEMO_PASSWORD: PASSWORD });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function tokenOf(account: string): Promise<string> {
  const response = await fetch(`${server.url}/api/apis-authz/authz/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: PASSWORD }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`sign-in of ${account} failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

interface MenuItem {
  appName: string;
  publishUrl: string;
}

async function menuOf(token: string): Promise<MenuItem[]> {
  const response = await fetch(`${server.url}/api/apis-portal/app/getAppMenu?appCode=mind`, {
    headers: { 'x-authorization': token, 'accept-language': 'zh-CN' },
  });
  const body = (await response.json()) as { data: Array<{ list: MenuItem[] }> };
  return body.data.flatMap((group) => group.list);
}

/** Waits until no call of the page is in flight and nothing spins, two frames after the last call. */
async function settled(page: Page, inFlight: () => number, pending: () => string[]): Promise<void> {
  const spinning = () =>
    page.evaluate(
      () =>
        new Promise<number>((done) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              done(document.querySelectorAll('.ant-spin-spinning, .ant-skeleton, [data-testid="page-loading"]').length),
            ),
          ),
        ),
    );
  await expect
    .poll(async () => inFlight() === 0 && (await spinning()) === 0 && inFlight() === 0, {
      timeout: 15_000,
      interval: 50,
    })
    .toBe(true)
    .catch(async (error: unknown) => {
      throw new Error(`not settled: ${await spinning()} spinning, pending ${pending().join(', ')}`, { cause: error });
    });
}

describe('every built Mind page, through the sidebar the server gives each demo role', () => {
  it('opens a working page for every item of every role, in words, without a failed call', async () => {
    // One page for all roles, one after the other: the bundles load once.
    const { page, problems, close } = await visit(browser);
    const inFlight = new Set<unknown>();
    page.on('request', (request) => inFlight.add(request));
    page.on('requestfinished', (request) => inFlight.delete(request));
    page.on('requestfailed', (request) => inFlight.delete(request));
    const found: string[] = [];
    let pages = 0;
    try {
      for (const demo of DEMO_ACCOUNTS) {
        const token = await tokenOf(demo.account);
        const items = (await menuOf(token)).filter((item) => item.publishUrl.includes('/jdp/data/'));
        expect(items.length, demo.account).toBeGreaterThan(5);
        await openMind(page, server.url, '/data/home', token);
        await page.getByTestId('mind-home').waitFor();
        const sidebar = page.getByTestId('mind-sidebar');
        const walk = [{ appName: '首页', publishUrl: '/jdp/data/home' }, ...items];
        for (const [n, item] of walk.entries()) {
          const entry = sidebar.locator('li.ant-menu-item').filter({ hasText: new RegExp(`^${item.appName}$`) });
          // The last item is clicked as a person would (nothing may cover it: the collapse trigger
          // once did); the others take the click straight away, which halves the walk under load.
          await (n === walk.length - 1 ? entry.click() : entry.dispatchEvent('click'));
          await page.waitForURL((url) => url.pathname === item.publishUrl);
          await settled(
            page,
            () => inFlight.size,
            () => [...inFlight].map(String),
          );
          pages++;
          const where = `${demo.account} ${item.publishUrl}`;
          if ((await page.getByTestId('mind-coming').count()) > 0) found.push(`${where}: a "coming" page`);
          for (const key of rawKeysIn(await page.locator('body').innerText())) found.push(`${where}: raw key ${key}`);
          for (const problem of unexpected(problems.splice(0))) found.push(`${where}: ${problem}`);
          if (item.publishUrl === '/jdp/data/home') await screenshot(page, `mind-every-page-home-${demo.key}`);
        }
      }
      expect(found).toEqual([]);
      expect(pages).toBeGreaterThan(60);
    } finally {
      await close();
    }
  }, 150_000);
});
