import { describe, expect, it } from 'vitest';
import { phone, screenshot, visit } from './browser.ts';
import { buildClassWorld } from './mind-assess-world.ts';
import { openMind } from './mind-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();

describe('the mood journal (issue 23)', () => {
  it('a student on a phone writes a self-harm note: help shows, and the psychology teacher finds the red warning', async () => {
    const world = await buildClassWorld(suite.server);
    const student = world.students[0];
    if (!student) throw new Error('no student');
    const mobile = await visit(suite.browser, phone);
    try {
      const { page } = mobile;
      await page.goto(`${suite.server.url}/h5/login`);
      await page.getByTestId('h5-account').fill(student.account);
      await page.getByTestId('h5-password').fill(student.password);
      await page.getByTestId('h5-sign-in').click();
      await page.getByTestId('h5-mood-link').click();
      await page.getByTestId('h5-mood').getByText('本月还没有记录').waitFor();
      await page.getByTitle('很低落').click();
      await page.getByRole('textbox', { name: '日记' }).fill('我又用刀片划了手臂，不想活了');
      await page.getByRole('button', { name: '保存今天的心情' }).click();
      const help = page.getByTestId('h5-mood-help');
      await help.getByText('本校心理老师：Ms Wang').waitFor();
      await help.getByText(/12356/).waitFor();
      await page.getByTestId('h5-mood-trend').waitFor();
      await screenshot(page, 'mood-h5-help-zh-CN');
      await page.getByTestId('lang-switch').getByText('English').click();
      await page.getByText('My mood journal').waitFor();
      await help.getByText('National help line, day and night: 12356').waitFor();
      await screenshot(page, 'mood-h5-help-en');
      expect(unexpected(mobile.problems)).toEqual([]);
    } finally {
      await mobile.close();
    }

    const desk = await visit(suite.browser);
    try {
      const { page } = desk;
      await openMind(page, suite.server.url, '/data/intervene', world.teacher.token);
      const row = page.getByTestId('warning-table').locator('tr', { hasText: student.name });
      await row.waitFor();
      await row.getByText('红色预警').waitFor();
      await expect(row.getByTestId('warning-state').textContent()).resolves.toBe('新预警');
      await screenshot(page, 'mood-teacher-warning');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }
  });
});
