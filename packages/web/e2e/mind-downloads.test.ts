import fs from 'node:fs';
import { read, utils } from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test/server.ts';
import { launchBrowser, screenshot, visit } from './browser.ts';
import { buildClassWorld, type ClassWorld, tokenOf } from './mind-assess-world.ts';
import { openMind } from './mind-walks.ts';
import { unexpected } from './portal-walks.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // The job worker runs beside the API, as in a one-process deployment, so that exports are written.
  server = await startTestServer({ JOBS_POLL_MS: '200' }, { services: ['api', 'jobs'] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function call(token: string, path: string, body: unknown) {
  const response = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-authorization': token },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { code: number; message: string; data: { id: number } };
  if (json.code !== 200) throw new Error(`${path}: ${json.message}`);
  return json.data;
}

/** A PHQ-9 task to the class, published by the psychology teacher and answered by both students. */
async function answeredTask(world: ClassWorld): Promise<void> {
  const scale = await server.db
    .selectFrom('scales')
    .select('id')
    .where('code', '=', 'PHQ-9')
    .where('owner_org_id', 'is', null)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const task = await call(world.teacher.token, '/apis-psychology/survey/record/createTask', {
    name: 'Spring screening',
    scaleIds: [scale.id],
    targets: { classIds: [world.orgs.klass.id] },
    startsAt: now - 3_600_000,
    endsAt: now + 86_400_000,
  });
  await call(world.teacher.token, '/apis-psychology/survey/task/publish', { id: task.id });
  for (const [n, student] of world.students.entries()) {
    const answers = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [String(i + 1), n === 0 ? 'C' : 'A']));
    await call(await tokenOf(server.url, student), '/apis-psychology/h5/survey/submit', {
      taskId: task.id,
      scaleId: scale.id,
      answers,
    });
  }
}

/** In the download center: waits for the newest task to be done, then downloads its file. */
async function downloadNewest(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const table = page.getByTestId('download-table');
  const first = table.locator('tbody tr.ant-table-row').first();
  await first.getByText('已完成').waitFor({ timeout: 20_000 });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    first.getByRole('button', { name: '下载' }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(path) };
}

describe('the download center (issue 8)', () => {
  it('exports the results and a student’s report from their pages and downloads both from the download center', async () => {
    const world = await buildClassWorld(server);
    await answeredTask(world);
    const teacher = await visit(browser);
    try {
      const { page } = teacher;
      await openMind(page, server.url, '/data/scaleResult', world.teacher.token);
      await page.getByTestId('result-table').locator('tbody tr.ant-table-row').nth(1).waitFor();
      await page.getByTestId('export-results').click();
      await page.getByTestId('export-started').waitFor();
      await screenshot(page, 'mind-downloads-started');
      await page.getByTestId('export-open').click();
      await page.getByTestId('download-center').waitFor();
      // The user is told how long files stay, slips with passwords shorter (decision 0065).
      await page
        .getByTestId('download-center')
        .getByText('文件保留 7 天；含初始密码的登录条和账号清单只保留 24 小时')
        .waitFor();
      const results = await downloadNewest(page);
      expect(results.name).toMatch(/^测评结果_\d{8}-\d{4}\.xlsx$/);
      const book = read(results.bytes, { type: 'buffer' });
      const rows = utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] ?? ''] ?? {}, { header: 1 });
      expect(rows[0]?.[0]).toBe('姓名');
      expect(rows.slice(1).map((r) => r[0])).toEqual(['Chen Yu', 'Lin Xiao']);
      await screenshot(page, 'mind-downloads-center');

      // The individual report, the student's results from there, and the report again, exported as a PDF.
      await openMind(page, server.url, '/data/scaleResult', world.teacher.token);
      const row = page.getByTestId('result-table').locator('tr', { hasText: 'Lin Xiao' });
      await row.locator('[data-testid^=result-report-]').click();
      await page.getByTestId('report-student-results').click();
      await page.getByTestId('scale-details').getByText('Lin Xiao').waitFor();
      await screenshot(page, 'mind-downloads-scale-details');
      await page.locator('[data-testid^=details-report-]').first().click();
      await page.getByTestId('result-report').waitFor();
      await page.getByTestId('export-report').click();
      await page.getByTestId('export-open').click();
      const report = await downloadNewest(page);
      expect(report.name).toMatch(/^Lin Xiao_.*_个人报告\.pdf$/);
      expect(report.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(unexpected(teacher.problems)).toEqual([]);
    } finally {
      await teacher.close();
    }
  });
});
