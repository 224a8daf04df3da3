import { translate } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { screenshot, visit } from './browser.ts';
import { mindUser, openMind, PSYCHOLOGY_TEACHER } from './mind-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();

describe('the scale center and custom scales (issue 8)', () => {
  it('previews PHQ-9 with the score worked out as the teacher answers, item 9 raising the warning', async () => {
    const teacher = await mindUser(suite.server, { roleId: PSYCHOLOGY_TEACHER });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await openMind(page, suite.server.url, '/data/systemScale', teacher.token);
      await page.getByTestId('scale-preview-PHQ-9').click();
      const items = page.getByTestId('preview-item');
      await items.nth(8).waitFor();
      await expect(items.count()).resolves.toBe(9);
      // Items 1-8 "several days" (1 each) and item 9 "nearly every day" (3): 11, moderate, and the crisis warning.
      for (let n = 0; n < 8; n++) await items.nth(n).getByRole('radio').nth(1).check();
      await items.nth(8).getByRole('radio').nth(3).check();
      await expect(page.getByTestId('preview-total').textContent()).resolves.toBe('11');
      await expect(page.getByTestId('preview-band').textContent()).resolves.toBe('中度抑郁');
      await expect(page.getByTestId('preview-score').textContent()).resolves.toContain('第 9 题');
      await screenshot(page, 'mind-assess-scale-preview');
      expect(unexpected(problems)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('builds a custom scale: rules broken are shown at their fields, then it is saved and published', async () => {
    const teacher = await mindUser(suite.server, { roleId: PSYCHOLOGY_TEACHER });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await openMind(page, suite.server.url, '/data/customScale', teacher.token);
      await page.getByTestId('custom-add').click();
      await page.getByTestId('scale-editor').waitFor();
      // Nothing filled in: the code and the name are refused where they are typed.
      await page.getByTestId('editor-check').click();
      await page.getByText(translate('v.scale.code', 'zh-CN')).first().waitFor();
      await page.getByText(translate('v.scale.text', 'zh-CN')).first().waitFor();
      await screenshot(page, 'mind-assess-editor-errors');

      await page.getByTestId('editor-code').fill('STRESS');
      await page.getByLabel('量表名称 中文').fill('学业压力自查');
      await page.getByLabel('题目内容 中文').first().fill('作业让我喘不过气');
      // Two bands that overlap at 2 are refused at the band.
      const bands = page.getByTestId('editor-bands');
      for (const [n, [id, min, max, label]] of [
        ['low', '0', '2', '正常'],
        ['high', '2', '3', '偏高'],
      ].entries()) {
        await bands.getByRole('button', { name: /添加/ }).click();
        const row = bands.getByTestId('editor-bands-row').nth(n);
        await row.getByLabel('分段编号').fill(id ?? '');
        await row.getByLabel('最低分').fill(min ?? '');
        await row.getByLabel('最高分').fill(max ?? '');
        await row.getByLabel('等级名称 中文').fill(label ?? '');
      }
      await page.getByTestId('editor-check').click();
      await bands.locator('.ant-form-item-explain-error').first().waitFor();
      await bands.getByTestId('editor-bands-row').nth(1).getByLabel('最低分').fill('3');
      await page.getByTestId('editor-publish').click();
      await page
        .getByText('已发布新版本')
        .waitFor({ timeout: 5000 })
        .catch(async (error: unknown) => {
          await screenshot(page, 'mind-assess-editor-failed');
          throw error;
        });
      expect(page.url()).toMatch(/customEditScale\?id=\d+/);
      await page.goto(`${suite.server.url}/jdp/data/customScale`);
      const row = page.getByTestId('custom-table').locator('tr', { hasText: 'STRESS' });
      await row.getByText('已发布').waitFor();
      await screenshot(page, 'mind-assess-custom-scales');
      expect(unexpected(problems, /HTTP 400: .*\/scale\/custom/)).toEqual([]);
    } finally {
      await close();
    }
  });
});
