import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { Cjt188Meter, SimulatedDtu } from '../../simulator/src/index.ts';
import { visit } from './browser.ts';
import { api, liveSuite } from './iot-live-walks.ts';
import { choose, IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { awaitText, unexpected } from './portal-walks.ts';

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
    const dtu = new SimulatedDtu({
      host: '127.0.0.1',
      port: suite.server.dtuPort,
      sn,
      password: '12345678',
      framing: 'cjt188',
      waterMeters: [meter],
      heartbeatSeconds: 0,
      reconnectMs: 500,
    });
    try {
      await signInToIot(page, suite.server.url, user);

      // ---- The template: CJ/T 188, one heat meter (20H) by its address, its heat and supply temperature.
      await openFromMenu(page, '设备模板', '我的模板');
      await page.getByTestId('template-add').click();
      const editor = page.getByTestId('template-editor');
      await editor.getByLabel('模板名称').fill('换热站热量表模板');
      await choose(
        page,
        editor.locator('.ant-form-item').filter({ hasText: '协议' }).locator('.ant-select'),
        'CJ/T 188-2004',
      );
      const slaves = page.getByTestId('slaves-editor');
      await slaves.getByRole('columnheader', { name: '仪表类型' }).waitFor();
      await slaves.locator('tbody tr').nth(0).locator('input').nth(1).fill('一号站热量表');
      await choose(page, slaves.getByTestId('slave-type-0'), '20H 热量表');
      await slaves.getByPlaceholder('14 位数字').fill('00000000000020');
      const points = page.getByTestId('points-editor');
      const row = (n: number) => points.locator('.ant-table-tbody tr.ant-table-row').nth(n);
      await page.getByTestId('point-add').click();
      await row(0).locator('input').nth(1).fill('当前热量');
      // A heat meter's new point reads its current heat, in kWh; its items are the heat layout's.
      await row(0).getByTestId('point-item-0').getByText('901F 当前热量').waitFor();
      await page.getByTestId('point-add').click();
      await row(1).locator('input').nth(1).fill('供水温度');
      await choose(page, row(1).getByTestId('point-item-1'), '901F 供水温度');
      await settledShot(page, 'heatmeter-editor-zh-CN');
      await page.getByTestId('template-save').click();
      await awaitText(page, '模板已保存', problems);
      await page.waitForURL(/\/iot\/templates\/\d+$/);
      const templateId = Number(new URL(page.url()).pathname.split('/').at(-1));

      // ---- A device on a DTU, CJ/T 188, polled every second; the simulated DTU carries the meter.
      const device = await api<{ id: number }>(page, suite.server.url, 'POST', 'iot/devices', {
        name: '一号站热量表',
        sn,
        imei: '861000000000020',
        commPassword: '12345678',
        protocol: 'cjt188',
        queryInterval: 1,
        templateId,
        enabled: true,
      });
      dtu.start();
      await dtu.ready();
      const template = await api<{ points: Array<{ id: number; name: string }> }>(
        page,
        suite.server.url,
        'GET',
        `iot/templates/${templateId}`,
      );
      const pointId = (name: string) => template.points.find((p) => p.name === name)?.id ?? 0;

      // ---- The device page: online, the heat in kWh and the supply temperature arrive and move live.
      await page.goto(`${suite.server.url}/iot/devices/${device.id}`);
      await page.getByTestId('device-detail').getByText('在线').waitFor({ timeout: 15_000 });
      await page.getByRole('tab', { name: '实时数据' }).click();
      const heat = page.getByTestId(`point-value-${pointId('当前热量')}`);
      await expect.poll(async () => heat.textContent(), { timeout: 15_000 }).toBe('12340.00');
      expect(await page.getByTestId(`point-value-${pointId('供水温度')}`).textContent()).toBe('65.40');
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
