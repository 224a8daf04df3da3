import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { png } from '../../server/test/files.ts';
import { screenshot, visit } from './browser.ts';
import { campusSchool } from './campus-walks.ts';
import { mindApi, mindTitle, mindUser, openMind } from './mind-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();
const SCHOOL_ADMIN = 2;
const wall = { viewport: { width: 1920, height: 1080 } };
const laptop = { viewport: { width: 1366, height: 768 } };

const api = <T>(path: string, token: string, body?: unknown) => mindApi<T>(suite.server.url, path, token, body);

/** A headline figure on the wall, once it reads exactly `value`. */
const figure = (page: Page, testId: string, value: number) =>
  page
    .getByTestId(`${testId}-value`)
    .filter({ hasText: new RegExp(`^${value}$`) })
    .waitFor();

describe('the security-warning cockpit (issue 21)', () => {
  it('shows the fight and the fall a campus box reports, as the alert list counts them, and nothing to another school', async () => {
    const { admin, schoolId, device } = await campusSchool(suite.server);
    // A camera and a terminal of the school. The camera's simulated box, over real HTTP and signed with the device's
    // secret, is alive and reports a fight and a fall.
    const { box } = await device('教学楼东侧摄像头', '教学楼东侧楼梯', { namesSchool: true });
    await device('操场终端', '操场', { kind: 'terminal' });
    expect((await box.heartbeat()).status).toBe(200);
    for (const type of ['fight', 'fall'] as const) {
      const reported = await box.report({ type, snapshot: png(160, 120) });
      expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    }
    const listed = await api<{ total: number }>('apis-psychology/securityWarning/list?size=1', admin.token);
    expect(listed.total).toBe(2);

    const { page, problems, close } = await visit(suite.browser, wall);
    await openMind(page, suite.server.url, '/securityScreen', admin.token);
    await figure(page, 'kpi-today', listed.total);
    await figure(page, 'kpi-week', listed.total);
    await figure(page, 'kpi-open', listed.total);
    await figure(page, 'kpi-online', 1);
    await figure(page, 'kpi-offline', 1);
    const feed = page.getByTestId('feed-table');
    await feed.locator('tr', { hasText: '摔倒' }).getByText('待处理').waitFor();
    await feed.locator('tr', { hasText: '打架' }).getByText(`${admin.orgName} · 教学楼东侧楼梯`).waitFor();
    await page.getByTestId('open-states').locator('tr', { hasText: '待处理' }).getByText('2').waitFor();
    await page.getByTestId('open-holders').getByText('学校待处置（未转交）').waitFor();
    await page.getByTestId('devices-table').locator('tr', { hasText: '终端' }).getByText('1').waitFor();
    for (const card of ['card-types', 'card-trend']) await page.getByTestId(card).locator('canvas').waitFor();
    // Solved nothing yet: the mean time to solve is a dash, not a zero.
    await page.getByTestId('kpi-solve-value').filter({ hasText: /^—$/ }).waitFor();
    expect(await page.title()).toBe(mindTitle('securityScreen'));
    await screenshot(page, 'securityscreen-wall-zh');

    await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
    await page.reload();
    await page.getByRole('heading', { name: 'Security-warning cockpit' }).waitFor();
    await feed.locator('tr', { hasText: 'Fall' }).getByText('New').waitFor();
    await page.getByTestId('card-types').locator('canvas').waitFor();
    await screenshot(page, 'securityscreen-wall-en');
    await page.setViewportSize(laptop.viewport);
    await page.getByTestId('card-trend').locator('canvas').waitFor();
    await screenshot(page, 'securityscreen-laptop-en');
    expect(unexpected(problems)).toEqual([]);
    await close();

    // Another school's administrator: their own wall is empty and says so; this school's is refused in words.
    const other = await mindUser(suite.server, { roleId: SCHOOL_ADMIN });
    const elsewhere = await visit(suite.browser, wall);
    await openMind(elsewhere.page, suite.server.url, '/securityScreen', other.token);
    await figure(elsewhere.page, 'kpi-today', 0);
    await elsewhere.page.getByTestId('card-feed').getByText('还没有行为预警').waitFor();
    await elsewhere.page.getByTestId('card-devices').getByText('还没有登记摄像头或终端').waitFor();
    await screenshot(elsewhere.page, 'securityscreen-other-school-zh');
    await openMind(elsewhere.page, suite.server.url, `/securityScreen?schoolId=${schoolId}`, other.token);
    await elsewhere.page
      .getByTestId('card-feed')
      .getByText('该学校不在您的数据范围内，请选择您管辖的学校', { exact: false })
      .waitFor();
    expect(await elsewhere.page.getByTestId('mind-screen').innerText()).not.toContain('教学楼东侧楼梯');
    await screenshot(elsewhere.page, 'securityscreen-refused-zh');
    // The refused calls are the point: each card says why in words.
    expect(unexpected(elsewhere.problems, /HTTP 403: .*screen\/security\//, /status of 403/)).toEqual([]);
    await elsewhere.close();
  });
});
