import { translate } from '@meridian/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phone, screenshot, visit } from './browser.ts';
import { pickOption } from './dropdowns.ts';
import { buildClassWorld, type ClassWorld } from './mind-assess-world.ts';
import { answerPhq, publishPhqTask } from './mind-task-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

/**
 * Waits until the chart in `testId` has finished drawing: ECharts animates its canvas frame by
 * frame, so the picture is final once two looks 100 ms apart see the same one.
 */
async function chartDrawn(page: Page, testId: string): Promise<void> {
  await page.waitForFunction(
    (id) => {
      const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid=${id}] canvas`);
      if (!canvas) return false;
      const seen = window as unknown as { lastFrames?: Record<string, string> };
      seen.lastFrames ??= {};
      const frame = canvas.toDataURL();
      const same = seen.lastFrames[id] === frame;
      seen.lastFrames[id] = frame;
      return same;
    },
    testId,
    { polling: 100 },
  );
}

const suite = portalSuite();
const DONE_TEXT = translate('sheet.done', 'zh-CN');

/** As a student on a phone: sign in on H5, open the task and answer PHQ-9 with `choices` (A=0 ... D=3). */
async function answerOnPhone(world: ClassWorld, n: number, choices: string[], resumeAfter?: number) {
  const student = world.students[n];
  if (!student) throw new Error('no such student');
  const { page, problems, close } = await visit(suite.browser, phone);
  try {
    await page.goto(`${suite.server.url}/h5/`);
    await page.getByTestId('h5-login').waitFor();
    await page.getByTestId('h5-account').fill(student.account);
    await page.getByTestId('h5-password').fill(student.password);
    await page.getByTestId('h5-sign-in').click();
    await page.getByTestId('h5-task').filter({ hasText: 'Autumn screening' }).waitFor();
    if (n === 0) await screenshot(page, 'h5-tasks');
    const { report, sheet: sheetAddress } = await answerPhq(page, 'Autumn screening', choices, {
      resumeAfter,
      shotAt: n === 1 ? 8 : undefined,
    });
    await screenshot(page, `h5-result-${n + 1}`);
    await page.getByTestId('h5-back').click();
    await page.getByText('已完成', { exact: true }).click();
    await page.getByTestId('h5-task').filter({ hasText: '已提交' }).first().waitFor();
    // Answering again where retest is off is refused, in the server's words.
    await page.goto(sheetAddress);
    await page.getByTestId('h5-start').click();
    await page.getByTestId('h5-refused').filter({ hasText: DONE_TEXT }).waitFor();
    expect(unexpected(problems, /HTTP 409: .*\/h5\/survey\/start/)).toEqual([]);
    return report;
  } finally {
    await close();
  }
}

describe('assessment from task to report (issue 8)', () => {
  it('a PHQ-9 task published to a class, answered on H5 by two students, read as individual and group reports', async () => {
    const world = await buildClassWorld(suite.server);
    const teacher = await visit(suite.browser);
    try {
      const { school, grade, klass } = world.orgs;
      await publishPhqTask(teacher.page, suite.server.url, world.teacher.token, {
        name: 'Autumn screening',
        place: [school.name, grade.name, klass.name],
        students: 2,
        shots: true,
      });

      // Item 9 above 0 is a crisis flag whatever the total: total 7, mild, and a warning all the same.
      const first = await answerOnPhone(world, 0, ['A', 'B', 'A', 'B', 'A', 'B', 'A', 'B', 'D'], 4);
      expect(first).toMatch(/^总分7结果轻度/);
      const second = await answerOnPhone(world, 1, ['A', 'A', 'A', 'A', 'A', 'A', 'A', 'A', 'A']);
      expect(second).toMatch(/^总分0结果/);

      const { page } = teacher;
      await page.goto(`${suite.server.url}/jdp/data/progressMonitor`);
      await page.locator('#root').waitFor();
      await page.getByTestId('progress-task').click();
      await pickOption(page, 'Autumn screening');
      await page.getByTestId('progress-rate').filter({ hasText: '100' }).waitFor();
      await page.locator('[data-testid=progress-chart] canvas').waitFor();
      await screenshot(page, 'mind-assess-progress');

      await page.goto(`${suite.server.url}/jdp/data/scaleResult`);
      const table = page.getByTestId('result-table');
      const flagged = table.locator('tr', { hasText: world.students[0]?.name ?? '' });
      await flagged.waitFor();
      await expect(table.locator('tbody tr.ant-table-row').count()).resolves.toBe(2);
      await screenshot(page, 'mind-assess-results');
      await flagged.getByRole('link').click();
      await page.getByTestId('result-report').waitFor();
      await page.locator('[data-testid=report-radar] canvas').waitFor();
      await expect(page.getByTestId('report-total').textContent()).resolves.toContain('7');
      await expect(page.getByTestId('report-warnings').textContent()).resolves.toMatch(/预警/);
      await chartDrawn(page, 'report-radar');
      await screenshot(page, 'mind-assess-report');

      await page.goto(`${suite.server.url}/jdp/data/scaleResult?tab=group`);
      await page.locator('#scaleId').click();
      await pickOption(page, 'PHQ-9');
      await page.getByTestId('group-run').click();
      await page.getByTestId('group-positive-rate').filter({ hasText: '50%' }).waitFor();
      await page.locator('[data-testid=group-chart] canvas').waitFor();
      await chartDrawn(page, 'group-chart');
      await screenshot(page, 'mind-assess-group');
      expect(unexpected(teacher.problems)).toEqual([]);
    } finally {
      await teacher.close();
    }
  });
});
