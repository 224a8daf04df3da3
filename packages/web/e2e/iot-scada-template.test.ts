import type { ScadaDetail } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { ModbusSlave, SimulatedDtu } from '../../simulator/src/index.ts';
import { screenshot, visit } from './browser.ts';
import { pickTitled } from './dropdowns.ts';
import { api, liveSuite, PLC_SIGNALS, plcWorld } from './iot-live-walks.ts';
import { middleOf } from './iot-scada-walks.ts';
import { choose, IOT_MAIN_ROLE, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { awaitText, unexpected } from './portal-walks.ts';

const suite = liveSuite();

describe('a Device Cloud user applying a template-based configuration', () => {
  it('draws a screen on one device, applies it to two devices of the template and sees the second’s value', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, problems, close } = await visit(suite.browser);
    await signInToIot(page, suite.server.url, user);
    const world = await plcWorld(page, suite.server.url, suite.server.dtuPort, 'SCADATPL000000000001');
    const first = await api<{ templateId: number }>(page, suite.server.url, 'GET', `iot/devices/${world.deviceId}`);
    // A second pump station of the same template, whose set point is 55 where the first's is 40.
    const secondSn = 'SCADATPL000000000002';
    const second = await api<{ id: number }>(page, suite.server.url, 'POST', 'iot/devices', {
      name: '二号泵站',
      sn: secondSn,
      imei: '861000000000032',
      commPassword: '12345678',
      protocol: 'modbusRtu',
      queryInterval: 1,
      templateId: first.templateId,
      enabled: true,
    });
    const secondDtu = new SimulatedDtu({
      host: '127.0.0.1',
      port: suite.server.dtuPort,
      sn: secondSn,
      password: '12345678',
      slaves: [
        new ModbusSlave(
          1,
          PLC_SIGNALS.map((s) => (s.name === 'Set point' ? { ...s, initial: 55 } : s)),
          { seed: 8 },
        ),
      ],
      heartbeatSeconds: 0,
      reconnectMs: 500,
    });
    try {
      world.dtu.start();
      secondDtu.start();
      await Promise.all([world.dtu.ready(), secondDtu.ready()]);

      // ---- Drawn against the first pump station: a number display of the set point.
      const made = await api<ScadaDetail>(page, suite.server.url, 'POST', 'iot/scada', { name: '泵站模板画面' });
      await page.goto(`${suite.server.url}/iot/scada/${made.id}/edit`);
      await page.getByTestId('scada-editor').waitFor();
      await page.getByTestId('scada-palette-number').click();
      const properties = page.getByTestId('scada-properties');
      await choose(page, properties.getByTestId('scada-prop-device'), '一号泵站 (SCADATPL000000000001)');
      await choose(page, properties.getByTestId('scada-prop-point'), '压力设定值 (kPa)');
      await page.getByTestId('scada-publish').click();
      await awaitText(page, '组态已发布', problems);
      const saved = await api<ScadaDetail>(page, suite.server.url, 'GET', `iot/scada/${made.id}`);
      const display = saved.document.elements[0];
      if (!display) throw new Error('the display was not saved');

      // ---- Configuration Application: template-based, applied to the two stations.
      await page.getByTestId('scada-run').click();
      await page.getByTestId('scada-viewer').waitFor();
      await page.getByTestId('scada-apply-button').click();
      const form = page.getByTestId('scada-application');
      await form.getByTestId('scada-apply-template').click();
      await choose(page, form.getByTestId('scada-apply-template-pick'), '泵站 PLC 模板');
      await form.getByTestId('scada-apply-some').click();
      await choose(page, form.getByTestId('scada-apply-devices'), '一号泵站');
      // The list stays open for a second pick.
      await pickTitled(page, '二号泵站');
      await page.keyboard.press('Escape');
      await settledShot(page, 'scadatpl-application-zh-CN');
      await form.getByTestId('scada-apply-save').click();
      await awaitText(page, '已保存配置应用', problems);

      // ---- The viewer opens it for the first station; switched to the second, it shows 55.
      const reading = page.getByTestId(`scada-reading-${display.id}`);
      await expect.poll(async () => await reading.textContent(), { timeout: 15_000 }).toBe('40.0');
      await choose(page, page.getByTestId('scada-device-pick'), '二号泵站');
      await expect.poll(() => new URL(page.url()).searchParams.get('device')).toBe(String(second.id));
      await expect.poll(async () => await reading.textContent(), { timeout: 15_000 }).toBe('55.0');
      await settledShot(page, 'scadatpl-second-device-zh-CN');

      // ---- An overview screen whose label, clicked, opens the template screen.
      const overview = await api<ScadaDetail>(page, suite.server.url, 'POST', 'iot/scada', { name: '厂区总览' });
      await page.goto(`${suite.server.url}/iot/scada/${overview.id}/edit`);
      await page.getByTestId('scada-editor').waitFor();
      await page.getByTestId('scada-palette-label').click();
      await choose(page, page.getByTestId('scada-properties').getByTestId('scada-prop-opens'), '泵站模板画面');
      await settledShot(page, 'scadatpl-link-zh-CN');
      await page.getByTestId('scada-publish').click();
      await awaitText(page, '组态已发布', problems);
      const linked = await api<ScadaDetail>(page, suite.server.url, 'GET', `iot/scada/${overview.id}`);
      const label = linked.document.elements[0];
      if (!label) throw new Error('the label was not saved');
      expect(label.opens).toBe(made.id);
      await page.getByTestId('scada-run').click();
      await page.getByTestId('scada-viewer').waitFor();
      const spot = await middleOf(page, linked, label);
      await page.mouse.click(spot.x, spot.y);
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/iot/scada/${made.id}/view`);
      await page.getByTestId('scada-device-pick').waitFor();

      // ---- A device of another account is not there to open it for, in words.
      await page.goto(`${suite.server.url}/iot/scada/${made.id}/view?device=999999`);
      await awaitText(page, '该组态未应用到设备 999999，或您无权查看该设备', problems);
      await settledShot(page, 'scadatpl-not-applied-zh-CN');
      expect(unexpected(problems, /404/)).toEqual([]);
    } catch (error) {
      await screenshot(page, 'scadatpl-failure');
      console.error(problems);
      throw error;
    } finally {
      world.dtu.stop();
      secondDtu.stop();
      await close();
    }
  }, 90_000);
});
