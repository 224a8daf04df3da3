import * as XLSX from '@e965/xlsx';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingDesktop, launchBrowser, screenshot, visit } from './browser.ts';
import { tempFile } from './iot-walks.ts';
import { buildClassWorld } from './mind-assess-world.ts';
import { openMind } from './mind-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { type PortalServer, startPortalServer } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = {} as { server: PortalServer; browser: Browser };
beforeAll(async () => {
  // The job worker runs beside the API, as in a one-process deployment, so that the import runs.
  suite.server = await startPortalServer({ JOBS_POLL_MS: '200' }, { services: ['api', 'jobs'] });
  suite.browser = await launchBrowser();
});
afterAll(async () => {
  await suite.browser?.close();
  await suite.server?.close();
});

/** Prior AI interview records as a school fills the template in: PHQ-9, nine items, fixed past dates. */
function records(rows: Array<Array<string | number>>): Buffer {
  const header = ['学生ID', '量表编码', '日期', '对话记录', ...Array.from({ length: 9 }, (_, i) => `第${i + 1}题`)];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...rows]), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe('importing prior AI interview records (issue 23, decision 0145)', () => {
  it('a psychology teacher uploads a file on the AI results page and watches the import to done', async () => {
    const world = await buildClassWorld(suite.server);
    const [first, second] = world.students;
    if (!first || !second) throw new Error('two students expected');
    const file = records([
      [first.studentId, 'PHQ-9', '2025-09-01', '', 'B', 'B', 'B', 'B', 'B', 'B', 'B', 'B', 'A'],
      [second.studentId, 'PHQ-9', '2025-09-02', '最近很累，不想活了', 'A', 'A', 'A', 'A', 'A', 'A', 'A', 'A', 'A'],
      [second.studentId, 'PHQ-9', '2025-09-03', '', 'A', 'A', 'X', 'A', 'A', 'A', 'A', 'A', 'A'],
    ]);
    const desk = await visit(suite.browser, beijingDesktop);
    try {
      const { page } = desk;
      await openMind(page, suite.server.url, '/data/AIScaleResult', world.teacher.token);
      await page.getByTestId('interview-results').waitFor();
      await page.getByTestId('interview-import-open').click();
      const dialog = page.getByTestId('interview-import');
      await dialog.getByTestId('interview-import-template').waitFor();
      await settledShot(page, 'aiimport-dialog');
      await dialog.locator('input[type=file]').setInputFiles(tempFile('records.xlsx', file));
      // The job reports rows done of the total until it is done, then what it did.
      await dialog.getByTestId('interview-import-progress').waitFor();
      await dialog.getByTestId('interview-import-state').getByText('导入完成').waitFor({ timeout: 30_000 });
      const summary = dialog.getByTestId('interview-import-summary');
      await summary.waitFor();
      await expect(summary.textContent()).resolves.toContain('共 3 行：导入 2 行，未导入 1 行');
      await dialog.getByTestId('interview-import-report').waitFor();
      await settledShot(page, 'aiimport-done');
      await page.keyboard.press('Escape');
      // The imported results are in the list, scored by the scale: 8 x 1 + 0.
      const row = page.getByTestId('interview-results').locator('tr', { hasText: first.name });
      await row.waitFor();
      await expect(row.textContent()).resolves.toContain('8');
      await page.getByTestId('interview-results').getByText(second.name).waitFor();
      await screenshot(page, 'aiimport-results');
      // The download center lists the import with its counts.
      await openMind(page, suite.server.url, '/data/downloadCenter', world.teacher.token);
      await page.getByTestId('download-summary').getByText('共 3 行：导入 2 行，未导入 1 行').waitFor();
      await screenshot(page, 'aiimport-center');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }
    // The crisis words opened a red warning for the second student.
    const warnings = await suite.server.db
      .selectFrom('warnings')
      .select(['level', 'rule'])
      .where('student_id', '=', second.studentId)
      .execute();
    expect(warnings).toEqual([{ level: 'red', rule: 'crisis' }]);
  });
});
