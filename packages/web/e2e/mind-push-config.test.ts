import { describe, expect, it } from 'vitest';
import { png } from '../../server/test/files.ts';
import { visit } from './browser.ts';
import { campusSchool, securityStaff } from './campus-walks.ts';
import { pickOption } from './dropdowns.ts';
import { goInApp, openMind } from './mind-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

// The jobs service runs too: the alert's message goes through the outbox.
const suite = portalSuite({ services: ['api', 'jobs'] });

describe('push configuration of behaviour alerts (issue 22, decision 0097)', () => {
  it('an admin tells the security staff of fights by site message; the box reports one; the staff member sees it', async () => {
    const { admin, schoolId, device } = await campusSchool(suite.server);
    const wang = await securityStaff(suite.server, schoolId, 'Wang Min');
    await securityStaff(suite.server, schoolId, 'Zhao Lei');

    const desk = await visit(suite.browser);
    try {
      await openMind(desk.page, suite.server.url, '/data/pushConfig', admin.token);
      const page = desk.page.getByTestId('push-config-page');
      await page.getByText('还没有推送规则').waitFor();
      await desk.page.getByTestId('push-add').click();
      await desk.page.getByTestId('push-name').fill('');
      await desk.page.getByTestId('push-save').click();
      await desk.page.getByText('请输入规则名称（50 字以内）').waitFor();
      await desk.page.getByText('请至少选择一种事件类型').waitFor();
      await desk.page.getByText('请选择 1-50 名接收人').waitFor();
      // SMS and WeChat have no provider: they say so and cannot be chosen.
      const sms = desk.page.getByTestId('push-channels').getByRole('checkbox', { name: '短信 (未配置服务商)' });
      expect(await sms.isDisabled()).toBe(true);
      await desk.page.getByTestId('push-name').fill('打架通知保卫人员');
      await desk.page.getByTestId('push-types').getByText('打架').click();
      await desk.page.getByTestId('push-people').click();
      await pickOption(desk.page, 'Wang Min');
      await desk.page.keyboard.press('Escape');
      await settledShot(desk.page, 'pushconfig-form-zh-CN');
      await desk.page.getByTestId('push-save').click();
      await desk.page.getByText('规则已保存').waitFor();
      const row = desk.page.getByTestId('push-table').locator('tr', { hasText: '打架通知保卫人员' });
      await row.getByText('Wang Min').waitFor();
      await row.getByText('站内消息').waitFor();
      await row.getByText('全天').waitFor();
      await settledShot(desk.page, 'pushconfig-rules-zh-CN');
      expect(await page.innerText()).not.toContain('system.people');
      // The push config tab sits beside the behaviour alerts; the Emotion group's push config leads here too.
      await goInApp(desk.page, '/data/warningPushConfig');
      await desk.page.waitForURL(/\/data\/pushConfig$/);
      await desk.page.getByTestId('push-table').getByText('打架通知保卫人员').waitFor();
      await desk.page.getByTestId('lang-switch').getByText('English').click();
      await desk.page.getByText('Site message').first().waitFor();
      await settledShot(desk.page, 'pushconfig-rules-en');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }

    // A camera of the school, and the simulated AI box reporting a fight over signed HTTP.
    const { box } = await device('教学楼摄像头', '教学楼三层', { namesSchool: true });
    const reported = await box.report({ type: 'fight', snapshot: png(160, 120) });
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);

    // Wang Min sees the message above the alerts, opens the alert from it, and it is read.
    const staff = await visit(suite.browser);
    try {
      await openMind(staff.page, suite.server.url, '/data/securityWarning', wang.token);
      const messages = staff.page.getByTestId('campus-messages');
      // The worker sends it within a moment; the page asks again when reloaded.
      for (let i = 0; i < 20 && (await messages.count()) === 0; i++) {
        await staff.page.reload();
        await staff.page.getByTestId('alert-table').waitFor();
      }
      await messages.getByText('1 条未读').waitFor();
      await messages.getByText(`${admin.orgName} 教学楼三层 发生打架`).waitFor();
      await settledShot(staff.page, 'pushconfig-staff-message-zh-CN');
      await messages.getByText('查看预警').click();
      await staff.page.getByTestId('alert-drawer').getByTestId('alert-timeline').waitFor();
      await staff.page.locator('.ant-drawer-close').click();
      await messages.getByText('已读').waitFor();
      expect(await messages.getByText('1 条未读').count()).toBe(0);
      expect(unexpected(staff.problems)).toEqual([]);
    } finally {
      await staff.close();
    }
  }, 120_000);
});
