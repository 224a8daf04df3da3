import { describe, expect, it } from 'vitest';
import { DATA_CHILDREN, DATA_REDIRECTS, routeName, SCREENS } from '../src/mind/shell/routeTable.ts';

import { screenshot, visit } from './browser.ts';
import { goInApp, mindEn, mindTitle, mindUser, openMind } from './mind-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();

/** The built children of /data and what each shows; every other child shows the coming page. */
const BUILT_TEST_IDS: Record<string, string> = {
  home: 'mind-home',
  allStudent: 'all-student-page',
  accountBindManage: 'account-bind-page',
  equipmentManage: 'equipment-page',
  securityWarning: 'security-warning-page',
  intervene: 'warning-list-page',
  earlyWarningIntervention: 'student-warnings',
  lastWarningLevel: 'last-level-page',
  interview: 'interview-page',
  returnVisit: 'returnVisit-page',
  attentionReminder: 'attention-page',
  reminderConfiguration: 'reminder-page',
  reminderConfigurationManagement: 'reminder-log-page',
  activityManage: 'activity-page',
  signature: 'signing-page',
};

/** `growthRecord/:userId` → `growthRecord/42`: an address a user would open. */
const addressOf = (path: string) => `/data/${path.replace(':userId', '42')}`;

describe('Mind routes and titles (spec section 2)', () => {
  it('redirects / to /data/home and /data to /data/homeVisitTaskConfig', async () => {
    const user = await mindUser(suite.server);
    const { page, problems, close } = await visit(suite.browser);
    try {
      await openMind(page, suite.server.url, '/', user.token);
      await page.getByTestId('mind-home').waitFor();
      expect(new URL(page.url()).pathname).toBe('/jdp/data/home');
      await expect.poll(() => page.title()).toBe(mindTitle('home'));
      await page.goto(`${suite.server.url}/jdp/data`);
      await page.waitForURL((url) => url.pathname === '/jdp/data/homeVisitTaskConfig');
      await expect.poll(() => page.title()).toBe(mindTitle('homeVisitTaskConfig'));
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('renders every child of /data inside the layout with its title, scrolled to the top', async () => {
    const user = await mindUser(suite.server);
    const { page, problems, close } = await visit(suite.browser);
    try {
      await openMind(page, suite.server.url, '/data/home', user.token);
      await page.getByTestId('mind-home').waitFor();
      for (const path of DATA_CHILDREN) {
        // A child that leads to another page (DATA_REDIRECTS) shows that page and its title.
        const name = DATA_REDIRECTS[routeName(path)] ?? routeName(path);
        // Scrolled down on the page before: the next one must start at its top.
        // (Set again until it holds: the page before may still be laying out what it loaded.)
        await expect
          .poll(
            () =>
              page.evaluate(() => {
                document.body.style.minHeight = '3000px';
                window.scrollTo(0, 800);
                return window.scrollY;
              }),
            { message: path },
          )
          .toBe(800);
        await goInApp(page, addressOf(path));
        await expect.poll(() => page.title(), { message: path }).toBe(mindTitle(name));
        // A page named here must show its own content; any other, built or coming, its title in the
        // layout, and never the crash screen.
        const own = BUILT_TEST_IDS[name];
        if (own) await page.getByTestId('mind-layout').getByTestId(own).waitFor();
        else await page.getByTestId('mind-layout').getByTestId('mind-title').waitFor();
        expect(await page.getByTestId('crash').count(), path).toBe(0);
        await expect
          .poll(() => page.getByTestId('mind-title').textContent(), { message: path })
          .toBe(mindTitle(name).split(' - ')[0]);
        await expect.poll(() => page.evaluate(() => window.scrollY), { message: path }).toBe(0);
      }
      await page.evaluate(() => {
        document.body.style.minHeight = '';
      });
      await screenshot(page, 'mind-coming-zh-CN');
      // The `{userId}` routes are opened for a student who does not exist: their calls answer 404.
      const notFound = (p: string) => p.includes('404');
      expect(unexpected(problems).filter((p) => !notFound(p))).toEqual([]);
    } finally {
      await close();
    }
  });

  it('gives every top-level route and dashboard its title, in Chinese and English', async () => {
    const user = await mindUser(suite.server);
    const { page, problems, close } = await visit(suite.browser);
    try {
      await openMind(page, suite.server.url, '/pending', user.token);
      await page.getByTestId('todo-page').waitFor();
      await expect.poll(() => page.title()).toBe(mindTitle('pending'));
      for (const name of SCREENS) {
        await goInApp(page, `/${name}`);
        await page.getByTestId('mind-screen').waitFor();
        await expect.poll(() => page.title(), { message: name }).toBe(mindTitle(name));
      }
      await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
      // Every data page is built now (issue 26): the video playback reads its English title.
      await page.goto(`${suite.server.url}/jdp/data/hk`);
      await page.getByTestId('mind-title').getByText(mindEn.route.hk).waitFor();
      await expect.poll(() => page.title()).toBe(mindTitle('hk', 'en'));
      for (const name of ['accountCenter', 'welcomeHome', 'schoolWarning']) {
        await goInApp(page, `/${name}`);
        await expect.poll(() => page.title(), { message: name }).toBe(mindTitle(name, 'en'));
      }
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });
});
