import type { ScadaDetail } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { screenshot, visit } from './browser.ts';
import { api, liveSuite, plcWorld } from './iot-live-walks.ts';
import { colourAt, middleOf } from './iot-scada-walks.ts';
import { choose, IOT_MAIN_ROLE, signInToIot } from './iot-walks.ts';
import { dialog, question, settledShot, spaced } from './portal-admin-walks.ts';
import { awaitText, unexpected } from './portal-walks.ts';

const suite = liveSuite();

describe('a Device Cloud user editing a cloud configuration', () => {
  it('aligns and groups two shapes, undoes, binds a lamp to a switch point and turns the pump on from the viewer', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, problems, close } = await visit(suite.browser);
    await signInToIot(page, suite.server.url, user);
    const world = await plcWorld(page, suite.server.url, suite.server.dtuPort, 'SCADAEDIT00000000001');
    try {
      world.dtu.start();
      await world.dtu.ready();
      const made = await api<ScadaDetail>(page, suite.server.url, 'POST', 'iot/scada', { name: '水泵控制画面' });
      await page.goto(`${suite.server.url}/iot/scada/${made.id}/edit`);
      await page.getByTestId('scada-editor').waitFor();

      // ---- A lamp and a switch; the switch nudged down three grid steps with Shift+arrow.
      await page.getByTestId('scada-palette-lamp').click();
      await page.getByTestId('scada-palette-switch').click();
      for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowDown');
      await page.keyboard.press('ArrowRight');
      const layers = page.getByTestId('scada-layers');
      const lampLayer = layers.locator('[data-testid^="scada-layer-lamp-"]');
      const switchLayer = layers.locator('[data-testid^="scada-layer-switch-"]');

      // ---- Both picked from the layer list, aligned on their tops, then grouped.
      await lampLayer.click();
      await switchLayer.click({ modifiers: ['Shift'] });
      await page.getByTestId('scada-properties').waitFor({ state: 'detached' });
      await page.getByText('已选择 2 个组件：可对齐、分布或组合').waitFor();
      await page.getByTestId('scada-tool-alignTop').click();
      await page.getByTestId('scada-tool-group').click();
      await expect.poll(async () => await layers.getByText('组合').count()).toBe(2);
      await settledShot(page, 'scadaedit-grouped-zh-CN');
      // Undo takes the group apart and keeps the alignment; redo groups again.
      await page.getByTestId('scada-tool-undo').click();
      await expect.poll(async () => await layers.getByText('组合').count()).toBe(0);
      await page.getByTestId('scada-tool-redo').click();
      await expect.poll(async () => await layers.getByText('组合').count()).toBe(2);

      // ---- The lamp coloured by the pump's switch state; the switch writes the same point.
      await lampLayer.click();
      const properties = page.getByTestId('scada-properties');
      await choose(page, properties.getByTestId('scada-prop-device'), '一号泵站 (SCADAEDIT00000000001)');
      await choose(page, properties.getByTestId('scada-prop-point'), '水泵开关');
      await choose(page, properties.getByTestId('scada-prop-colour-rule'), '按开关状态');
      await properties.getByTestId('scada-prop-colour-on').waitFor();
      await settledShot(page, 'scadaedit-lamp-binding-zh-CN');
      await switchLayer.click();
      await choose(page, properties.getByTestId('scada-prop-device'), '一号泵站 (SCADAEDIT00000000001)');
      await choose(page, properties.getByTestId('scada-prop-point'), '水泵开关');
      await page.getByTestId('scada-publish').click();
      await awaitText(page, '组态已发布', problems);
      await settledShot(page, 'scadaedit-editor-zh-CN');

      const saved = await api<ScadaDetail>(page, suite.server.url, 'GET', `iot/scada/${made.id}`);
      const [lamp, toggle] = saved.document.elements;
      if (!lamp || !toggle) throw new Error('the lamp and the switch were not saved');
      expect([lamp.kind, toggle.kind]).toEqual(['lamp', 'switch']);
      // The switch was 30 px lower and 1 px right of its cell; aligned, both tops are the lamp's.
      expect(toggle.x).toBe(201);
      expect(toggle.y).toBe(lamp.y);
      expect(lamp.group).not.toBeNull();
      expect(toggle.group).toBe(lamp.group);
      expect(lamp.colourRule).toEqual({ by: 'switch', on: '#52c41a', off: '#bfbfbf' });
      expect(toggle.binding).toEqual({ deviceId: world.deviceId, pointId: world.points.pump });

      // ---- The viewer: the pump is off and the lamp grey; the switch, clicked and confirmed, turns it on.
      const pumpValue = async () => {
        const latest = await api<{ points: Array<{ pointId: number; value: unknown }> }>(
          page,
          suite.server.url,
          'GET',
          `iot/devices/${world.deviceId}/latest`,
        );
        const value = latest.points.find((p) => p.pointId === world.points.pump)?.value;
        return typeof value === 'boolean' ? Number(value) : value;
      };
      await expect.poll(pumpValue, { timeout: 15_000 }).toBe(0);
      await page.getByTestId('scada-run').click();
      await page.getByTestId('scada-viewer').waitFor();
      await expect.poll(async () => await colourAt(page, saved, lamp), { timeout: 15_000 }).toBe('#bfbfbf');
      const at = await middleOf(page, saved, toggle);
      await page.mouse.click(at.x, at.y);
      await expect.poll(async () => await question(page).textContent()).toBe('将“开关”切换为开？');
      await settledShot(page, 'scadaedit-confirm-zh-CN');
      await dialog(page)
        .getByRole('button', { name: spaced('下发') })
        .click();
      await awaitText(page, '已发送写入指令', problems);
      await expect.poll(pumpValue, { timeout: 15_000 }).toBe(1);
      await expect.poll(async () => await colourAt(page, saved, lamp), { timeout: 15_000 }).toBe('#52c41a');
      await settledShot(page, 'scadaedit-viewer-zh-CN');

      // ---- In English, the editor's tools say what they do.
      await page.getByText('English', { exact: true }).click();
      await page.getByTestId('scada-viewer').getByText('Edit', { exact: true }).click();
      await page.getByTestId('scada-editor').waitFor();
      const zoom = page.getByTestId('scada-zoom');
      const fitted = await zoom.textContent();
      await page.getByTestId('scada-tool-zoomIn').click();
      await expect.poll(async () => await zoom.textContent()).not.toBe(fitted);
      await page.getByTestId('scada-tool-fit').click();
      await expect.poll(async () => await zoom.textContent()).toBe(fitted);
      await settledShot(page, 'scadaedit-editor-en');

      expect(unexpected(problems)).toEqual([]);

      // ---- A test account views the screen and cannot write: the canvas does not react.
      const viewer = await buildUser(suite.server.db, { roleIds: [19], userType: 'sub', parentId: user.id });
      const other = await visit(suite.browser);
      try {
        await signInToIot(other.page, suite.server.url, viewer);
        await api(page, suite.server.url, 'PUT', `iot/scada/${made.id}`, {
          name: saved.name,
          sharing: 'open',
          revision: saved.revision,
          document: saved.document,
        });
        await other.page.goto(`${suite.server.url}/iot/scada/${made.id}/view`);
        await other.page.getByTestId('scada-view-only').getByText('您没有操作权限，不能写值').waitFor();
        const spot = await middleOf(other.page, saved, toggle);
        await other.page.mouse.click(spot.x, spot.y);
        await settledShot(other.page, 'scadaedit-view-only-zh-CN');
        expect(await dialog(other.page).count()).toBe(0);
      } finally {
        await other.close();
      }
    } catch (error) {
      await screenshot(page, 'scadaedit-failure');
      console.error(problems);
      throw error;
    } finally {
      world.dtu.stop();
      await close();
    }
  }, 90_000);
});
