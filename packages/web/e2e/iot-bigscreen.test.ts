import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { visit } from './browser.ts';
import { api, liveSuite, plcWorld } from './iot-live-walks.ts';
import { choose, IOT_MAIN_ROLE, openFromMenu, signInToIot, tempFile, tilePng } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { unexpected } from './portal-walks.ts';

const suite = liveSuite();
const wall = { viewport: { width: 1920, height: 1080 } };

describe('a Device Cloud user on the large-screen monitor', () => {
  it('opens the monitor on a 1920x1080 wall, sees the counts, sets its title and logo, and sees a new alarm arrive', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, problems, close } = await visit(suite.browser, wall);
    const world = await (async () => {
      await signInToIot(page, suite.server.url, user);
      return plcWorld(page, suite.server.url, suite.server.dtuPort, 'BIGSCREENWALK0000001');
    })();
    try {
      world.dtu.start();
      await world.dtu.ready();

      // ---- The menu entry opens the monitor full screen, outside the frame: the device is counted.
      await page.reload();
      await page.getByTestId('iot-home').waitFor();
      await openFromMenu(page, '设备管理', '监控大屏');
      await page.getByTestId('bigscreen').waitFor();
      expect(await page.getByTestId('iot-layout').count()).toBe(0);
      await page.getByTestId('bigscreen-title').getByText('物联网设备监控大屏').waitFor();
      await expect.poll(() => page.getByTestId('bigscreen-count-total').innerText()).toMatch(/设备总数\s+1/);
      await expect.poll(() => page.getByTestId('bigscreen-count-online').innerText()).toMatch(/在线\s+1/);
      await page.locator('[data-testid="bigscreen-status-chart"][data-drawn="true"]').waitFor();
      await page.getByTestId('bigscreen-feed').or(page.getByText('暂无报警').first()).first().waitFor();
      await settledShot(page, 'bigscreen-overview-zh-CN');

      // ---- Settings: a title over 40 characters is refused; a title, a logo and a 10 s refresh are kept.
      await page.getByTestId('bigscreen-menu-setting').click();
      const drawer = page.getByTestId('bigscreen-settings');
      await drawer.getByLabel('大屏标题').fill('很'.repeat(41));
      await drawer.locator('.ant-form-item-explain-error').first().waitFor();
      await drawer.getByLabel('大屏标题').fill('一号水厂监控中心');
      await drawer.locator('input[type="file"]').setInputFiles(tempFile('logo.png', tilePng()));
      await drawer.getByTestId('bigscreen-settings-logo').waitFor();
      await choose(page, drawer.getByLabel('刷新间隔'), '10 秒');
      await settledShot(page, 'bigscreen-settings-zh-CN');
      await page.getByTestId('bigscreen-settings-save').click();
      await page.getByText('大屏设置已保存').waitFor();
      await page.getByTestId('bigscreen-title').getByText('一号水厂监控中心').waitFor();
      await page.getByTestId('bigscreen-logo').waitFor();
      await page
        .getByTestId('bigscreen-updated')
        .getByText(/每 10 秒刷新/)
        .waitFor();
      // Kept for the account: a reload shows them again.
      await page.reload();
      await page.getByTestId('bigscreen-title').getByText('一号水厂监控中心').waitFor();

      // ---- Monitoring: the device list with its live values.
      await page.getByTestId('bigscreen-menu-monitoring').click();
      const values = page.getByTestId(`bigscreen-values-${world.deviceId}`);
      await values.getByText('出水温度').waitFor();
      await expect.poll(() => values.innerText(), { timeout: 15_000 }).toMatch(/出水温度\s+\d/);
      await settledShot(page, 'bigscreen-devices-zh-CN');

      // ---- Alarm info: the feed is empty; the simulated device crosses a new trigger's threshold and
      // its alarm arrives in the feed, marked new, without waiting for the refresh.
      await page.getByRole('tab', { name: '报警信息' }).click();
      await page.getByText('暂无报警').waitFor();
      await api(page, suite.server.url, 'POST', 'iot/triggers', {
        name: '出水温度过高',
        scope: 'device',
        deviceId: world.deviceId,
        conditions: [{ kind: 'gt', pointId: world.points.temperature, value: 5 }],
        deadZone: 0,
        pushInterval: 0,
      });
      const arrived = page.locator('[data-testid="bigscreen-feed-item"][data-fresh="true"]');
      await arrived.first().waitFor({ timeout: 15_000 });
      expect(await arrived.first().innerText()).toContain('一号泵站');
      await expect.poll(() => arrived.first().innerText()).toContain('新');
      await settledShot(page, 'bigscreen-feed-zh-CN');

      // ---- Alarm statistics: today's alarm is counted and the top device is the pump station.
      await page.getByRole('tab', { name: '报警统计' }).click();
      await expect.poll(() => page.getByTestId('bigscreen-alarms-today').innerText()).toMatch(/今日报警\s+1/);
      await page.locator('[data-testid="bigscreen-top-devices"][data-drawn="true"]').waitFor();
      await page.locator('[data-testid="bigscreen-alarm-trend"][data-drawn="true"]').waitFor();
      await settledShot(page, 'bigscreen-alarms-zh-CN');

      // ---- Home goes back to the overview, now with the device in alarm; exit returns to Device Cloud.
      await page.getByTestId('bigscreen-menu-home').click();
      await expect.poll(() => page.getByTestId('bigscreen-count-alarm').innerText()).toMatch(/报警\s+1/);
      await settledShot(page, 'bigscreen-overview-alarm-zh-CN');
      // ---- In English: the menu, the tabs and the figures' labels.
      await page.getByText('English', { exact: true }).click();
      await page.getByRole('tab', { name: 'Alarm statistics' }).waitFor();
      await page.getByTestId('bigscreen-menu-monitoring').getByText('Monitoring').waitFor();
      await expect.poll(() => page.getByTestId('bigscreen-count-alarm').innerText()).toMatch(/Alarm\s+1/i);
      await settledShot(page, 'bigscreen-overview-en');
      await page.getByText('中文', { exact: true }).click();
      await page.getByRole('tab', { name: '报警统计' }).waitFor();
      await page.getByTestId('bigscreen-menu-exit').click();
      await page.getByTestId('iot-home').waitFor();
      await page.getByTestId('home-bigscreen').click();
      await page.getByTestId('bigscreen').waitFor();

      expect(unexpected(problems)).toEqual([]);
    } finally {
      world.dtu.stop();
      await close();
    }
  }, 120_000);
});
