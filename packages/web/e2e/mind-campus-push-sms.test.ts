import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWechat } from '../../server/src/platform/wechat/stand-in.ts';
import { visit } from './browser.ts';
import { campusSchool, securityStaff } from './campus-walks.ts';
import { pickOption } from './dropdowns.ts';
import { openMind } from './mind-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

// The deployment texts campus alerts through Aliyun (the signed stand-in), with a campus template,
// and sends them by WeChat from the school's official account (the WeChat stand-in); the jobs
// service sends them through the outbox (decisions 0143, 0150).
const env: Record<string, string> = {
  CAMPUS_SMS_TEMPLATE_CODE: 'SMS_300400',
  CAMPUS_WECHAT_APP_ID: 'wx-campus-walk',
  CAMPUS_WECHAT_APP_SECRET: 'campus-walk-secret',
  CAMPUS_WECHAT_TEMPLATE_ID: 'TPL-campus-walk',
};
let wechat: Awaited<ReturnType<typeof startWechat>>;
beforeAll(async () => {
  wechat = await startWechat(env.CAMPUS_WECHAT_APP_ID ?? '', env.CAMPUS_WECHAT_APP_SECRET ?? '');
  env.WECHAT_API_BASE = wechat.url;
});
afterAll(() => wechat?.close());
const suite = portalSuite({ services: ['api', 'jobs'], sms: 'aliyun' }, env);
const MOBILE = '13900139000';
const OPENID = 'oWalk5Hk2-Lm9_Qa7ZpR4tYc1Ve8';

describe('campus alerts by SMS and WeChat (issue 22, decisions 0143 and 0150)', () => {
  it('an admin tells the security staff of fights by SMS and WeChat; the box reports one; the alert shows who was reached and who was not', async () => {
    const db = suite.server.db;
    const { admin, schoolId, device } = await campusSchool(suite.server);
    const wang = await securityStaff(suite.server, schoolId, 'Wang Min');
    await securityStaff(suite.server, schoolId, 'Zhao Lei');
    // Wang Min's roster entry has her mobile and her WeChat openid; Zhao Lei has neither.
    await db
      .updateTable('teachers')
      .set({ phone: MOBILE, wechat_openid: OPENID })
      .where('user_id', '=', wang.id)
      .execute();

    const desk = await visit(suite.browser);
    try {
      await openMind(desk.page, suite.server.url, '/data/pushConfig', admin.token);
      await desk.page.getByTestId('push-config-page').getByText('还没有推送规则').waitFor();
      await desk.page.getByTestId('push-add').click();
      // SMS and WeChat are configured in this deployment: both can be chosen.
      const channels = desk.page.getByTestId('push-channels');
      const sms = channels.getByRole('checkbox', { name: '短信', exact: true });
      expect(await sms.isDisabled()).toBe(false);
      const wechatBox = channels.getByRole('checkbox', { name: '微信', exact: true });
      expect(await wechatBox.isDisabled()).toBe(false);
      await desk.page.getByTestId('push-name').fill('打架短信通知');
      await desk.page.getByTestId('push-types').getByText('打架').click();
      // Emotion alerts too, but only serious ones.
      await desk.page.getByTestId('push-types').getByText('情绪预警').click();
      await desk.page.getByTestId('push-emotion-levels').getByText('关注').click();
      await desk.page.getByTestId('push-people').click();
      await pickOption(desk.page, 'Wang Min');
      await pickOption(desk.page, 'Zhao Lei');
      await desk.page.keyboard.press('Escape');
      await sms.check();
      await wechatBox.check();
      await settledShot(desk.page, 'campuspush-sms-form-zh-CN');
      await desk.page.getByTestId('push-save').click();
      await desk.page.getByText('规则已保存').waitFor();
      const row = desk.page.getByTestId('push-table').locator('tr', { hasText: '打架短信通知' });
      await row.getByText('站内消息, 短信, 微信').waitFor();
      await row.getByText('情绪预警（严重）').waitFor();
      await settledShot(desk.page, 'campuspush-sms-rules-zh-CN');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }

    const { box } = await device('食堂摄像头', '食堂门口', { namesSchool: true });
    const reported = await box.report({ type: 'fight' });
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    // The jobs service texts Wang Min through the provider.
    await expect.poll(() => suite.server.sms.countTo(MOBILE), { timeout: 15_000 }).toBe(1);
    // ... and sends her the alert by WeChat.
    await expect.poll(() => wechat.delivered.map((d) => d.openid), { timeout: 15_000 }).toEqual([OPENID]);
    expect(wechat.delivered[0]?.data.content?.value).toMatch(/食堂门口发生打架/);

    const staff = await visit(suite.browser);
    try {
      await openMind(staff.page, suite.server.url, '/data/securityWarning', wang.token);
      const row = staff.page.getByTestId('alert-table').locator('tr', { hasText: '食堂门口' });
      await row.getByTestId('alert-open').click();
      const log = staff.page.getByTestId('alert-drawer').getByTestId('alert-deliveries');
      await log.scrollIntoViewIfNeeded();
      const texted = log.getByTestId('alert-delivery').filter({ hasText: 'Wang Min' }).filter({ hasText: '短信' });
      await texted.getByText('已发送').waitFor();
      const skipped = log.getByTestId('alert-delivery').filter({ hasText: 'Zhao Lei' }).filter({ hasText: '短信' });
      await skipped.getByText('未发送', { exact: true }).waitFor();
      await skipped.getByText('未填写手机号，未发送').waitFor();
      const wechatSent = log.getByTestId('alert-delivery').filter({ hasText: 'Wang Min' }).filter({ hasText: '微信' });
      await wechatSent.getByText('已发送').waitFor();
      const unbound = log.getByTestId('alert-delivery').filter({ hasText: 'Zhao Lei' }).filter({ hasText: '微信' });
      await unbound.getByText('未绑定微信，未发送').waitFor();
      await settledShot(staff.page, 'campuspush-sms-deliveries-zh-CN');
      // In English, the reason reads in English.
      await staff.page.locator('.ant-drawer-close').click();
      await staff.page.getByTestId('lang-switch').getByText('English').click();
      await row.getByTestId('alert-open').click();
      await log.scrollIntoViewIfNeeded();
      await log
        .getByTestId('alert-delivery')
        .filter({ hasText: 'Zhao Lei' })
        .filter({ hasText: 'SMS' })
        .getByText('No mobile number on file: not sent')
        .waitFor();
      await log
        .getByTestId('alert-delivery')
        .filter({ hasText: 'Zhao Lei' })
        .filter({ hasText: 'WeChat' })
        .getByText('No WeChat bound: not sent')
        .waitFor();
      await settledShot(staff.page, 'campuspush-sms-deliveries-en');
      expect(unexpected(staff.problems)).toEqual([]);
    } finally {
      await staff.close();
    }
  }, 120_000);
});
