import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/src/mind/demo/accounts.ts';
import { DEFAULT_DEMO_PASSWORD } from '../../server/src/portal/demo.ts';
import { buildUser } from '../../server/test/factories.ts';
import { startTestServer, type TestServer } from '../../server/test/server.ts';
import { launchBrowser, screenshot, visit } from './browser.ts';
import { tokenOf } from './mind-assess-world.ts';
import { mindTitle, openMind } from './mind-walks.ts';
import { unexpected } from './portal-walks.ts';

let server: TestServer;
let browser: Browser;
let schoolToken: string;
const wall = { viewport: { width: 1920, height: 1080 } };

/** A PHQ-9 sheet: every item at `value`, item 9 as given (D on item 9 raises a red warning). */
const phq = (value: string, item9 = 'A') =>
  Object.fromEntries(Array.from({ length: 9 }, (_, i) => [String(i + 1), i === 8 ? item9 : value]));

async function api<T>(path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-authorization': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { code: number; data: T };
  if (json.code !== 200) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * A round of assessments in demo_school's school: the school publishes PHQ-9 to one of its classes,
 * and three students answer on H5 (one with thoughts of self-harm, which opens a red warning).
 */
async function assessmentRound() {
  const db = server.db;
  const admin = await db
    .selectFrom('users')
    .select('dept_id')
    .where('account', '=', demoAccount('school').account)
    .executeTakeFirstOrThrow();
  const klass = await db
    .selectFrom('students')
    .select(['org_id'])
    .where('school_id', '=', Number(admin.dept_id))
    .groupBy('org_id')
    .having((eb) => eb.fn.countAll(), '>=', 3)
    .orderBy('org_id')
    .executeTakeFirstOrThrow();
  const students = await db
    .selectFrom('students')
    .select('id')
    .where('org_id', '=', klass.org_id)
    .orderBy('id')
    .limit(3)
    .execute();
  const scale = await db
    .selectFrom('scales')
    .select('id')
    .where('code', '=', 'PHQ-9')
    .where('owner_org_id', 'is', null)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const task = await api<{ id: number }>('apis-psychology/survey/record/createTask', schoolToken, {
    name: 'School screen walk screening',
    scaleIds: [scale.id],
    targets: { schoolIds: [], gradeIds: [], classIds: [klass.org_id], studentIds: [], teacherUserIds: [] },
    startsAt: now - 3_600_000,
    endsAt: now + 86_400_000,
  });
  await api('apis-psychology/survey/task/publish', schoolToken, { id: task.id });
  for (const [n, student] of students.entries()) {
    const user = await buildUser(db, { roleIds: [], identityId: 2, orgId: klass.org_id });
    await db.updateTable('students').set({ user_id: user.id }).where('id', '=', student.id).execute();
    const token = await tokenOf(server.url, user);
    await api('apis-psychology/h5/survey/submit', token, {
      taskId: task.id,
      scaleId: scale.id,
      answers: n === 0 ? phq('C', 'D') : phq('A'),
    });
  }
}

beforeAll(async () => {
  server = await startTestServer({ DEMO_DATA: 'on' });
  browser = await launchBrowser();
  schoolToken = await tokenOf(server.url, {
    id: 0,
    account: demoAccount('school').account,
    password: DEFAULT_DEMO_PASSWORD,
  });
  await assessmentRound();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Waits for a figure tile to read `value`: the screen's figures arrive by their own calls. */
const figure = (page: Page, testId: string, value: number) =>
  page
    .getByTestId(`${testId}-value`)
    .filter({ hasText: new RegExp(`^${value}$`) })
    .waitFor();

describe('the school screens, as demo_school after a round of assessments', () => {
  it('publishes the school screen through a link that opens without signing in, and revokes it', async () => {
    const results = await api<{ total: number }>('apis-psychology/survey/record/query', schoolToken, {
      page: 1,
      size: 1,
    });
    const warnings = await api<{ total: number }>('apis-psychology/warning/page', schoolToken);
    expect(results.total).toBeGreaterThanOrEqual(3);

    const admin = await visit(browser);
    await openMind(admin.page, server.url, '/schoolScreen', schoolToken);
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
    const viewer = await visit(browser, wall);
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
    const gauge = await api<{ total: number; open: number }>('apis-psychology/warning/gauge', schoolToken);
    const tasks = await api<{ list: unknown[] }>('apis-psychology/screen/school/tasks', schoolToken);
    expect(gauge.total).toBeGreaterThanOrEqual(1);
    const { page, problems, close } = await visit(browser, wall);
    await openMind(page, server.url, '/schoolWarningScreen', schoolToken);
    await figure(page, 'kpi-warnings', gauge.total);
    await figure(page, 'kpi-open', gauge.open);
    for (const card of ['card-stages', 'card-grades', 'card-trend'])
      await page.getByTestId(card).locator('canvas').waitFor();
    await page.getByTestId('levels-table').waitFor();
    expect(await page.title()).toBe(mindTitle('schoolWarningScreen'));
    await screenshot(page, 'mind-school-warning-screen-zh');

    await openMind(page, server.url, '/manageScreen', schoolToken);
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
});
