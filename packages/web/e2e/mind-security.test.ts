import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { png } from '../../server/test/files.ts';
import { CampusBox } from '../../simulator/src/index.ts';
import { visit } from './browser.ts';
import { campusSchool, openEmptyEquipment, securityStaff, shownDeviceSecret } from './campus-walks.ts';
import { pickOption } from './dropdowns.ts';
import { goInApp, mindUser, openMind } from './mind-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();
const SCHOOL_ADMIN = 2;

/** Opens the alert of `place` in the list and waits for its drawer. */
async function openAlert(page: Page, place: string) {
  const row = page.getByTestId('alert-table').locator('tr', { hasText: place });
  await row.locator('img[alt="抓拍"]').waitFor();
  await row.getByTestId('alert-open').click();
  const drawer = page.getByTestId('alert-drawer');
  await drawer.getByTestId('alert-timeline').waitFor();
  return drawer;
}

describe('behaviour alerts from campus devices (issue 22)', () => {
  it('an admin adds a camera, the box reports a fight, staff hand it over and the other person solves it', async () => {
    const { admin, schoolId } = await campusSchool(suite.server);
    const wang = await securityStaff(suite.server, schoolId, 'Wang Min');
    const zhao = await securityStaff(suite.server, schoolId, 'Zhao Lei');

    // The administrator adds a camera: its secret is shown once, and never again.
    let deviceKey = '';
    let secret = '';
    const desk = await visit(suite.browser);
    try {
      await openEmptyEquipment(desk.page, suite.server.url, admin.token);
      await desk.page.getByTestId('device-add').click();
      await desk.page.getByTestId('device-save').click();
      await desk.page.getByText('请输入设备名称（50 字以内）').waitFor();
      await desk.page.getByText('请输入安装位置（100 字以内）').waitFor();
      await desk.page.getByTestId('device-name').fill('操场东侧摄像头');
      await desk.page.getByTestId('device-location').fill('操场东侧');
      await settledShot(desk.page, 'campuspages-device-form-zh-CN');
      await desk.page.getByTestId('device-save').click();
      ({ deviceKey, secret } = await shownDeviceSecret(desk.page));
      await desk.page.getByText('密钥只显示这一次').waitFor();
      expect(deviceKey).toMatch(/^cd_[0-9a-f]{24}$/);
      expect(secret.length).toBeGreaterThan(30);
      await settledShot(desk.page, 'campuspages-device-secret-zh-CN');
      await desk.page.getByTestId('device-secret-done').click();
      const row = desk.page.getByTestId('equipment-table').locator('tr', { hasText: '操场东侧' });
      await row.getByText('离线').waitFor();
      // The administrator corrects the name; the key stays, so the installed camera keeps working.
      await row.getByText('编辑').click();
      await desk.page.getByTestId('device-name').fill('操场东侧 1 号摄像头');
      await desk.page.getByTestId('device-save').click();
      await desk.page.getByText('设备已保存').waitFor();
      await desk.page.getByTestId('equipment-table').getByText('操场东侧 1 号摄像头').waitFor();
      expect(await desk.page.getByTestId('equipment-page').innerText()).not.toContain(secret);

      // The simulated campus box, over real HTTP and signed with that secret, says it is alive and reports a fight.
      const box = new CampusBox({ baseUrl: suite.server.url, deviceKey, secret, schoolId });
      expect((await box.heartbeat()).status).toBe(200);
      const reported = await box.report({ type: 'fight', snapshot: png(160, 120) });
      expect(reported.status, JSON.stringify(reported.body)).toBe(200);
      await desk.page.reload();
      await row.getByText('在线').waitFor();
      await settledShot(desk.page, 'campuspages-equipment-zh-CN');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }

    // Wang Min, of the security staff, sees the fight with its snapshot, acknowledges it and hands it over.
    const first = await visit(suite.browser);
    try {
      await openMind(first.page, suite.server.url, '/data/securityWarning', wang.token);
      await first.page.getByTestId('alert-stats').getByTestId('alert-count-fight').getByText('1').waitFor();
      await first.page.getByTestId('alert-day-chart').waitFor();
      await first.page.getByTestId('alert-table').locator('img[alt="抓拍"]').waitFor();
      await settledShot(first.page, 'campuspages-alerts-zh-CN');
      const drawer = await openAlert(first.page, '操场东侧');
      // The thumbnail opens the full snapshot.
      await drawer.locator('img[alt="抓拍"]').click();
      await first.page.locator('.ant-image-preview img').waitFor();
      await first.page.keyboard.press('Escape');
      await first.page.locator('.ant-image-preview').waitFor({ state: 'hidden' });
      await drawer.getByTestId('alert-acknowledge').click();
      await drawer.getByTestId('alert-step').filter({ hasText: '确认预警' }).waitFor();
      await drawer.getByTestId('alert-handover').click();
      await drawer.getByTestId('alert-handover-to').click();
      await pickOption(first.page, 'Zhao Lei');
      await drawer.getByTestId('alert-step-text').fill('请与两位学生谈话');
      await drawer.getByTestId('alert-step-submit').click();
      await drawer.getByTestId('alert-step').filter({ hasText: '转交给 Zhao Lei' }).waitFor();
      await drawer.getByText('这条预警已转交给 Zhao Lei，由其继续处理').waitFor();
      await settledShot(first.page, 'campuspages-alert-handed-zh-CN');
      // Security staff handle alerts; the equipment is the administrators': they are told so, in words.
      await goInApp(first.page, '/data/equipmentManage');
      await first.page.getByText('当前角色无权管理校园设备，如需使用请联系管理员。').waitFor();
      expect(unexpected(first.problems)).toEqual([]);
    } finally {
      await first.close();
    }

    // Zhao Lei solves it; the timeline shows every step, in order.
    const second = await visit(suite.browser);
    try {
      await openMind(second.page, suite.server.url, '/data/securityWarning', zhao.token);
      const drawer = await openAlert(second.page, '操场东侧');
      await drawer.getByTestId('alert-solve').click();
      await drawer.getByTestId('alert-step-submit').click();
      await drawer.getByText('请填写处理结果（500 字以内）').waitFor();
      await drawer.getByTestId('alert-step-text').fill('已与双方谈话并通知家长');
      await drawer.getByTestId('alert-step-submit').click();
      await drawer.getByText('这条预警已处理完毕').waitFor();
      const steps = await drawer.getByTestId('alert-step').allInnerTexts();
      expect(steps.map((s) => s.split('\n')[0])).toEqual([
        '设备上报',
        '确认预警 · Wang Min',
        '转交 · Wang Min · 转交给 Zhao Lei',
        '处理完成 · Zhao Lei',
      ]);
      expect(steps[2]).toContain('请与两位学生谈话');
      expect(steps[3]).toContain('已与双方谈话并通知家长');
      await settledShot(second.page, 'campuspages-alert-solved-zh-CN');
      await drawer.locator('.ant-drawer-close').click();
      await second.page.getByTestId('alert-table').locator('tr', { hasText: '操场东侧' }).getByText('已解决').waitFor();
      // Filtered to what is still open, the list is empty and says so.
      await second.page.getByTestId('alert-filter-state').click();
      await pickOption(second.page, '待处理');
      await second.page.getByText('没有符合条件的行为预警').waitFor();
      await settledShot(second.page, 'campuspages-alerts-filtered-zh-CN');
      expect(unexpected(second.problems)).toEqual([]);
    } finally {
      await second.close();
    }

    // Another school's administrator sees none of it, in English too.
    const other = await mindUser(suite.server, { roleId: SCHOOL_ADMIN });
    const elsewhere = await visit(suite.browser);
    try {
      await openMind(elsewhere.page, suite.server.url, '/data/securityWarning', other.token);
      await elsewhere.page.getByText('没有符合条件的行为预警').waitFor();
      await elsewhere.page.getByTestId('lang-switch').getByText('English').click();
      await elsewhere.page.getByText('No behaviour alert matches').waitFor();
      await elsewhere.page.getByText('No alert in this period').waitFor();
      await settledShot(elsewhere.page, 'campuspages-alerts-other-school-en');
      await elsewhere.page.getByRole('tab', { name: 'Equipment' }).click();
      await elsewhere.page.getByText('No device yet').waitFor();
      await elsewhere.page.getByTestId('device-add').click();
      await elsewhere.page.getByTestId('device-save').click();
      await elsewhere.page.getByText('Enter the device name (up to 50 characters)').waitFor();
      await settledShot(elsewhere.page, 'campuspages-device-form-en');
      expect(unexpected(elsewhere.problems)).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  }, 120_000);
});
