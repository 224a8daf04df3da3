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
let bureauToken: string;
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
 * A round of assessments in the demo district: the bureau publishes PHQ-9 to one class, and three
 * of its students answer on H5 (one of them with thoughts of self-harm, which opens a red warning).
 */
async function assessmentRound() {
  const db = server.db;
  const klass = await db
    .selectFrom('students')
    .select(['org_id'])
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
  const task = await api<{ id: number }>('apis-psychology/survey/record/createTask', bureauToken, {
    name: 'Screen walk screening',
    scaleIds: [scale.id],
    targets: { schoolIds: [], gradeIds: [], classIds: [klass.org_id], studentIds: [], teacherUserIds: [] },
    startsAt: now - 3_600_000,
    endsAt: now + 86_400_000,
  });
  await api('apis-psychology/survey/task/publish', bureauToken, { id: task.id });
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
  bureauToken = await tokenOf(server.url, {
    id: 0,
    account: demoAccount('bureau').account,
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

async function english(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
  await page.reload();
}

describe('the district screen, as demo_bureau after a round of assessments', () => {
  it('shows the figures the lists give, in Chinese and English, and a failed card keeps the rest', async () => {
    interface Schools {
      schools: { name: string; results: number }[];
      totals: { results: number; assigned: number; done: number };
    }
    const figures = await api<Schools>('apis-psychology/screen/school/queryList', bureauToken);
    const listed = await api<{ total: number }>('apis-psychology/survey/record/query', bureauToken, {
      page: 1,
      size: 1,
    });
    const gauge = await api<{ open: number }>('apis-psychology/warning/gauge', bureauToken);
    expect(figures.totals.results).toBe(listed.total);
    expect(figures.totals.results).toBe(3);
    expect(gauge.open).toBeGreaterThanOrEqual(1);

    const { page, problems, close } = await visit(browser, wall);
    await openMind(page, server.url, '/districtScreen', bureauToken);
    await figure(page, 'kpi-results', listed.total);
    await figure(page, 'kpi-open', gauge.open);
    await figure(page, 'kpi-schools', figures.schools.length);
    const school = figures.schools[0];
    if (!school) throw new Error('no school on the screen');
    await page.getByTestId('schools-table').getByText(school.name).waitFor();
    await page.getByTestId('card-bands').locator('canvas').waitFor();
    await page.getByTestId('card-warnings').locator('canvas').waitFor();
    expect(await page.title()).toBe(mindTitle('districtScreen'));
    await screenshot(page, 'mind-screen-district-zh');

    await english(page);
    await page.getByRole('heading', { name: 'District screen' }).waitFor();
    await figure(page, 'kpi-results', listed.total);
    await page.getByTestId('card-bands').locator('canvas').waitFor();
    await screenshot(page, 'mind-screen-district-en');

    // The warnings call fails: its card says so, the others keep their figures.
    await page.route('**/api/apis-psychology/warning/gauge**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":500,"message":"Internal error","data":null}',
      }),
    );
    await page.reload();
    await page.getByTestId('card-warnings-error').waitFor();
    await figure(page, 'kpi-results', listed.total);
    await page.getByTestId('schools-table').getByText(school.name).waitFor();
    await screenshot(page, 'mind-screen-district-failed-card');
    expect(unexpected(problems, /HTTP 500: .*warning\/gauge/, /status of 500/)).toEqual([]);
    await close();
  });

  it('the warning cockpit shows the open warnings by level and stage, and who holds them', async () => {
    const gauge = await api<{ open: number }>('apis-psychology/warning/gauge', bureauToken);
    const { page, problems, close } = await visit(browser, wall);
    await openMind(page, server.url, '/schoolWarning', bureauToken);
    await figure(page, 'kpi-open', gauge.open);
    await page.getByTestId('card-stages').locator('canvas').waitFor();
    await page.getByTestId('card-overdue-empty').waitFor();
    // The red warning is new: nobody has been named to handle it yet, and the cockpit says so first.
    await page
      .getByTestId('holders-table')
      .locator('tr', { hasText: '尚未指定处置人' })
      .getByText(String(gauge.open))
      .waitFor();
    await screenshot(page, 'mind-screen-cockpit-zh');
    await english(page);
    await page.getByRole('heading', { name: 'School warning-handling cockpit' }).waitFor();
    await page.getByTestId('card-stages').locator('canvas').waitFor();
    await screenshot(page, 'mind-screen-cockpit-en');
    // A laptop: the same wall, scaled down whole.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByTestId('card-stages').locator('canvas').waitFor();
    await screenshot(page, 'mind-screen-cockpit-laptop');
    expect(unexpected(problems)).toEqual([]);
    await close();
  });
});
