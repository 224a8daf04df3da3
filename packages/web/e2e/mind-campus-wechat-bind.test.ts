import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWechat } from '../../server/src/platform/wechat/stand-in.ts';
import { beijingDesktop, phone, visit } from './browser.ts';
import { beijingTimes, campusSchool, securityStaff } from './campus-walks.ts';
import { openMind } from './mind-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

// The deployment's official account takes WeChat's events (its server token set): a staff member
// binds their own WeChat by scanning the code on their personal information page, and the emotion
// alert's drawer shows each message sent about it (decision 0156). The WeChat stand-in plays both
// WeChat's API and the phone that scans.
const TOKEN = 'walkBindToken7';
const env: Record<string, string> = {
  CAMPUS_WECHAT_APP_ID: 'wx-campus-bind-walk',
  CAMPUS_WECHAT_APP_SECRET: 'campus-bind-walk-secret',
  CAMPUS_WECHAT_TEMPLATE_ID: 'TPL-campus-walk',
  CAMPUS_WECHAT_TOKEN: TOKEN,
};
let wechat: Awaited<ReturnType<typeof startWechat>>;
beforeAll(async () => {
  wechat = await startWechat(env.CAMPUS_WECHAT_APP_ID ?? '', env.CAMPUS_WECHAT_APP_SECRET ?? '');
  env.WECHAT_API_BASE = wechat.url;
});
afterAll(() => wechat?.close());
const suite = portalSuite({ services: ['api', 'jobs'] }, env);
const OPENID = 'oWalkBindHk2-Lm9_Qa7ZpR4tYc1Ve8';
const dark = { happy: 0.05, calm: 0.1, surprised: 0.05, sad: 0.5, angry: 0.2, fearful: 0.1 };

describe('staff bind their own WeChat; the emotion alert shows its messages (issue 22, decision 0156)', () => {
  it('a psychology teacher scans the code on her phone, gets the emotion alert by WeChat, and its drawer lists who was reached', async () => {
    const { schoolId, classId, device, pushAllDay } = await campusSchool(suite.server, '八年级', '八年级3班');
    const wang = await securityStaff(suite.server, schoolId, 'Wang Min');
    const zhao = await securityStaff(suite.server, schoolId, 'Zhao Lei');

    const mobile = await visit(suite.browser, phone);
    try {
      await openMind(mobile.page, suite.server.url, '/personalInformation', wang.token);
      const card = mobile.page.getByTestId('me-wechat');
      await card.getByText('微信接收校园预警').waitFor();
      await card.getByTestId('me-wechat-state').getByText('未绑定').waitFor();
      await card.getByTestId('me-wechat-bind').click();
      const dialog = mobile.page.getByTestId('me-wechat-dialog');
      await dialog.getByText('用微信扫一扫这个二维码').waitFor();
      await dialog.getByText(/等待扫码…/).waitFor();
      await expect.poll(() => wechat.codes().length).toBe(1);
      await settledShot(mobile.page, 'campusbind-qr-phone-zh-CN');

      // Her phone scans the code: she follows the account, WeChat pushes the signed event.
      const endpoint = `${suite.server.url}/api/apis-psychology/wechatBind/events`;
      const answer = await wechat.scan(wechat.codes()[0] ?? '', OPENID, { endpoint, token: TOKEN });
      expect(answer.body).toContain('绑定成功：Wang Min 将通过本公众号接收校园预警。');
      await dialog.getByTestId('me-wechat-done').getByText('绑定成功，以后的校园预警会发到这个微信。').waitFor();
      await settledShot(mobile.page, 'campusbind-qr-bound-phone-zh-CN');
      await dialog.getByTestId('me-wechat-close').click();
      await card.getByTestId('me-wechat-state').getByText('已绑定 …1Ve8').waitFor();
      await card.scrollIntoViewIfNeeded();
      await settledShot(mobile.page, 'campusbind-card-bound-phone-zh-CN');

      // A colleague who photographed the code cannot use it again: WeChat tells him in the chat.
      const replay = await wechat.scan(wechat.codes()[0] ?? '', 'oWalkOtherHk2-Lm9_Qa7ZpR4tYcZZ', {
        endpoint,
        token: TOKEN,
        following: true,
      });
      expect(replay.body).toContain('这个绑定二维码已经用过，不能再次使用，未绑定。');
      expect(unexpected(mobile.problems)).toEqual([]);
    } finally {
      await mobile.close();
    }

    // The administrator tells both of emotion alerts by site message and WeChat; a classroom box reports a dark hour.
    await pushAllDay('情绪预警微信通知', ['emotion'], [wang.id, zhao.id], ['site', 'wechat']);
    const { box } = await device('八年级教室摄像头', '教学楼三层');
    const [at] = beijingTimes(1, [[10, 0]]);
    const sent = await box.emotion({ classId, faces: 40, emotions: dark, occurredAt: at });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // The jobs service sends Wang Min the alert by WeChat, to the openid she bound.
    await expect.poll(() => wechat.delivered.map((d) => d.openid), { timeout: 15_000 }).toEqual([OPENID]);

    const desk = await visit(suite.browser, beijingDesktop);
    try {
      await openMind(desk.page, suite.server.url, '/data/intelEmotion', wang.token);
      // Her inbox holds the site message once, not the WeChat sent beside it.
      await desk.page.getByTestId('emotion-messages').getByText('1 条未读').waitFor();
      const row = desk.page.getByTestId('emotion-alert-table').locator('tr', { hasText: '八年级3班' });
      await row.getByTestId('emotion-alert-details').click();
      const drawer = desk.page.getByTestId('emotion-alert-drawer');
      await drawer.getByText('八年级3班').first().waitFor();
      const log = drawer.getByTestId('alert-deliveries');
      await log.getByText('推送记录').waitFor();
      const item = (name: string, channel: string) =>
        log.getByTestId('alert-delivery').filter({ hasText: name }).filter({ hasText: channel });
      await item('Wang Min', '微信').getByText('已发送').waitFor();
      await item('Wang Min', '站内消息').getByText('已发送').waitFor();
      await item('Zhao Lei', '站内消息').getByText('已发送').waitFor();
      await item('Zhao Lei', '微信').getByText('未绑定微信，未发送').waitFor();
      await settledShot(desk.page, 'campusbind-emotion-deliveries-zh-CN');
      await desk.page.locator('.ant-drawer-close').click();
      await desk.page.getByTestId('lang-switch').getByText('English').click();
      await row.getByTestId('emotion-alert-details').click();
      await item('Zhao Lei', 'WeChat').getByText('No WeChat bound: not sent').waitFor();
      await item('Wang Min', 'WeChat').getByText('Sent').waitFor();
      await settledShot(desk.page, 'campusbind-emotion-deliveries-en');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }
  }, 150_000);
});
