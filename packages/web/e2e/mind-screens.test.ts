import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, visit } from './browser.ts';
import { figure, screensWorld, wall } from './mind-screens-world.ts';
import { mindTitle, openMind } from './mind-walks.ts';
import { unexpected } from './portal-walks.ts';

const world = screensWorld('bureau', 'Screen walk screening');

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
    const figures = await world.api<Schools>('apis-psychology/screen/school/queryList', world.token);
    const listed = await world.api<{ total: number }>('apis-psychology/survey/record/query', world.token, {
      page: 1,
      size: 1,
    });
    const gauge = await world.api<{ open: number }>('apis-psychology/warning/gauge', world.token);
    expect(figures.totals.results).toBe(listed.total);
    expect(figures.totals.results).toBe(3);
    expect(gauge.open).toBeGreaterThanOrEqual(1);

    const { page, problems, close } = await visit(world.browser, wall);
    await openMind(page, world.server.url, '/districtScreen', world.token);
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
    const gauge = await world.api<{ open: number }>('apis-psychology/warning/gauge', world.token);
    const { page, problems, close } = await visit(world.browser, wall);
    await openMind(page, world.server.url, '/schoolWarning', world.token);
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
