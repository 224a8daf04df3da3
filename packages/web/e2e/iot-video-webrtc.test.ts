import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startWhepCamera } from '../../server/src/platform/video/whep-testing.ts';
import { buildUser } from '../../server/test/factories.ts';
import { screenshot, visit } from './browser.ts';
import { api, liveSuite } from './iot-live-walks.ts';
import { IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { unexpected } from './portal-walks.ts';

const suite = liveSuite();

/** What the page's video element of a camera shows: its picture's width and how far it has played. */
const picture = (page: Page, cameraId: number) =>
  page.getByTestId(`video-${cameraId}`).evaluate((v: HTMLVideoElement) => ({ width: v.videoWidth, t: v.currentTime }));

describe('a Device Cloud user watching a WebRTC camera', () => {
  it('adds a camera by its WHEP address and sees it play in the Video Monitor, beside one that refuses in words', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const camera = await startWhepCamera({ token: 'dock-token' });
    const refusing = await startWhepCamera({ refuseWith: 404 });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await signInToIot(page, suite.server.url, user);

      // ---- Camera List: the WebRTC camera (its token in the address), then one whose stream does not exist.
      await openFromMenu(page, '视频监控', '摄像头列表');
      await page.getByTestId('cameras-table').getByText('还没有摄像头').waitFor();
      const addCamera = async (name: string, url: string, shot?: string) => {
        await page.getByTestId('camera-add').click();
        const modal = page.locator('.ant-modal:visible');
        await page.getByTestId('camera-name').fill(name);
        await page.getByTestId('camera-url').fill(url);
        if (shot) await settledShot(page, shot);
        await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
        await modal.waitFor({ state: 'hidden' });
        return page.getByTestId('cameras-table').locator('tbody tr', { hasText: name });
      };
      const dock = await addCamera(
        '码头 WebRTC 摄像头',
        camera.url.replace('http://', 'http://:dock-token@'),
        'webrtc-camera-add-zh-CN',
      );
      await dock.getByText('WebRTC', { exact: true }).waitFor();
      // The token is masked in the list.
      await dock.getByText(':***@127.0.0.1').waitFor();
      expect(await dock.textContent()).not.toContain('dock-token');
      await addCamera('仓库 WebRTC 摄像头', refusing.url);
      await settledShot(page, 'webrtc-camera-list-zh-CN');

      // ---- Video Monitor: the WebRTC camera plays in the browser (frames, time advancing).
      await openFromMenu(page, '视频监控', '实时监控');
      await page.getByTestId('monitor-wall').waitFor();
      const cameras = await api<{ list: Array<{ id: number; name: string }> }>(
        page,
        suite.server.url,
        'GET',
        'iot/cameras?page=1&size=10',
      );
      const dockId = cameras.list.find((c) => c.name === '码头 WebRTC 摄像头')?.id ?? 0;
      const refusedId = cameras.list.find((c) => c.name === '仓库 WebRTC 摄像头')?.id ?? 0;
      await expect.poll(async () => (await picture(page, dockId)).width, { timeout: 20_000 }).toBe(320);
      const started = (await picture(page, dockId)).t;
      await expect.poll(async () => (await picture(page, dockId)).t, { timeout: 15_000 }).toBeGreaterThan(started + 1);
      expect(await page.getByTestId(`live-${dockId}`).getAttribute('data-state')).toBe('playing');
      // The offer went through the server: the camera got it with its token, the page never saw the address.
      expect(camera.authorization).toBe('Bearer dock-token');
      await page
        .getByTestId(`live-error-${refusedId}`)
        .getByText('摄像头拒绝了播放请求（HTTP 404: stream not found）。请检查地址中的流名称和账号密码')
        .waitFor();
      await settledShot(page, 'webrtc-monitor-zh-CN');

      // ---- In English: opened again, the refusal is said in English; leaving the monitor ends the camera's session.
      await page.getByText('English', { exact: true }).click();
      await page.getByTestId(`live-${refusedId}`).getByRole('button', { name: 'Open again' }).click();
      await page
        .getByTestId(`live-error-${refusedId}`)
        .getByText('The camera refused the offer (HTTP 404: stream not found).', { exact: false })
        .waitFor();
      await expect.poll(async () => (await picture(page, dockId)).width, { timeout: 20_000 }).toBe(320);
      await settledShot(page, 'webrtc-monitor-en');
      await openFromMenu(page, 'Video monitoring', 'Camera List');
      await expect.poll(() => camera.ended.length, { timeout: 10_000 }).toBe(1);

      // ---- Back to the monitor, the camera stops: once ICE consent lapses (~20 s) the view says so.
      await openFromMenu(page, 'Video monitoring', 'Video Monitor');
      await expect.poll(async () => (await picture(page, dockId)).width, { timeout: 20_000 }).toBe(320);
      await camera.stop();
      await page
        .getByTestId(`live-error-${dockId}`)
        .getByText('The video was interrupted; open it again')
        .waitFor({ timeout: 45_000 });
      await settledShot(page, 'webrtc-monitor-stopped-en');
      // The refused offers are answered 502 with the sentence shown; nothing else went wrong on the page.
      expect(unexpected(problems, /502/)).toEqual([]);
    } catch (error) {
      await screenshot(page, 'webrtc-walk-failure');
      console.error(problems);
      throw error;
    } finally {
      await close();
      await refusing.stop();
      await camera.stop();
    }
  }, 120_000);
});
