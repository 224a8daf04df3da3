import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startTestCamera } from '../../server/src/platform/video/testing.ts';
import { buildUser } from '../../server/test/factories.ts';
import { phone, screenshot, visit } from './browser.ts';
import { api, liveSuite, plcWorld } from './iot-live-walks.ts';
import { choose, fieldError, IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { unexpected } from './portal-walks.ts';

// The job worker takes the alarm snapshots.
const suite = liveSuite({ jobs: true });

/** What the page's video element of a camera says about its playing. */
const playback = (page: Page, cameraId: number) =>
  page.getByTestId(`video-${cameraId}`).evaluate((v: HTMLVideoElement) => ({ t: v.currentTime, ready: v.readyState }));

describe('a Device Cloud user watching a camera beside a device', () => {
  it('adds the test camera bound to a device and sees it play in the 4-view monitor beside the device’s values', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const camera = await startTestCamera();
    const { page, problems, close } = await visit(suite.browser);
    let world: Awaited<ReturnType<typeof plcWorld>> | undefined;
    try {
      await signInToIot(page, suite.server.url, user);
      world = await plcWorld(page, suite.server.url, suite.server.dtuPort, 'VIDEOWALK00000000001');
      world.dtu.start();
      await world.dtu.ready();

      // ---- Camera List: empty, then the test camera, after a refused address.
      await openFromMenu(page, '视频监控', '摄像头列表');
      await page.getByTestId('cameras-table').getByText('还没有摄像头').waitFor();
      await page.getByTestId('camera-add').click();
      const modal = page.locator('.ant-modal:visible');
      await page.getByTestId('camera-name').fill('一号泵站摄像头');
      await page.getByTestId('camera-url').fill('http://127.0.0.1/video.mp4');
      await choose(page, modal.getByTestId('camera-devices'), '一号泵站 (VIDEOWALK00000000001)');
      await modal.locator('.ant-modal-title').click();
      await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
      await fieldError(modal, '请填写视频流地址').waitFor();
      await page.getByTestId('camera-url').fill(camera.url);
      await settledShot(page, 'camera-add-zh-CN');
      await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
      const row = page.getByTestId('cameras-table').locator('tbody tr', { hasText: '一号泵站摄像头' });
      await row.getByText('HTTP-FLV').waitFor();
      await row.getByText('一号泵站', { exact: true }).waitFor();
      await settledShot(page, 'camera-list-zh-CN');

      // ---- Video Monitor, 4 views: the camera plays, the device's values beside it.
      await openFromMenu(page, '视频监控', '实时监控');
      await page.getByTestId('monitor-wall').waitFor();
      expect(await page.locator('[data-testid^="monitor-cell-"]').count()).toBe(4);
      const cameraId = Number(
        await page
          .locator('[data-testid^="live-"]')
          .first()
          .getAttribute('data-testid')
          .then((v) => v?.slice(5)),
      );
      await expect
        .poll(async () => (await playback(page, cameraId)).ready, { timeout: 30_000 })
        .toBeGreaterThanOrEqual(2);
      const started = (await playback(page, cameraId)).t;
      await expect
        .poll(async () => (await playback(page, cameraId)).t, { timeout: 15_000 })
        .toBeGreaterThan(started + 1);
      const values = page.getByTestId('monitor-cell-0').getByTestId('monitor-values');
      await values.getByText('一号泵站').waitFor();
      const temperature = values.getByTestId(`value-${world.deviceId}-${world.points.temperature}`);
      await expect
        .poll(async () => await temperature.textContent(), { timeout: 15_000 })
        .toMatch(/出水温度\d+(\.\d+)?/);
      await settledShot(page, 'camera-monitor-zh-CN');

      // ---- In English, at 9 views.
      await page.getByText('English', { exact: true }).click();
      await page.getByText('9 views').click();
      expect(await page.locator('[data-testid^="monitor-cell-"]').count()).toBe(9);
      await expect
        .poll(async () => (await playback(page, cameraId)).ready, { timeout: 30_000 })
        .toBeGreaterThanOrEqual(2);
      await settledShot(page, 'camera-monitor-9-en');

      // ---- The camera stops: the view says so in words.
      await camera.stop();
      await page
        .getByTestId(`live-error-${cameraId}`)
        .getByText(/The camera stopped sending video|The camera’s stream cannot be played/)
        .waitFor({ timeout: 30_000 });
      await settledShot(page, 'camera-monitor-stopped-en');
      // The stopped camera's playlist is refused (502) in the console as well as in the view.
      expect(unexpected(problems, /502/)).toEqual([]);

      // ---- On a phone the views stack, values under the video.
      const onPhone = await visit(suite.browser, phone);
      try {
        await signInToIot(onPhone.page, suite.server.url, user);
        await onPhone.page.goto(`${suite.server.url}/iot/video/cameras`);
        await onPhone.page.getByTestId('cameras-table').getByText('一号泵站摄像头').waitFor();
        await settledShot(onPhone.page, 'camera-list-phone-zh-CN');
      } finally {
        await onPhone.close();
      }
    } catch (error) {
      await screenshot(page, 'camera-walk-failure');
      console.error(problems);
      throw error;
    } finally {
      world?.dtu.stop();
      await camera.stop();
      await close();
    }
  }, 120_000);

  it('fires an alarm on the camera’s device and finds the camera’s snapshot on the alarm record', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const camera = await startTestCamera();
    const { page, problems, close } = await visit(suite.browser);
    let world: Awaited<ReturnType<typeof plcWorld>> | undefined;
    try {
      await signInToIot(page, suite.server.url, user);
      world = await plcWorld(page, suite.server.url, suite.server.dtuPort, 'VIDEOWALK00000000002');
      // A camera whose address carries a password: the list shows it masked.
      const address = camera.url.replace('http://', 'http://viewer:Pw2026@');
      await api(page, suite.server.url, 'POST', 'iot/cameras', {
        name: '二号泵站摄像头',
        streamUrl: address,
        deviceIds: [world.deviceId],
      });
      await openFromMenu(page, '视频监控', '摄像头列表');
      const row = page.getByTestId('cameras-table').locator('tbody tr', { hasText: '二号泵站摄像头' });
      await row.getByText('viewer:***@', { exact: false }).waitFor();
      expect(await page.getByTestId('cameras-table').textContent()).not.toContain('Pw2026');
      await settledShot(page, 'camera-list-masked-zh-CN');

      // A trigger that holds at once: the first reading fires the alarm.
      await api(page, suite.server.url, 'POST', 'iot/triggers', {
        name: '出水温度报警',
        scope: 'device',
        deviceId: world.deviceId,
        conditions: [{ kind: 'gt', pointId: world.points.temperature, value: -1000 }],
        pushInterval: 0,
      });
      world.dtu.start();
      await world.dtu.ready();

      await openFromMenu(page, '报警与触发器', '报警记录');
      const table = page.getByTestId('alarm-record-page').getByTestId('alarms-table');
      const alarm = table.locator('tbody tr', { hasText: '一号泵站' }).first();
      await alarm.waitFor({ timeout: 30_000 });
      // The page reads the record again every 10 s: the snapshot appears once the job has taken it.
      const image = alarm.getByTestId('alarm-snapshot-image');
      await image.locator('img').waitFor({ timeout: 40_000 });
      await alarm.getByText('二号泵站摄像头').waitFor();
      await expect
        .poll(() => image.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 10_000 })
        .toBe(320);
      await settledShot(page, 'alarm-snapshot-record-zh-CN');
      await image.locator('img').click();
      await page.locator('.ant-image-preview-img').waitFor();
      await settledShot(page, 'alarm-snapshot-preview-zh-CN');
      await page.keyboard.press('Escape');
      await page.getByText('English', { exact: true }).click();
      await table.locator('th', { hasText: 'Snapshot' }).waitFor();
      await settledShot(page, 'alarm-snapshot-record-en');
      expect(unexpected(problems)).toEqual([]);
    } catch (error) {
      await screenshot(page, 'alarm-snapshot-walk-failure');
      console.error(problems);
      throw error;
    } finally {
      world?.dtu.stop();
      await camera.stop();
      await close();
    }
  }, 120_000);
});
