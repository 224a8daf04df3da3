import type { ScadaDetail } from '@meridian/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { phone, screenshot, visit } from './browser.ts';
import { api, liveSuite, plcWorld } from './iot-live-walks.ts';
import { choose, IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { dialog, question, settledShot, spaced } from './portal-admin-walks.ts';
import { awaitText, unexpected } from './portal-walks.ts';

const suite = liveSuite();

/** Clicks the middle of the `index`th element of a screen in run mode. */
async function pressOnCanvas(page: Page, screen: ScadaDetail, index: number) {
  const element = screen.document.elements[index];
  const box = await page.getByTestId('scada-stage').locator('canvas').last().boundingBox();
  if (!element || !box) throw new Error('no such element on the canvas');
  const scale = box.width / screen.document.width;
  await page.mouse.click(
    box.x + (element.x + element.width / 2) * scale,
    box.y + (element.y + element.height / 2) * scale,
  );
}

describe('a Device Cloud user drawing a cloud configuration', () => {
  // About 25 s on a quiet machine (the device polled, the shared link polling): room for a loaded one.
  it('places a tank bound to a simulated device, saves, and sees its value live in run mode', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, problems, close } = await visit(suite.browser);
    const world = await (async () => {
      await signInToIot(page, suite.server.url, user);
      return plcWorld(page, suite.server.url, suite.server.dtuPort, 'SCADAWALK00000000001');
    })();
    try {
      world.dtu.start();
      await world.dtu.ready();

      // ---- The list, then a new configuration: the editor opens on it.
      await openFromMenu(page, '云组态', '组态列表');
      await page.getByTestId('scada-table').getByText('还没有组态').waitFor();
      await page.getByTestId('scada-add').click();
      await page.getByTestId('scada-name').fill('一号泵站画面');
      await page
        .locator('.ant-modal-footer')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await page.getByTestId('scada-editor').waitFor();

      // ---- A tank from the palette, bound to the pump station's outlet temperature.
      await page.getByTestId('scada-palette-tank').click();
      const properties = page.getByTestId('scada-properties');
      await choose(page, properties.getByTestId('scada-prop-device'), '一号泵站 (SCADAWALK00000000001)');
      await choose(page, properties.getByTestId('scada-prop-point'), '出水温度 (°C)');
      await settledShot(page, 'iot-scada-properties-zh-CN');
      // Dragged across the canvas: it lands on the 10 px grid.
      const canvas = page.getByTestId('scada-canvas').locator('canvas').last();
      const box = await canvas.boundingBox();
      const scale = (box?.width ?? 0) / 1280;
      const grab = { x: (box?.x ?? 0) + 80 * scale, y: (box?.y ?? 0) + 120 * scale };
      await page.mouse.move(grab.x, grab.y);
      await page.mouse.down();
      await page.mouse.move(grab.x + 60, grab.y + 40, { steps: 8 });
      await page.mouse.move(grab.x + 123, grab.y + 57, { steps: 8 });
      await page.mouse.up();
      // A write button: 75 to the pump station's pressure set point.
      await page.getByTestId('scada-palette-button').click();
      await page.locator('input[data-testid="scada-prop-write"], [data-testid="scada-prop-write"] input').fill('75');
      await choose(page, properties.getByTestId('scada-prop-device'), '一号泵站 (SCADAWALK00000000001)');
      await choose(page, properties.getByTestId('scada-prop-point'), '压力设定值 (kPa)');
      await page.getByTestId('scada-palette-pipe').click();
      await page.getByTestId('scada-palette-lamp').click();
      // Undo takes the lamp away, redo puts it back.
      await page.getByTestId('scada-tool-undo').click();
      await page.getByTestId('scada-tool-redo').click();
      await page.getByTestId('scada-publish').click();
      await awaitText(page, '组态已发布', problems);
      await settledShot(page, 'iot-scada-editor-zh-CN');

      const screenId = Number(/scada\/(\d+)\/edit/.exec(page.url())?.[1]);
      const saved = await api<ScadaDetail>(page, suite.server.url, 'GET', `iot/scada/${screenId}`);
      expect(saved.document.elements.map((e) => e.kind)).toEqual(['tank', 'button', 'pipe', 'lamp']);
      const tank = saved.document.elements[0];
      expect(tank?.x).toBeGreaterThan(40);
      expect([(tank?.x ?? 1) % 10, (tank?.y ?? 1) % 10]).toEqual([0, 0]);
      expect(saved.document.elements[1]?.binding).toEqual({ deviceId: world.deviceId, pointId: world.points.setPoint });

      // ---- Run mode: the tank shows the device's value and follows it live.
      await page.getByTestId('scada-run').click();
      await page.getByTestId('scada-viewer').waitFor();
      const reading = page.getByTestId('scada-readings').locator('[data-testid^="scada-reading-tank-"]');
      await expect.poll(async () => await reading.textContent(), { timeout: 15_000 }).toMatch(/^\d+\.\d$/);
      await settledShot(page, 'iot-scada-viewer-zh-CN');
      // The button writes its value through the device write path, after asking.
      await pressOnCanvas(page, saved, 1);
      await expect.poll(async () => await question(page).textContent()).toBe('向“写值按钮”写入 75？');
      await dialog(page)
        .getByRole('button', { name: spaced('下发') })
        .click();
      await awaitText(page, '已发送写入指令', problems);
      await expect
        .poll(
          async () => {
            const latest = await api<{ points: Array<{ pointId: number; value: unknown }> }>(
              page,
              suite.server.url,
              'GET',
              `iot/devices/${world.deviceId}/latest`,
            );
            return latest.points.find((p) => p.pointId === world.points.setPoint)?.value;
          },
          { timeout: 10_000 },
        )
        .toBe(75);

      // ---- The same in English.
      await page.getByText('English', { exact: true }).click();
      await page.getByTestId('scada-viewer').getByText('Edit', { exact: true }).waitFor();
      await expect.poll(async () => await reading.textContent(), { timeout: 15_000 }).toMatch(/^\d+\.\d$/);
      await settledShot(page, 'iot-scada-viewer-en');
      await page.getByTestId('scada-viewer').getByText('Edit', { exact: true }).click();
      await page.getByTestId('scada-editor').waitFor();
      await settledShot(page, 'iot-scada-editor-en');
      await openFromMenu(page, 'Cloud configuration', 'Configurations');
      await page.getByTestId('scada-table').getByText('一号泵站画面').waitFor();
      await settledShot(page, 'iot-scada-list-en');

      // ---- Shared by a link with a password; opened in another browser without signing in.
      await page.goto(`${suite.server.url}/iot/scada/${screenId}/view`);
      await page.getByTestId('scada-share-button').click();
      const share = page.getByTestId('scada-share');
      await share.getByText('Closed: no link opens this configuration').waitFor();
      await share.getByTestId('scada-share-password').fill('pump-7');
      await share.getByTestId('scada-share-open').click();
      const link = (await share.getByTestId('scada-share-link').textContent()) ?? '';
      expect(link).toMatch(/\/iot\/scada-shared#link=[\w-]{40,}$/);
      await share.getByText('Open: whoever holds the link can view it').waitFor();
      await share.getByText('with a password').waitFor();
      await settledShot(page, 'iot-scada-share-en');
      const visitor = await visit(suite.browser);
      try {
        await visitor.page.goto(link);
        await visitor.page.getByTestId('scada-shared-refused').getByText('请输入该分享链接的访问密码').waitFor();
        await visitor.page.getByTestId('scada-shared-password').fill('pump-8');
        await visitor.page.getByTestId('scada-shared-enter').click();
        await visitor.page.getByTestId('scada-shared-refused').getByText('访问密码不正确').waitFor();
        await visitor.page.getByTestId('scada-shared-password').fill('pump-7');
        await visitor.page.getByTestId('scada-shared-enter').click();
        await visitor.page.getByTestId('scada-shared').getByText('一号泵站画面').waitFor();
        const shared = visitor.page.getByTestId('scada-readings').locator('[data-testid^="scada-reading-tank-"]');
        await expect.poll(async () => await shared.textContent(), { timeout: 15_000 }).toMatch(/^\d+\.\d$/);
        await settledShot(visitor.page, 'iot-scada-shared-zh-CN');
        // On a phone, in English: the screen fits the width and the readings stack.
        const onPhone = await visit(suite.browser, phone);
        try {
          await onPhone.page.goto(link);
          await onPhone.page.getByText('English', { exact: true }).click();
          // The link is asked again in English: the form it shows then is the one to type into.
          await onPhone.page
            .getByTestId('scada-shared-refused')
            .getByText('Enter the password of this shared link')
            .waitFor();
          await onPhone.page.getByTestId('scada-shared-password').fill('pump-7');
          await onPhone.page.getByTestId('scada-shared-enter').click();
          const reading = onPhone.page.getByTestId('scada-readings').locator('[data-testid^="scada-reading-tank-"]');
          await expect.poll(async () => await reading.textContent(), { timeout: 15_000 }).toMatch(/^\d+\.\d$/);
          await onPhone.page.getByText('Shared configuration · read only').waitFor();
          await settledShot(onPhone.page, 'iot-scada-shared-phone-en');
        } finally {
          await onPhone.close();
        }

        // ---- Closed at once: the same link, opened again, is refused.
        await share.getByTestId('scada-share-close').click();
        await dialog(page).getByRole('button', { name: 'Close sharing' }).click();
        await share.getByText('Closed: no link opens this configuration').waitFor();
        await visitor.page.reload();
        await visitor.page.getByTestId('scada-shared-refused').getByText('该分享链接不存在或已关闭').waitFor();
        await settledShot(visitor.page, 'iot-scada-shared-refused-zh-CN');
      } finally {
        await visitor.close();
      }
      await page.keyboard.press('Escape');

      expect(unexpected(problems)).toEqual([]);

      // ---- A work-order administrator of the account holds neither view nor operate permission.
      const clerk = await buildUser(suite.server.db, { roleIds: [15], userType: 'sub', parentId: user.id });
      const other = await visit(suite.browser);
      try {
        await signInToIot(other.page, suite.server.url, clerk);
        await other.page.goto(`${suite.server.url}/iot/scada/${screenId}/view`);
        await other.page.getByTestId('scada-no-permission').getByText('暂无权限').waitFor();
        await settledShot(other.page, 'iot-scada-no-permission-zh-CN');
      } finally {
        await other.close();
      }
    } catch (error) {
      await screenshot(page, 'iot-scada-failure');
      console.error(problems);
      throw error;
    } finally {
      world.dtu.stop();
      await close();
    }
  }, 90_000);
});
