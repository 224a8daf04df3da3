import { translate } from '@meridian/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phone, screenshot, visit } from './browser.ts';
import { dropdown, pickOption } from './dropdowns.ts';
import { buildClassWorld, type ClassWorld } from './mind-assess-world.ts';
import { openMind } from './mind-walks.ts';
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

/** Picks the option of an open antd select whose text contains `text`. */
/** As the psychology teacher: a PHQ-9 task for the class, students see their report, published. */
async function publishPhqTask(page: Page, world: ClassWorld): Promise<void> {
  await openMind(page, suite.server.url, '/data/scaleMeasurement', world.teacher.token);
  await page.getByTestId('task-add').click();
  await page.getByTestId('task-name').fill('Autumn screening');
  await page.locator('#scaleIds').click();
  await pickOption(page, 'PHQ-9');
  await page.keyboard.press('Escape');
  // The class, reached through the school and grade of the organisation tree.
  await page.locator('#orgIds').click();
  const tree = dropdown(page);
  for (const level of [world.orgs.school.name, world.orgs.grade.name]) {
    await tree
      .locator('.ant-select-tree-treenode', { hasText: level })
      .first()
      .locator('.ant-select-tree-switcher')
      .click();
  }
  await tree.locator('.ant-select-tree-node-content-wrapper', { hasText: world.orgs.klass.name }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('task-show-report').click();
  await screenshot(page, 'mind-assess-task-form');
  await page.getByTestId('task-save').click();
  const row = page.getByTestId('task-table').locator('tr', { hasText: 'Autumn screening' });
  await row.getByTestId('task-publish').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await row.getByText('进行中').waitFor();
  await expect(row.textContent()).resolves.toContain('0 / 2');
  await screenshot(page, 'mind-assess-tasks');
}

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
    const task = page.getByTestId('h5-task').filter({ hasText: 'Autumn screening' });
    await task.waitFor();
    if (n === 0) await screenshot(page, 'h5-tasks');
    await task.getByRole('button').click();
    await page.getByTestId('h5-start').click();
    const sheetAddress = page.url();
    for (const [index, choice] of choices.entries()) {
      if (resumeAfter !== undefined && index === resumeAfter) {
        // Closing the page and coming back: the answers were saved and it resumes at the next question.
        await page.getByTestId('h5-progress').filter({ hasText: '已自动保存' }).waitFor();
        await page.reload();
        await page.getByTestId('h5-question').waitFor();
        await expect(page.getByTestId('h5-progress').textContent()).resolves.toContain(`已答 ${index} / 9`);
      }
      await expect(page.getByTestId('h5-question').textContent()).resolves.toBeTruthy();
      await page.getByText(`第 ${index + 1} 题，共 9 题`).waitFor();
      if (n === 1 && index === 8) await screenshot(page, 'h5-question');
      await page.getByTestId(`h5-option-${choice}`).click();
    }
    await page.getByTestId('h5-submit').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.getByTestId('h5-report').waitFor();
    await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
    await screenshot(page, `h5-result-${n + 1}`);
    const report = (await page.getByTestId('h5-report').textContent()) ?? '';
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
      await publishPhqTask(teacher.page, world);

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
