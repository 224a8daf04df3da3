import { describe, expect, it } from 'vitest';
import { screenshot, visit } from './browser.ts';
import { figure, screensWorld, wall } from './mind-screens-world.ts';
import { mindTitle, openMind } from './mind-walks.ts';
import { unexpected } from './portal-walks.ts';

const world = screensWorld('school', 'School screen walk screening');

describe('the school screens, as demo_school after a round of assessments', () => {
  it('publishes the school screen through a link that opens without signing in, and revokes it', async () => {
    const results = await world.api<{ total: number }>('apis-psychology/survey/record/query', world.token, {
      page: 1,
      size: 1,
    });
    const warnings = await world.api<{ total: number }>('apis-psychology/warning/page', world.token);
    expect(results.total).toBeGreaterThanOrEqual(3);

    const admin = await visit(world.browser);
    await openMind(admin.page, world.server.url, '/schoolScreen', world.token);
    await admin.page.getByTestId('screen-links').waitFor();
    await admin.page.getByText('还没有发布过链接').waitFor();
    await admin.page.getByPlaceholder('如：一楼大厅屏幕').fill('一楼大厅屏幕');
    await admin.page.getByTestId('link-create').click();
    const address = (await admin.page.getByTestId('link-address').innerText()).trim();
    expect(address).toContain('/jdp/schoolScreen#link=');
    await admin.page.getByTestId('links-table').getByText('一楼大厅屏幕').waitFor();
    await admin.page.getByTestId('links-table').getByText('有效', { exact: true }).waitFor();
    await screenshot(admin.page, 'mind-school-screen-links');

    // A fresh browser, nobody signed in: the wall shows the school's aggregates and no name.
    const viewer = await visit(world.browser, wall);
    await viewer.page.goto(address);
    await figure(viewer.page, 'kpi-results', results.total);
    await figure(viewer.page, 'kpi-warnings', warnings.total);
    await viewer.page.getByTestId('card-bands').locator('canvas').waitFor();
    await viewer.page.getByTestId('card-warnings').locator('canvas').waitFor();
    await viewer.page.getByTestId('card-trend').locator('canvas').waitFor();
    await viewer.page.getByTestId('school-name').getByText('示范区实验小学').waitFor();
    expect(await viewer.page.title()).toBe(mindTitle('schoolScreen'));
    expect(await viewer.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(viewer.page, 'mind-school-screen-wall-zh');
    await viewer.page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
    await viewer.page.reload();
    await viewer.page.getByRole('heading', { name: 'School screen' }).waitFor();
    await figure(viewer.page, 'kpi-results', results.total);
    await viewer.page.getByTestId('card-trend').locator('canvas').waitFor();
    await screenshot(viewer.page, 'mind-school-screen-wall-en');
    await viewer.page.setViewportSize({ width: 1366, height: 768 });
    await viewer.page.getByTestId('card-bands').locator('canvas').waitFor();
    await screenshot(viewer.page, 'mind-school-screen-wall-laptop');

    // Revoked: the same address now says so, in words.
    await admin.page
      .getByTestId('links-table')
      .getByRole('button', { name: /撤\s*销/ })
      .click();
    await admin.page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /OK|确\s*定/ })
      .click();
    await admin.page.getByTestId('links-table').getByText('已撤销', { exact: true }).waitFor();
    await viewer.page.reload();
    await viewer.page
      .getByTestId('screen-link-refused')
      .getByText('The school has revoked this screen link; ask the school for a new one')
      .waitFor();
    await screenshot(viewer.page, 'mind-school-screen-revoked');
    expect(unexpected(admin.problems)).toEqual([]);
    // The refused calls are the point: the wall says why in words.
    expect(unexpected(viewer.problems, /HTTP 403: .*screen\/public\//, /status of 403/)).toEqual([]);
    await admin.close();
    await viewer.close();
  });

  it('opens the school warning screen and the management screen for the signed-in admin', async () => {
    const gauge = await world.api<{ total: number; open: number }>('apis-psychology/warning/gauge', world.token);
    const tasks = await world.api<{ list: unknown[] }>('apis-psychology/screen/school/tasks', world.token);
    expect(gauge.total).toBeGreaterThanOrEqual(1);
    const { page, problems, close } = await visit(world.browser, wall);
    await openMind(page, world.server.url, '/schoolWarningScreen', world.token);
    await figure(page, 'kpi-warnings', gauge.total);
    await figure(page, 'kpi-open', gauge.open);
    for (const card of ['card-stages', 'card-grades', 'card-trend'])
      await page.getByTestId(card).locator('canvas').waitFor();
    await page.getByTestId('levels-table').waitFor();
    expect(await page.title()).toBe(mindTitle('schoolWarningScreen'));
    await screenshot(page, 'mind-school-warning-screen-zh');

    await openMind(page, world.server.url, '/manageScreen', world.token);
    await figure(page, 'kpi-tasks', tasks.list.length);
    await figure(page, 'kpi-open', gauge.open);
    await page.getByTestId('tasks-table').getByText('School screen walk screening').waitFor();
    await page.getByTestId('card-handling').locator('canvas').waitFor();
    await page.getByTestId('card-trend').locator('canvas').waitFor();
    expect(await page.title()).toBe(mindTitle('manageScreen'));
    await screenshot(page, 'mind-manage-screen-zh');
    await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
    await page.reload();
    await page.getByRole('heading', { name: 'Management screen' }).waitFor();
    await page.getByTestId('card-trend').locator('canvas').waitFor();
    await screenshot(page, 'mind-manage-screen-en');
    expect(unexpected(problems)).toEqual([]);
    await close();
  });

  it('the welcome page opens on a phone without signing in, with the help line and the ways in', async () => {
    const { page, problems, close } = await visit(world.browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    await page.goto(`${world.server.url}/jdp/welcomeHome`);
    await page.getByTestId('welcome-home').getByRole('heading', { name: '暖心老师 · 贴心朋友' }).waitFor();
    await page.getByTestId('welcome-hotline').getByRole('link', { name: '12356' }).waitFor();
    await page.getByRole('link', { name: '学生入口（手机）' }).waitFor();
    expect(await page.title()).toBe(mindTitle('welcomeHome'));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'screens2-welcome-phone-zh');
    await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
    await page.reload();
    await page.getByRole('heading', { name: 'Warm teacher, smart friend' }).waitFor();
    await screenshot(page, 'screens2-welcome-phone-en');
    expect(unexpected(problems)).toEqual([]);
    await close();
  });
});
