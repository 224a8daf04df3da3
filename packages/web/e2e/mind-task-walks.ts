import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser.ts';
import { pickInTree, pickOption } from './dropdowns.ts';
import { openMind } from './mind-walks.ts';

/**
 * As a psychology teacher on Mind: a PHQ-9 task named `name` for the class at the end of `place`
 * (its path in the organisation tree, from the school), students see their report, published; with
 * `students`, the progress must read none of them done.
 */
export async function publishPhqTask(
  page: Page,
  url: string,
  token: string,
  task: { name: string; place: string[]; students?: number; shots?: boolean },
): Promise<void> {
  await openMind(page, url, '/data/scaleMeasurement', token);
  await page.getByTestId('task-add').click();
  await page.getByTestId('task-name').fill(task.name);
  await page.locator('#scaleIds').click();
  await pickOption(page, 'PHQ-9');
  await page.keyboard.press('Escape');
  // The class, reached through the school and grade of the organisation tree.
  await pickInTree(page, page.locator('#orgIds'), task.place);
  await page.keyboard.press('Escape');
  await page.getByTestId('task-show-report').click();
  if (task.shots) await screenshot(page, 'mind-assess-task-form');
  await page.getByTestId('task-save').click();
  const row = page.getByTestId('task-table').locator('tr', { hasText: task.name });
  await row.getByTestId('task-publish').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await row.getByText('进行中').waitFor();
  if (task.students !== undefined) await expect(row.textContent()).resolves.toContain(`0 / ${task.students}`);
  if (task.shots) await screenshot(page, 'mind-assess-tasks');
}

/**
 * On H5's task list, signed in: opens the task named `name` and answers PHQ-9 with `choices`
 * (A=0 ... D=3), from the first question or where `resumeAfter` reloads the page to prove the
 * answers were saved; returns the report's text and the sheet's address.
 */
export async function answerPhq(
  page: Page,
  name: string,
  choices: string[],
  options: { resumeAfter?: number; shotAt?: number } = {},
): Promise<{ report: string; sheet: string }> {
  const task = page.getByTestId('h5-task').filter({ hasText: name });
  await task.getByRole('button').click();
  await page.getByTestId('h5-start').click();
  const sheet = page.url();
  for (const [index, choice] of choices.entries()) {
    if (options.resumeAfter !== undefined && index === options.resumeAfter) {
      // Closing the page and coming back: the answers were saved and it resumes at the next question.
      await page.getByTestId('h5-progress').filter({ hasText: '已自动保存' }).waitFor();
      await page.reload();
      await page.getByTestId('h5-question').waitFor();
      await expect(page.getByTestId('h5-progress').textContent()).resolves.toContain(`已答 ${index} / 9`);
    }
    await expect(page.getByTestId('h5-question').textContent()).resolves.toBeTruthy();
    await page.getByText(`第 ${index + 1} 题，共 9 题`).waitFor();
    if (index === options.shotAt) await screenshot(page, 'h5-question');
    await page.getByTestId(`h5-option-${choice}`).click();
  }
  await page.getByTestId('h5-submit').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await page.getByTestId('h5-report').waitFor();
  await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
  return { report: (await page.getByTestId('h5-report').textContent()) ?? '', sheet };
}
