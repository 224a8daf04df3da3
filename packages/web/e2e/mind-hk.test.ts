import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startStandInNvr } from '../../server/src/platform/video/nvr-testing.ts';
import { startNotAStream, startTestCamera } from '../../server/src/platform/video/testing.ts';
import { png } from '../../server/test/files.ts';
import { CampusBox } from '../../simulator/src/index.ts';
import { screenshot, visit } from './browser.ts';
import { campusSchool, openEmptyEquipment, securityStaff, shownDeviceSecret } from './campus-walks.ts';
import { pickOption } from './dropdowns.ts';
import { goInApp, mindTitle, openMind } from './mind-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();

/** What the playback's video element says about its playing. */
const playing = (page: Page) =>
  page.getByTestId('video-hk').evaluate((v: HTMLVideoElement) => ({ t: v.currentTime, ready: v.readyState }));

/** Waits until the video has a picture and its time moves on by more than a second. */
async function seePlaying(page: Page) {
  await expect.poll(async () => (await playing(page)).ready, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  const started = (await playing(page)).t;
  await expect.poll(async () => (await playing(page)).t, { timeout: 15_000 }).toBeGreaterThan(started + 1);
}

describe('campus video playback around an event (hk, issue 22)', () => {
  it('an admin gives a camera its stream, the box reports a fight, and security staff play it from the alert and stop it', async () => {
    const db = suite.server.db;
    const camera = await startTestCamera();
    const broken = await startNotAStream();
    const { admin, schoolId } = await campusSchool(suite.server);
    const wang = await securityStaff(suite.server, schoolId, 'Wang Min');
    try {
      // The administrator adds the camera with its stream address, and a second one whose address is no stream.
      let deviceKey = '';
      let secret = '';
      const desk = await visit(suite.browser);
      try {
        await openEmptyEquipment(desk.page, suite.server.url, admin.token);
        for (const [name, place, address] of [
          ['路由器摄像头', '车棚', broken.url],
          ['楼梯口摄像头', '教学楼东楼梯', camera.url],
        ] as const) {
          await desk.page.getByTestId('device-add').click();
          await desk.page.getByTestId('device-name').fill(name);
          await desk.page.getByTestId('device-location').fill(place);
          await desk.page.getByTestId('device-stream').fill('http://127.0.0.1/index.html');
          await desk.page.getByTestId('device-save').click();
          await desk.page.getByText('视频流地址须为 rtsp://…').waitFor();
          await desk.page.getByTestId('device-stream').fill(address);
          if (name === '楼梯口摄像头') await settledShot(desk.page, 'hkvideo-device-stream-zh-CN');
          await desk.page.getByTestId('device-save').click();
          ({ deviceKey, secret } = await shownDeviceSecret(desk.page));
          await desk.page.getByTestId('device-secret-done').click();
        }
        expect(unexpected(desk.problems)).toEqual([]);
      } finally {
        await desk.close();
      }
      const box = new CampusBox({ baseUrl: suite.server.url, deviceKey, secret, schoolId });
      const occurredAt = Date.now() - 5 * 60_000;
      const reported = await box.report({ type: 'fight', occurredAt, snapshot: png(160, 120) });
      expect(reported.status, JSON.stringify(reported.body)).toBe(200);

      // Wang Min opens the fight's details and its playback: the video plays beside the snapshot and time.
      const staff = await visit(suite.browser);
      try {
        const { page } = staff;
        await openMind(page, suite.server.url, '/data/securityWarning', wang.token);
        const row = page.getByTestId('alert-table').locator('tr', { hasText: '教学楼东楼梯' });
        await row.locator('img[alt="抓拍"]').waitFor();
        await row.getByTestId('alert-open').click();
        const drawer = page.getByTestId('alert-drawer');
        await drawer.getByTestId('alert-playback').click();
        await page.getByTestId('hk-page').waitFor();
        expect(new URL(page.url()).searchParams.get('alertId')).toBe(
          String((reported.body.data as { alertId: number }).alertId),
        );
        await expect.poll(() => page.title()).toBe(mindTitle('hk'));
        await seePlaying(page);
        const event = page.getByTestId('hk-event');
        await event.getByTestId('hk-event-type').getByText('打架').waitFor();
        await event.locator('img[alt="抓拍"]').waitFor();
        await event.getByText('教学楼东楼梯').waitFor();
        expect(await event.getByTestId('hk-event-time').innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
        await page.getByText('摄像头的视频流地址只提供实时画面').waitFor();
        // This camera has no recorder: the switch keeps the live picture, and the page says why.
        await page.getByTestId('hk-no-recorder').getByText('该摄像头没有填写录像机地址').waitFor();
        await screenshot(page, 'hkvideo-alert-playing-zh-CN');

        // Stop: the player goes, and the server records the start and the stop.
        await page.getByTestId('hk-stop').click();
        await page.getByTestId('hk-idle').getByText('回放已停止').waitFor();
        const trail = () =>
          db
            .selectFrom('audit_log')
            .select(['action', 'result'])
            .where('user_id', '=', wang.id)
            .where('action', 'like', 'campusPlayback.%')
            .orderBy('id')
            .execute();
        await expect
          .poll(async () => (await trail()).map((r) => `${r.action}:${r.result}`))
          .toEqual(['campusPlayback.start:ok', 'campusPlayback.stop:ok']);

        // Another camera of the school, picked here: its address is not a stream, and ffmpeg's reason is shown in words.
        await page.getByTestId('hk-pick-other').click();
        await page.getByTestId('hk-camera').click();
        await pickOption(page, '路由器摄像头');
        await page.getByTestId('hk-play').click();
        const error = page.getByTestId('live-error-hk');
        await error.waitFor({ timeout: 30_000 });
        expect(await error.innerText()).toMatch(/^无法播放该摄像头的视频流：.*Invalid data found/);
        await settledShot(page, 'hkvideo-stream-failed-zh-CN');

        // The good camera, picked by hand, in English.
        await page.getByTestId('hk-camera').click();
        await pickOption(page, '楼梯口摄像头');
        await page.getByTestId('lang-switch').getByText('English').click();
        await page.getByTestId('hk-play').click();
        await seePlaying(page);
        await page.getByText('Open the playback from a behaviour alert’s details').waitFor();
        await screenshot(page, 'hkvideo-picked-playing-en');
        await page.getByTestId('hk-stop').click();
        await page.getByTestId('hk-idle').waitFor();
        // Leaving the page by a link is fine too; the tab row shows the playback beside the alerts.
        await goInApp(page, '/data/securityWarning');
        await page.getByRole('tab', { name: 'Video playback' }).waitFor();
        // The broken camera's start was refused (502) in the console as well as on the page.
        expect(
          unexpected(staff.problems, /502: .*\/video\/playback\/start$/, /status of 502 \(Bad Gateway\)$/),
        ).toEqual([]);
      } finally {
        await staff.close();
      }
    } finally {
      await camera.stop();
      await broken.stop();
    }
  });

  it('security staff play the recording around a fight from the school’s recorder, and read why another time has none', async () => {
    const db = suite.server.db;
    const hour = 3_600_000;
    // The recorder holds the hour that ended an hour ago; a fight in it plays, one after it does not.
    const nvr = await startStandInNvr({ from: Date.now() - 2 * hour, to: Date.now() - hour });
    const { admin, schoolId } = await campusSchool(suite.server);
    const li = await securityStaff(suite.server, schoolId, 'Li Hua');
    try {
      // The administrator gives the gate camera its recorder: the form refuses an address with times in it.
      let deviceKey = '';
      let secret = '';
      const desk = await visit(suite.browser);
      try {
        await openEmptyEquipment(desk.page, suite.server.url, admin.token);
        await desk.page.getByTestId('device-add').click();
        await desk.page.getByTestId('device-name').fill('校门摄像头');
        await desk.page.getByTestId('device-location').fill('南校门');
        await desk.page.getByTestId('device-recorder').fill(`${nvr.url}?starttime=20260101T000000Z`);
        await desk.page.getByTestId('device-save').click();
        await desk.page.getByText('录像机地址须为 rtsp://… 回放地址').waitFor();
        await desk.page.getByTestId('device-recorder').fill(nvr.url);
        await settledShot(desk.page, 'campusrec-device-recorder-zh-CN');
        await desk.page.getByTestId('device-save').click();
        ({ deviceKey, secret } = await shownDeviceSecret(desk.page));
        await desk.page.getByTestId('device-secret-done').click();
        expect(unexpected(desk.problems)).toEqual([]);
      } finally {
        await desk.close();
      }
      const box = new CampusBox({ baseUrl: suite.server.url, deviceKey, secret, schoolId });
      const fightAt = Date.now() - 90 * 60_000;
      const fight = await box.report({ type: 'fight', occurredAt: fightAt, snapshot: png(160, 120) });
      expect(fight.status, JSON.stringify(fight.body)).toBe(200);
      const lateAt = Date.now() - 20 * 60_000;
      const late = await box.report({ type: 'crowding', occurredAt: lateAt, snapshot: png(160, 120) });
      expect(late.status, JSON.stringify(late.body)).toBe(200);

      const staff = await visit(suite.browser);
      try {
        const { page } = staff;
        await openMind(page, suite.server.url, '/data/securityWarning', li.token);
        const open = async (type: string) => {
          const row = page.getByTestId('alert-table').locator('tr', { hasText: type });
          await row.getByTestId('alert-open').click();
          await page.getByTestId('alert-drawer').getByTestId('alert-playback').click();
          await page.getByTestId('hk-page').waitFor();
        };
        await open('打架');
        await expect.poll(() => page.title()).toBe(mindTitle('hk'));
        // A camera with a recorder opens on the recording around the event, its time range shown.
        await page.getByTestId('hk-mode').getByText('事件前后的录像').waitFor();
        expect(await page.getByTestId('hk-mode').locator('.ant-segmented-item-selected').innerText()).toBe(
          '事件前后的录像',
        );
        expect(await page.getByTestId('hk-range').innerText()).toMatch(
          /^录像时段：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
        );
        await seePlaying(page);
        await page.getByText('从事件（或所选时间）前 30 秒播放到其后 60 秒').waitFor();
        // The recorder was asked for 30 s before the fight to 60 s after, in its own time form.
        const hik = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
        const from = Math.floor((fightAt - 30_000) / 1000) * 1000;
        expect(nvr.asked).toContain(
          `${nvr.url.replace('admin:nvr-pass@', '')}?starttime=${hik(from)}&endtime=${hik(from + 90_000)}`,
        );
        await screenshot(page, 'campusrec-recorded-playing-zh-CN');

        // The live picture is not offered: this camera has only a recorder.
        expect(await page.getByTestId('hk-mode').locator('.ant-segmented-item-disabled').innerText()).toBe('实时画面');
        await page.getByTestId('hk-stop').click();
        await page.getByTestId('hk-idle').getByText('回放已停止').waitFor();

        // The crowding came after what the recorder holds: the recorder's refusal reaches Li Hua as a sentence.
        await goInApp(page, '/data/securityWarning');
        await open('人员聚集');
        const error = page.getByTestId('live-error-hk');
        await error.waitFor({ timeout: 30_000 });
        expect(await error.innerText()).toMatch(/^录像机中没有摄像头“校门摄像头”在 .+ 至 .+（北京时间）的录像$/);
        await settledShot(page, 'campusrec-not-recorded-zh-CN');

        // The camera picked by hand, with a chosen time inside what the recorder holds: it plays that minute.
        await page.getByTestId('hk-pick-other').click();
        await page.getByTestId('hk-camera').click();
        await pickOption(page, '校门摄像头');
        const chosen = fightAt + 10 * 60_000;
        // Typed as the page's clock shows it (the browser's time zone).
        const typed = await page.evaluate((at) => {
          const d = new Date(at);
          const p = (n: number) => String(n).padStart(2, '0');
          return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
        }, chosen);
        await page.getByTestId('hk-at').click();
        await page.getByPlaceholder('选择要查看的时间').fill(typed);
        await page.getByPlaceholder('选择要查看的时间').press('Enter');
        await page.getByTestId('hk-play').click();
        await seePlaying(page);
        const chosenFrom = Math.floor((chosen - 30_000) / 1000) * 1000;
        expect(nvr.asked.at(-1)).toBe(
          `${nvr.url.replace('admin:nvr-pass@', '')}?starttime=${hik(chosenFrom)}&endtime=${hik(chosenFrom + 90_000)}`,
        );
        await screenshot(page, 'campusrec-chosen-time-playing-zh-CN');
        await page.getByTestId('hk-stop').click();
        await page.getByTestId('hk-idle').waitFor();
        const trail = () =>
          db
            .selectFrom('audit_log')
            .select(['action', 'result'])
            .where('user_id', '=', li.id)
            .where('action', 'like', 'campusPlayback.%')
            .orderBy('id')
            .execute();
        await expect
          .poll(async () => (await trail()).map((r) => `${r.action}:${r.result}`))
          .toEqual([
            'campusPlayback.start:ok',
            'campusPlayback.stop:ok',
            'campusPlayback.start:fail',
            'campusPlayback.start:ok',
            'campusPlayback.stop:ok',
          ]);
        expect(unexpected(staff.problems, /404: .*\/video\/playback\/start$/, /status of 404 \(Not Found\)$/)).toEqual(
          [],
        );
      } finally {
        await staff.close();
      }
    } finally {
      await nvr.stop();
    }
  });
});
