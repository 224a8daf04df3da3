import { describe, expect, it } from 'vitest';
import { phone, screenshot, visit } from './browser.ts';
import { openMind, schoolWithParent } from './mind-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();

describe('activities (issue 26)', () => {
  it('a psychology teacher publishes an activity; a parent signs their child up on a phone, once', async () => {
    const { teacher, parent } = await schoolWithParent(suite.server);
    const desk = await visit(suite.browser);
    try {
      await openMind(desk.page, suite.server.url, '/data/activityManage', teacher.token);
      await desk.page.getByTestId('activity-page').getByText('还没有活动').waitFor();
      await desk.page.getByTestId('activity-add').click();
      await desk.page.getByTestId('activity-title').fill('心理健康周：睡眠讲座');
      await desk.page.getByTestId('activity-quota').fill('2');
      await desk.page.getByTestId('activity-save').click();
      await desk.page.getByText('活动已保存').waitFor();
      await expect.poll(() => desk.page.getByTestId('activity-signed').first().textContent()).toBe('0/2');
      await screenshot(desk.page, 'mind-activities-list-zh-CN');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }

    const mobile = await visit(suite.browser, phone);
    try {
      await mobile.page.goto(`${suite.server.url}/h5/login`);
      await mobile.page.getByTestId('h5-account').fill(parent.account);
      await mobile.page.getByTestId('h5-password').fill(parent.password);
      await mobile.page.getByTestId('h5-sign-in').click();
      await mobile.page.getByTestId('h5-activities-link').click();
      const card = mobile.page.getByTestId('h5-activity').filter({ hasText: '心理健康周：睡眠讲座' });
      await card.getByText('为 张小明 报名（家长）').waitFor();
      await card.getByRole('button', { name: /^报名:/ }).click();
      await mobile.page.getByText('报名成功').waitFor();
      await card.getByRole('button', { name: /^已报名:/ }).waitFor();
      expect(await card.getByRole('button', { name: /^已报名:/ }).isDisabled()).toBe(true);
      await expect.poll(() => card.getByTestId('h5-activity-places').textContent()).toBe('名额 1/2');
      await screenshot(mobile.page, 'h5-activities-signed-zh-CN');
      await mobile.page.getByTestId('lang-switch').getByText('English').click();
      await card.getByText('For 张小明 (as a parent)').waitFor();
      await screenshot(mobile.page, 'h5-activities-signed-en');
      expect(unexpected(mobile.problems)).toEqual([]);
    } finally {
      await mobile.close();
    }

    // The teacher sees the sign-up and marks it present.
    const back = await visit(suite.browser);
    try {
      await openMind(back.page, suite.server.url, '/data/activityManage', teacher.token);
      await back.page.getByTestId('activity-list').first().click();
      const row = back.page.getByTestId('activity-signups').locator('tr').filter({ hasText: '张小明' });
      await row.getByText('家长').waitFor();
      await row.locator('input[type=checkbox]').check();
      await back.page.getByTestId('activity-mark-present').click();
      await row.getByText('出勤', { exact: true }).waitFor();
      await screenshot(back.page, 'mind-activities-signups-zh-CN');
      await back.page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
      await back.page.reload();
      await back.page.getByTestId('activity-signups').getByText('Present', { exact: true }).waitFor();
      await screenshot(back.page, 'mind-activities-signups-en');
      expect(unexpected(back.problems)).toEqual([]);
    } finally {
      await back.close();
    }
  }, 60_000);
});
