import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, visit } from './browser.ts';
import { figure, screensWorld, wall } from './mind-screens-world.ts';
import { mindTitle, openMind } from './mind-walks.ts';
import { unexpected } from './portal-walks.ts';

// The district overview by school stage (districtScreenGs) and the sub-district screen (districtScreenJd), decision 0125.
const world = screensWorld('bureau', 'District screens walk');

interface Schools {
  schools: { schoolId: number; name: string; results: number; openWarnings: number }[];
  totals: { results: number; warned: number };
  org?: { id: number; name: string };
}
interface Stages {
  stages: { stage: string; results: number; warned: number; warnings: number; open: number }[];
}

async function english(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
  await page.reload();
}

const STAGE_ZH: Record<string, string> = { primary: '小学', junior: '初中', senior: '高中', other: '其他年级' };

describe('the district overview and sub-district screens, as demo_bureau after a round of assessments', () => {
  it('shows the stages as the API counts them, and a sub-district only its own schools', async () => {
    const stages = await world.api<Stages>('apis-psychology/screen/district/stages', world.token);
    const district = await world.api<Schools>('apis-psychology/screen/school/queryList', world.token);
    const stageResults = stages.stages.reduce((n, s) => n + s.results, 0);
    expect(stageResults).toBe(district.totals.results);
    expect(district.totals.results).toBe(3);
    const assessed = stages.stages.find((s) => s.results > 0);
    if (!assessed) throw new Error('no stage with results');

    // The overview at 1920x1080: the headline figures and each stage's row.
    const { page, problems, close } = await visit(world.browser, wall);
    await openMind(page, world.server.url, '/districtScreenGs', world.token);
    await figure(page, 'kpi-results', district.totals.results);
    await figure(page, 'kpi-warned', district.totals.warned);
    await figure(page, 'kpi-schools', district.schools.length);
    const row = page.getByTestId('stages-table').locator('tr', { hasText: STAGE_ZH[assessed.stage] });
    await row.getByText(String(assessed.results), { exact: true }).first().waitFor();
    for (const card of ['card-stages', 'card-levels']) await page.getByTestId(card).locator('canvas').waitFor();
    expect(await page.title()).toBe(mindTitle('districtScreenGs'));
    await screenshot(page, 'screensgs-gs-zh');
    await english(page);
    await page.getByRole('heading', { name: 'District overview screen' }).waitFor();
    await page.getByTestId('stages-table').getByText('Primary', { exact: true }).waitFor();
    await page.getByTestId('card-stages').locator('canvas').waitFor();
    await screenshot(page, 'screensgs-gs-en');
    await page.evaluate(() => localStorage.setItem('meridian.lang', 'zh-CN'));

    // Without a sub-district the wall lists the caller's; demo_bureau has none yet.
    await openMind(page, world.server.url, '/districtScreenJd', world.token);
    await page.getByTestId('screen-pick-node-empty').waitFor();
    expect(await page.title()).toBe(mindTitle('districtScreenJd'));

    // The bureau adds a sub-district and moves the assessed school under it, as an administrator would.
    const school = district.schools.find((s) => s.results > 0);
    if (!school) throw new Error('no school with results');
    const mine = await world.server.db
      .selectFrom('users')
      .select('dept_id')
      .where('account', '=', 'demo_bureau')
      .executeTakeFirstOrThrow();
    const street = await world.api<{ id: number }>('apis-rbac/org/add', world.token, {
      parentId: Number(mine.dept_id),
      type: 'bureau',
      name: '示范街道',
    });
    await world.api('apis-rbac/org/move', world.token, { id: school.schoolId, parentId: street.id });
    const node = await world.api<Schools>(`apis-psychology/screen/school/queryList?orgId=${street.id}`, world.token);
    expect(node.schools.map((s) => s.name)).toEqual([school.name]);
    expect(node.org?.name).toBe('示范街道');

    // The picker now lists the new sub-district with its one school; choosing it opens its wall.
    await openMind(page, world.server.url, '/districtScreenJd', world.token);
    const pick = page.getByTestId('screen-node').filter({ hasText: '示范街道' });
    await pick.getByText('1 所学校').waitFor();
    await screenshot(page, 'screensgs-jd-picker');
    await pick.click();
    await page.getByTestId('kpi-node-value').getByText('示范街道').waitFor();
    expect(new URL(page.url()).searchParams.get('orgId')).toBe(String(street.id));
    await figure(page, 'kpi-schools', 1);
    await figure(page, 'kpi-results', school.results);
    await figure(page, 'kpi-open', school.openWarnings);
    await page.getByTestId('schools-table').getByText(school.name).waitFor();
    const others = district.schools.filter((s) => s.schoolId !== school.schoolId);
    const table = await page.getByTestId('schools-table').innerText();
    for (const other of others) expect(table).not.toContain(other.name);
    for (const card of ['card-bands', 'card-warnings']) await page.getByTestId(card).locator('canvas').waitFor();
    await screenshot(page, 'screensgs-jd-zh');

    // The overview narrowed to the same sub-district.
    await openMind(page, world.server.url, `/districtScreenGs?orgId=${street.id}`, world.token);
    await page.getByTestId('kpi-node-value').getByText('示范街道').waitFor();
    await figure(page, 'kpi-schools', 1);

    // A node that is not a sub-district of the caller's area: every card says so in words, no figure shows.
    await openMind(page, world.server.url, `/districtScreenJd?orgId=${school.schoolId}`, world.token);
    await page
      .getByTestId('card-schools-error')
      .getByText('该街道或区县不在您的数据范围内', { exact: false })
      .waitFor();
    await page.getByTestId('card-warnings-error').waitFor();
    await screenshot(page, 'screensgs-jd-refused');
    expect(unexpected(problems, /status of 403/, /HTTP 403/)).toEqual([]);
    await close();
  });
});
