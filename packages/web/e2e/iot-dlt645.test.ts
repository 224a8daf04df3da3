import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { Dlt645Meter } from '../../simulator/src/index.ts';
import { visit } from './browser.ts';
import { liveSuite } from './iot-live-walks.ts';
import { meterDtu, newMeterTemplate, saveAndWatchLive } from './iot-meter-walks.ts';
import { IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { unexpected } from './portal-walks.ts';

const suite = liveSuite();

describe('a Device Cloud user with an electricity meter', () => {
  it('adds a DL/T 645 template with an energy point, puts a meter behind a DTU and sees its energy live', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, problems, close } = await visit(suite.browser);
    const sn = 'METERWALK00000000001';
    const meter = new Dlt645Meter({ address: '000000000001', values: { '00010000': 1234.56, '02010100': 220.1 } });
    const dtu = meterDtu(suite.server.dtuPort, sn, { framing: 'dlt645', meters: [meter] });
    try {
      await signInToIot(page, suite.server.url, user);

      // ---- The template: protocol DL/T 645, one meter by its address, its energy and a voltage.
      const { slaves, row } = await newMeterTemplate(page, '配电房电表模板', 'DL/T 645-2007');
      await slaves.getByRole('columnheader', { name: '表地址' }).waitFor();
      await slaves.locator('tbody tr').nth(0).locator('input').nth(1).fill('一号进线电表');
      // A meter address is 12 digits: a short one is refused where it is typed.
      const address = slaves.getByPlaceholder('12 位数字');
      await address.fill('12345');
      await page.getByText('表地址：12 位数字（或通配地址 AAAAAAAAAAAA）').waitFor();
      await address.fill('000000000001');
      await page.getByTestId('point-add').click();
      await row(0).locator('input').nth(1).fill('正向有功总电能');
      // A new meter point reads forward active energy: 4 bytes, 2 decimals, kWh.
      expect(await row(0).getByTestId('point-identifier-0').locator('input').inputValue()).toBe('00010000');
      await page.getByTestId('point-add').click();
      await row(1).locator('input').nth(1).fill('A 相电压值');
      // Choosing a standard identifier by name fills its length, decimals and unit.
      await row(1).getByTestId('point-identifier-1').locator('input').fill('0201');
      await page.locator('.ant-select-dropdown:visible').getByText('02010100 A 相电压').click();
      expect(await row(1).locator('.ant-input-number input').nth(0).inputValue()).toBe('2');
      expect(await row(1).locator('.ant-input-number input').nth(1).inputValue()).toBe('1');
      await row(1).getByText('A 相电压', { exact: true }).waitFor();
      await settledShot(page, 'iot-dlt645-editor-zh-CN');

      // ---- A device on a DTU, DL/T 645, polled every second: the energy reading arrives and moves live.
      const { templateId, value } = await saveAndWatchLive(page, suite.server.url, problems, dtu, {
        name: '配电房电表',
        sn,
        imei: '861000000000645',
        protocol: 'dlt645',
      });
      const energy = value('正向有功总电能');
      await expect.poll(async () => energy.textContent(), { timeout: 15_000 }).toBe('1234.56');
      expect(await value('A 相电压值').textContent()).toBe('220.1');
      meter.set('00010000', 1234.78);
      await expect.poll(async () => energy.textContent(), { timeout: 10_000 }).toBe('1234.78');
      await settledShot(page, 'iot-dlt645-live-zh-CN');
      // The device's template tab names the meter by its address and each point by its identifier.
      await page.getByRole('tab', { name: '模板与数据点' }).click();
      await page.getByTestId('slaves-view').getByText('000000000001').waitFor();
      await page.getByTestId('points-view').getByText('数据标识 00010000 · 4 B').waitFor();
      await page.getByTestId('points-view').getByText('数值 · A 相电压').waitFor();

      // ---- Communication Protocol: DL/T 645 explained, and the template that uses it.
      await openFromMenu(page, '设备模板', '通讯协议');
      const card = page.getByTestId('protocol-dlt645');
      await card.getByText('使用此协议的模板：1 个').waitFor();
      await card.getByRole('link', { name: '配电房电表模板' }).waitFor();
      await page.getByTestId('protocol-modbusTcp').getByText('还没有模板使用此协议').waitFor();
      await settledShot(page, 'iot-dlt645-protocols-zh-CN', { fullPage: true });
      // ---- The same screen in English.
      await page.getByText('English', { exact: true }).click();
      await page.getByTestId('protocols-page').getByText('Communication Protocol').first().waitFor();
      await card.getByText('Templates using this protocol: 1').waitFor();
      await page.getByTestId('protocol-modbusTcp').getByText('No template uses this protocol yet').waitFor();
      await settledShot(page, 'iot-dlt645-protocols-en', { fullPage: true });
      await page.getByText('中文', { exact: true }).click();
      await card.getByText('使用此协议的模板：1 个').waitFor();
      await card.getByRole('link', { name: '配电房电表模板' }).click();
      await page.waitForURL(new RegExp(`/iot/templates/${templateId}$`));
      await page.getByTestId('slaves-editor').getByPlaceholder('12 位数字').waitFor();
      expect(await page.getByTestId('slaves-editor').getByPlaceholder('12 位数字').inputValue()).toBe('000000000001');
      expect(unexpected(problems)).toEqual([]);
    } finally {
      dtu.stop();
      await close();
    }
  }, 120_000);
});
