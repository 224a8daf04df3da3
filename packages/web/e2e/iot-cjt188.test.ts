import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { Cjt188Meter } from '../../simulator/src/index.ts';
import { visit } from './browser.ts';
import { liveSuite } from './iot-live-walks.ts';
import { meterDtu, newMeterTemplate, saveAndWatchLive } from './iot-meter-walks.ts';
import { choose, IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { unexpected } from './portal-walks.ts';

const suite = liveSuite();

describe('a Device Cloud user with a water meter', () => {
  it('adds a CJ/T 188 template with a flow point, puts a water meter behind a DTU and sees its flow live', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, problems, close } = await visit(suite.browser);
    const sn = 'WATERWALK00000000001';
    const meter = new Cjt188Meter({ address: '00000000000001', current: 123.45, settlement: 100 });
    const dtu = meterDtu(suite.server.dtuPort, sn, { framing: 'cjt188', waterMeters: [meter] });
    try {
      await signInToIot(page, suite.server.url, user);

      // ---- The template: protocol CJ/T 188, one cold water meter by its address, its flows.
      const { slaves, row } = await newMeterTemplate(page, '小区水表模板', 'CJ/T 188-2004');
      await slaves.getByRole('columnheader', { name: '仪表类型' }).waitFor();
      await slaves.locator('tbody tr').nth(0).locator('input').nth(1).fill('一号楼冷水表');
      // The meter starts as a cold water meter (10H).
      await slaves.getByTestId('slave-type-0').getByText('10H 冷水表').waitFor();
      // A meter address is 14 digits: a short one is refused where it is typed.
      const address = slaves.getByPlaceholder('14 位数字');
      await address.fill('12345');
      await page.getByText('表地址：14 位数字（或通配地址 AAAAAAAAAAAAAA）').waitFor();
      await address.fill('00000000000001');
      await page.getByTestId('point-add').click();
      await row(0).locator('input').nth(1).fill('当前累积流量');
      // A new water point reads the current cumulative flow of 901F, in m³.
      await row(0).getByTestId('point-item-0').getByText('901F 当前累积流量').waitFor();
      await page.getByTestId('point-add').click();
      await row(1).locator('input').nth(1).fill('结算日累积流量');
      await choose(page, row(1).getByTestId('point-item-1'), '901F 结算日累积流量');
      await settledShot(page, 'cjt188-editor-zh-CN');

      // ---- A device on a DTU, CJ/T 188, polled every second: the cumulative flow arrives and moves live.
      const { templateId, value } = await saveAndWatchLive(page, suite.server.url, problems, dtu, {
        name: '一号楼水表',
        sn,
        imei: '861000000000188',
        protocol: 'cjt188',
      });
      const flow = value('当前累积流量');
      await expect.poll(async () => flow.textContent(), { timeout: 15_000 }).toBe('123.45');
      expect(await value('结算日累积流量').textContent()).toBe('100.00');
      meter.set({ current: 123.78 });
      await expect.poll(async () => flow.textContent(), { timeout: 10_000 }).toBe('123.78');
      await settledShot(page, 'cjt188-live-zh-CN');
      // The device's template tab names the meter by type and address and each point by its item.
      await page.getByRole('tab', { name: '模板与数据点' }).click();
      await page.getByTestId('slaves-view').getByText('10H · 00000000000001').waitFor();
      await page.getByTestId('points-view').getByText('数值 · 当前累积流量').waitFor();

      // ---- Communication Protocol: CJ/T 188 explained, and the template that uses it.
      await openFromMenu(page, '设备模板', '通讯协议');
      const card = page.getByTestId('protocol-cjt188');
      await card.getByText('使用此协议的模板：1 个').waitFor();
      await card.getByRole('link', { name: '小区水表模板' }).waitFor();
      await card.getByText('CJ/T 188-2004 户用计量仪表数据传输协议', { exact: false }).waitFor();
      await settledShot(page, 'cjt188-protocols-zh-CN', { fullPage: true });
      await page.getByText('English', { exact: true }).click();
      await card.getByText('Templates using this protocol: 1').waitFor();
      await card.getByText('household water and gas meters', { exact: false }).waitFor();
      await settledShot(page, 'cjt188-protocols-en', { fullPage: true });
      await page.getByText('中文', { exact: true }).click();
      await card.getByRole('link', { name: '小区水表模板' }).click();
      await page.waitForURL(new RegExp(`/iot/templates/${templateId}$`));
      expect(await page.getByTestId('slaves-editor').getByPlaceholder('14 位数字').inputValue()).toBe('00000000000001');
      expect(unexpected(problems)).toEqual([]);
    } finally {
      dtu.stop();
      await close();
    }
  }, 120_000);
});
