import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { Cjt188Meter } from '../../simulator/src/index.ts';
import { visit } from './browser.ts';
import { liveSuite } from './iot-live-walks.ts';
import { meterDtu, newMeterTemplate, saveAndWatchLive } from './iot-meter-walks.ts';
import { choose, IOT_MAIN_ROLE, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { unexpected } from './portal-walks.ts';

const suite = liveSuite();

describe('a Device Cloud user with a heat meter', () => {
  it('adds a CJ/T 188 heat meter template, puts the meter behind a DTU and sees its heat and temperature live', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, problems, close } = await visit(suite.browser);
    const sn = 'HEATWALK000000000001';
    // The meter sends its energy in MWh: the page shows kWh.
    const meter = new Cjt188Meter({
      address: '00000000000020',
      type: 0x20,
      heatUnits: { energy: 0x08, power: 0x17, flow: 0x35, volume: 0x2c },
      heat: { currentHeat: 12_340, supplyTemperature: 65.4, returnTemperature: 41.2 },
    });
    const dtu = meterDtu(suite.server.dtuPort, sn, { framing: 'cjt188', waterMeters: [meter] });
    try {
      await signInToIot(page, suite.server.url, user);

      // ---- The template: CJ/T 188, one heat meter (20H) by its address, its heat and supply temperature.
      const { slaves, row } = await newMeterTemplate(page, '换热站热量表模板', 'CJ/T 188-2004');
      await slaves.getByRole('columnheader', { name: '仪表类型' }).waitFor();
      await slaves.locator('tbody tr').nth(0).locator('input').nth(1).fill('一号站热量表');
      await choose(page, slaves.getByTestId('slave-type-0'), '20H 热量表');
      await slaves.getByPlaceholder('14 位数字').fill('00000000000020');
      await page.getByTestId('point-add').click();
      await row(0).locator('input').nth(1).fill('当前热量');
      // A heat meter's new point reads its current heat, in kWh; its items are the heat layout's.
      await row(0).getByTestId('point-item-0').getByText('901F 当前热量').waitFor();
      await page.getByTestId('point-add').click();
      await row(1).locator('input').nth(1).fill('供水温度');
      await choose(page, row(1).getByTestId('point-item-1'), '901F 供水温度');
      await settledShot(page, 'heatmeter-editor-zh-CN');

      // ---- A device on a DTU polled every second: the heat in kWh and the supply temperature arrive live.
      const { value } = await saveAndWatchLive(page, suite.server.url, problems, dtu, {
        name: '一号站热量表',
        sn,
        imei: '861000000000020',
        protocol: 'cjt188',
      });
      const heat = value('当前热量');
      await expect.poll(async () => heat.textContent(), { timeout: 15_000 }).toBe('12340.00');
      expect(await value('供水温度').textContent()).toBe('65.40');
      meter.setHeat({ currentHeat: 12_350 });
      await expect.poll(async () => heat.textContent(), { timeout: 10_000 }).toBe('12350.00');
      await settledShot(page, 'heatmeter-live-zh-CN');
      await page.getByRole('tab', { name: '模板与数据点' }).click();
      await page.getByTestId('slaves-view').getByText('20H · 00000000000020').waitFor();
      await page.getByTestId('points-view').getByText('数值 · 当前热量').waitFor();
      expect(unexpected(problems)).toEqual([]);
    } finally {
      dtu.stop();
      await close();
    }
  }, 120_000);
});
