import { describe, expect, it } from 'vitest';
import { screenshot, visit } from './browser.ts';
import { pickInTree, pickOption } from './dropdowns.ts';
import { aiClassWorld, aiWalkSuite, narrowPhone } from './mind-ai-world.ts';
import { openMind } from './mind-walks.ts';
import { unexpected } from './portal-walks.ts';

const suite = aiWalkSuite('sk-walk-interview');

/** What the model answers for one item: the option it read, and how it would ask the next question. */
const reply = (option: string, next: string) => ({ reply: JSON.stringify({ option, followUp: null, next }) });

describe('AI interview assessments (issue 23)', () => {
  it('a student answers PHQ-9 as a conversation on a phone, confirms, and the teacher sees the same score', async () => {
    // The deployment's endpoint is the stand-in, and the school recorded its legal basis.
    const world = await aiClassWorld(suite);
    const student = world.students[0];
    if (!student) throw new Error('no student');

    // The psychology teacher publishes an interview task from the AI assessment page.
    const desk = await visit(suite.browser);
    try {
      const { page } = desk;
      await openMind(page, suite.server.url, '/data/AIScaleMeasurement', world.teacher.token);
      await page.getByTestId('task-add').click();
      await page.getByTestId('task-name').fill('AI 访谈 · 秋季');
      await page.locator('#scaleIds').click();
      await pickOption(page, 'PHQ-9');
      await page.keyboard.press('Escape');
      await pickInTree(page, page.locator('#orgIds'), [
        world.orgs.school.name,
        world.orgs.grade.name,
        world.orgs.klass.name,
      ]);
      await page.keyboard.press('Escape');
      await page.getByTestId('task-show-report').click();
      await page.getByTestId('task-save').click();
      const row = page.getByTestId('task-table').locator('tr', { hasText: 'AI 访谈 · 秋季' });
      await row.getByTestId('task-publish').click();
      await page.locator('.ant-modal-confirm .ant-btn-primary').click();
      await row.getByText('进行中').waitFor();
      await screenshot(page, 'aiinterview-tasks');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }

    // The same answers as a questionnaire would be: items 1-8 "several days" (1), item 9 "not at all" (0).
    const choices = ['B', 'B', 'B', 'B', 'B', 'B', 'B', 'B', 'A'];
    const mobile = await visit(suite.browser, narrowPhone);
    let studentTotal = '';
    try {
      const { page } = mobile;
      await page.goto(`${suite.server.url}/h5/login`);
      await page.getByTestId('h5-account').fill(student.account);
      await page.getByTestId('h5-password').fill(student.password);
      await page.getByTestId('h5-sign-in').click();
      await page.getByTestId('h5-task').filter({ hasText: 'AI 访谈 · 秋季' }).getByRole('button').click();
      await page.getByTestId('interview-start').click();
      await page.getByTestId('turn-interviewer').getByText('第 1 题').waitFor();
      for (const [index, choice] of choices.entries()) {
        if (index === 4) {
          // The student leaves and comes back: the conversation resumes where it stopped.
          await page.reload();
          await page.getByTestId('interview-progress').getByText('4').waitFor();
          await expect(page.getByTestId('interview-progress').textContent()).resolves.toContain('4');
          await screenshot(page, 'aiinterview-h5-resumed');
        }
        suite.ai.script(reply(choice, `第 ${index + 2} 个问题：最近两周，这种情况多吗？`));
        await page.getByTestId('interview-text').fill(choice === 'A' ? '完全没有这种念头' : '有那么几天是这样');
        await page.getByTestId('interview-send').click();
        await page.getByTestId('interview-confirm').waitFor();
        if (index === 0) await screenshot(page, 'aiinterview-h5-confirm');
        await page.getByTestId('interview-confirm').click();
        await page
          .getByTestId('interview-progress')
          .getByText(`${index + 1}`)
          .waitFor();
      }
      await page.getByTestId('interview-submit').click();
      await page.getByTestId('h5-report').waitFor();
      studentTotal = (await page.getByTestId('h5-report').textContent()) ?? '';
      await screenshot(page, 'aiinterview-h5-report');
      expect(unexpected(mobile.problems)).toEqual([]);
    } finally {
      await mobile.close();
    }
    // What left the school never named the student.
    expect(JSON.stringify(suite.ai.received.map((r) => r.body.messages))).not.toContain(student.name);

    // Another student writes a crisis phrase while the endpoint fails: help shows at once, the failure is said.
    const other = world.students[1];
    if (!other) throw new Error('no second student');
    const second = await visit(suite.browser, narrowPhone);
    try {
      const { page } = second;
      await page.goto(`${suite.server.url}/h5/login`);
      await page.getByTestId('h5-account').fill(other.account);
      await page.getByTestId('h5-password').fill(other.password);
      await page.getByTestId('h5-sign-in').click();
      await page.getByTestId('h5-task').filter({ hasText: 'AI 访谈 · 秋季' }).getByRole('button').click();
      await page.getByTestId('interview-start').click();
      suite.ai.script({ status: 500 });
      await page.getByTestId('interview-text').fill('我不想活了');
      await page.getByTestId('interview-send').click();
      await page.getByTestId('interview-help').getByText('12356').waitFor();
      await page.getByTestId('interview-error').waitFor();
      // Nothing lost: the message is in the conversation and still in the box.
      await page.getByTestId('turn-student').getByText('我不想活了').waitFor();
      await expect(page.getByTestId('interview-text').inputValue()).resolves.toBe('我不想活了');
      await screenshot(page, 'aiinterview-h5-crisis');
      await page.getByTestId('lang-switch').getByText('English').click();
      await page.getByTestId('interview-help').getByText('You are not alone').waitFor();
      await page.getByText('Or tap the option that fits best:').waitFor();
      await screenshot(page, 'aiinterview-h5-crisis-en');
      expect(unexpected(second.problems).filter((p) => !p.includes('502'))).toEqual([]);
    } finally {
      await second.close();
    }

    const report = await visit(suite.browser);
    try {
      const { page } = report;
      await openMind(page, suite.server.url, '/data/AIScaleResult', world.teacher.token);
      await page.getByTestId('interview-results').getByText(student.name).waitFor();
      await screenshot(page, 'aiinterview-results');
      await page.getByTestId('interview-report-link').first().click();
      const total = page.getByTestId('interview-report-total');
      await total.waitFor();
      // 8 x 1 + 0: the questionnaire's total for the same options, and what the student was shown.
      await expect(total.textContent()).resolves.toBe('8');
      expect(studentTotal).toContain('8');
      await page.getByTestId('interview-report-transcript').getByText('有那么几天是这样').first().waitFor();
      await screenshot(page, 'aiinterview-report');
      expect(unexpected(report.problems)).toEqual([]);
    } finally {
      await report.close();
    }
  });
});
