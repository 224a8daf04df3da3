import { describe, expect, it } from 'vitest';
import { screenshot, visit } from './browser.ts';
import { mindUser, openMind, PSYCHOLOGY_TEACHER } from './mind-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();

const TEACHER_SCALES = ['PSS-10', 'WHO-5', 'K10', 'PHQ-9-ADULT', 'GAD-7-ADULT'];

describe('the teacher scale center (issue 18)', () => {
  it('lists the five teachers’ scales and shows WHO-5’s published items, in Chinese and in English', async () => {
    const teacher = await mindUser(suite.server, { roleId: PSYCHOLOGY_TEACHER });
    const { page, problems, close } = await visit(suite.browser);
    try {
      for (const lang of ['zh-CN', 'en'] as const) {
        if (lang === 'en') await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
        await openMind(page, suite.server.url, '/data/systemScaleTeacher', teacher.token);
        const table = page.getByTestId('scale-table');
        for (const code of TEACHER_SCALES) await table.locator('tr', { hasText: code }).first().waitFor();
        await expect(table.locator('tbody tr.ant-table-row').count()).resolves.toBe(TEACHER_SCALES.length);
        await screenshot(page, `mind-teacher-scales-${lang}`);

        await page.getByTestId('scale-preview-WHO-5').click();
        const items = page.getByTestId('preview-item');
        await items.nth(4).waitFor();
        await expect(items.count()).resolves.toBe(5);
        const first = lang === 'en' ? 'I have felt cheerful and in good spirits' : '我感觉快乐、心情舒畅';
        await items.first().getByText(first).waitFor();
        await items
          .first()
          .getByText(lang === 'en' ? 'All of the time' : '所有时间')
          .waitFor();
        await screenshot(page, `mind-teacher-scale-who5-${lang}`);
        await page.keyboard.press('Escape');
      }
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });
});
