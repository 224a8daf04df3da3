import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHOTS_DIR, screenshot, visit } from './browser.ts';
import { pickOption } from './dropdowns.ts';
import { openMind } from './mind-walks.ts';
import { buildWarningWorld, type WarningWorld } from './mind-warnings-world.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

// The job worker runs beside the API, as in a one-process deployment, so that exports are written.
const suite = portalSuite({ services: ['api', 'jobs'] });

/** The statistical report as the API answers it, to check the page's figures against. */
async function reportOf(token: string, taskId: number) {
  const response = await fetch(`${suite.server.url}/api/apis-psychology/report/statistics?taskId=${taskId}`, {
    headers: { 'x-authorization': token },
  });
  const body = (await response.json()) as {
    data: { schools: { totals: Record<string, number> }; warnings: { levels: { code: string; total: number }[] } };
  };
  return body.data;
}

/** In the download center: waits for the newest task to be done, then downloads its file. */
async function downloadNewest(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const first = page.getByTestId('download-table').locator('tbody tr.ant-table-row').first();
  await first.getByText('已完成').waitFor({ timeout: 20_000 });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    first.getByRole('button', { name: '下载' }).click(),
  ]);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(await file.path()) };
}

describe('the statistical report, a student’s report and student insight (issue 21)', () => {
  let world: WarningWorld;
  let taskId: number;
  beforeAll(async () => {
    world = await buildWarningWorld(suite.server);
    taskId = (await suite.server.db.selectFrom('assessment_tasks').select('id').executeTakeFirstOrThrow()).id;
  });

  it('shows the school report of the screening as the API counts it, and downloads it as a PDF that opens', async () => {
    const teacher = await visit(suite.browser);
    try {
      const { page } = teacher;
      await openMind(page, suite.server.url, '/data/report', world.teacher.token);
      await page.getByTestId('statistics-page').waitFor();
      await page.getByTestId('statistics-task').click();
      await pickOption(page, 'Autumn screening');
      await page.getByTestId('statistics-show').click();
      await page.getByTestId('statistics-title').getByText('Autumn screening').waitFor();
      const api = await reportOf(world.teacher.token, taskId);
      const figure = (key: string) =>
        page.getByTestId(`statistics-${key}`).locator('.ant-statistic-content-value').textContent();
      expect(api.schools.totals.results).toBe(2);
      for (const key of ['assigned', 'done', 'results', 'warned', 'warnings'])
        await expect(figure(key)).resolves.toBe(String(api.schools.totals[key]));
      const red = api.warnings.levels.find((l) => l.code === 'red')?.total;
      expect(red).toBe(1);
      const redRow = page.getByTestId('statistics-levels').locator('tr', { hasText: '红色预警' });
      await expect(redRow.locator('td').nth(1).textContent()).resolves.toBe('1');
      await page.getByTestId('statistics-bands-chart').locator('canvas').waitFor();
      await screenshot(page, 'reports-statistics');
      // A period with no assessment says so instead of a page of zeros.
      const period = page.locator('.ant-picker-range input');
      await period.first().click();
      await period.first().fill('2001-01-01');
      await page.keyboard.press('Enter');
      await period.last().fill('2001-01-31');
      await page.keyboard.press('Enter');
      await page.locator('.ant-picker-dropdown').first().waitFor({ state: 'hidden' });
      await page.getByTestId('statistics-show').click();
      await page.getByTestId('statistics-empty').getByText('所选范围内没有测评或预警数据').waitFor();
      await screenshot(page, 'reports-statistics-empty');
      await page.getByRole('button', { name: '重 置' }).click();
      await page.getByTestId('statistics-title').getByText('全部学校').waitFor();
      await page.getByTestId('statistics-task').click();
      await pickOption(page, 'Autumn screening');
      await page.getByTestId('statistics-show').click();
      await page.getByTestId('statistics-title').getByText('Autumn screening').waitFor();

      await page.getByTestId('statistics-export-pdf').click();
      await page.getByTestId('export-open').click();
      const pdf = await downloadNewest(page);
      expect(pdf.name).toMatch(/^统计报告_Autumn screening_\d{8}-\d{4}\.pdf$/);
      expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      // The PDF opens: poppler renders its first page to an image for people to look at.
      fs.mkdirSync(SHOTS_DIR, { recursive: true });
      const file = path.join(SHOTS_DIR, 'reports-statistics.pdf');
      fs.writeFileSync(file, pdf.bytes);
      execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, path.join(SHOTS_DIR, 'reports-pdf')]);
      const rendered = fs.readdirSync(SHOTS_DIR).filter((f) => f.startsWith('reports-pdf') && f.endsWith('.png'));
      expect(rendered.length).toBeGreaterThan(0);
      expect(unexpected(teacher.problems)).toEqual([]);
    } finally {
      await teacher.close();
    }
  });

  it('shows the red-warned student in their report and in the insight list, with the reason and its records', async () => {
    const teacher = await visit(suite.browser);
    try {
      const { page } = teacher;
      const name = world.flagged.name;
      await openMind(page, suite.server.url, '/data/studentFile', world.teacher.token);
      await page.locator('tr', { hasText: name }).getByTestId('file-report').click();
      await page.getByTestId('student-report-name').getByText(name).waitFor();
      const results = page.getByTestId('student-report-results').locator('tbody tr.ant-table-row');
      await expect(results.count()).resolves.toBe(1);
      await results.first().getByText('红色预警').waitFor();
      await page.getByTestId('student-report-timeline').getByText('新预警').waitFor();
      await screenshot(page, 'reports-student');

      await openMind(page, suite.server.url, '/data/studentInsight', world.teacher.token);
      await page.getByTestId('insight-rules').waitFor();
      const rows = page.getByTestId('insight-table').locator('tbody tr.ant-table-row');
      await rows.first().waitFor();
      // Only the red warning reaches the points: the other student answered no item that warns.
      await expect(rows.count()).resolves.toBe(1);
      await rows.first().getByText(name).waitFor();
      await rows.first().getByTestId('insight-reason-openWarning').getByText('红色预警').waitFor();
      await screenshot(page, 'reports-insight');
      await rows.first().getByTestId('insight-open').click();
      await page.getByTestId('insight-detail-name').getByText(name).waitFor();
      const evidence = page.getByTestId('insight-evidence').locator('tbody tr.ant-table-row');
      await evidence.filter({ hasText: '预警' }).first().waitFor();
      await evidence.filter({ hasText: '测评结果' }).first().waitFor();
      await screenshot(page, 'reports-insight-detail');
      // The rules read the same in English.
      await page.getByText('English', { exact: true }).click();
      await page.getByTestId('insight-rules').getByText('Students reaching 3 points under these rules').waitFor();
      await page.getByTestId('insight-evidence').getByText('Open warning').waitFor();
      await screenshot(page, 'reports-insight-detail-en');
      await evidence.filter({ hasText: 'Assessment result' }).first().getByRole('link').click();
      await page.getByTestId('result-report').waitFor();
      expect(unexpected(teacher.problems)).toEqual([]);
    } finally {
      await teacher.close();
    }
  });
});
