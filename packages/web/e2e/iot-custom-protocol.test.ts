import { type CustomProtocolView, crc16modbus, customProtocolView, hexOf } from '@meridian/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { CustomDevice, SimulatedDtu } from '../../simulator/src/index.ts';
import { visit } from './browser.ts';
import { api, liveSuite } from './iot-live-walks.ts';
import { choose, IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { awaitText, unexpected } from './portal-walks.ts';

const suite = liveSuite();

/** An answer of slave 1 holding a level of 2.31 m (00E7) and a temperature of -4.5 °C (FFD3), with its CRC. */
function sampleAnswer(corrupt = false): string {
  const bytes = Uint8Array.of(0x01, 0x03, 0x04, 0x00, 0xe7, 0xff, 0xd3, 0, 0);
  const crc = crc16modbus(bytes, 0, 7) ^ (corrupt ? 0x0100 : 0);
  bytes[7] = crc & 0xff;
  bytes[8] = crc >>> 8;
  return hexOf(bytes);
}

/** A custom protocol's points, one table row each: key, name, and the cells a test sets (in the editor's column order). */
async function addPoints(
  page: Page,
  points: Array<{
    key: string;
    name: string;
    offset?: string;
    type?: string;
    length?: string;
    scale: string;
    unit: string;
  }>,
) {
  for (const _ of points) await page.getByTestId('custom-point-add').click();
  const rows = page.getByTestId('custom-points').locator('.ant-table-tbody tr.ant-table-row');
  const cell = (row: number, column: number) => rows.nth(row).locator('td').nth(column);
  for (const [row, point] of points.entries()) {
    await cell(row, 0).locator('input').fill(point.key);
    await cell(row, 1).locator('input').fill(point.name);
    if (point.offset) await cell(row, 2).locator('input').fill(point.offset);
    if (point.type) await choose(page, cell(row, 3).locator('.ant-select'), point.type);
    if (point.length) await cell(row, 4).locator('input').fill(point.length);
    await cell(row, 6).locator('input').fill(point.scale);
    await cell(row, 7).locator('input').fill(point.unit);
  }
}

describe('a Device Cloud user with a device of its own protocol', () => {
  it('defines the protocol by its frames, previews a sample answer, uses it in a template and sees the value live', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, problems, close } = await visit(suite.browser);
    const sn = 'CUSTOMWALK0000000001';
    let dtu: SimulatedDtu | undefined;
    try {
      await signInToIot(page, suite.server.url, user);

      // ---- Communication Protocol: custom protocols explained, none yet; define one.
      await openFromMenu(page, '设备模板', '通讯协议');
      const card = page.getByTestId('protocol-custom');
      await card.getByText('还没有自定义协议').waitFor();
      await page.getByTestId('custom-protocol-add').click();
      await page.waitForURL(/\/iot\/templates\/protocols\/custom\/new$/);
      const editor = page.getByTestId('custom-protocol-editor');
      await page.getByTestId('custom-protocol-name').fill('液位计协议');
      // The frame starts as a Modbus-like read of 2 registers; a digit too many is refused in words.
      const request = page.getByTestId('custom-protocol-request');
      await request.fill('{addr:1} 03 00 00 00 0 {crc16modbus}');
      await addPoints(page, [
        { key: 'level', name: '液位', scale: '0.01', unit: 'm' },
        { key: 'temp', name: '水温', type: 'int16', scale: '0.1', unit: '°C' },
      ]);
      await page.getByTestId('custom-protocol-save').click();
      await editor.getByText('十六进制位数为奇数：“030000000”不是完整的字节').first().waitFor();
      await request.fill('{addr:1} 03 00 00 00 02 {crc16modbus}');

      // ---- Test with a sample answer: the values as the gateway will read them, or why not.
      const sample = page.getByTestId('preview-sample');
      await sample.fill(sampleAnswer(true));
      await page.getByTestId('preview-problem').getByText('校验错误', { exact: false }).waitFor();
      await sample.fill(sampleAnswer());
      await page.getByTestId('preview-value-level').getByText('2.31 m').waitFor();
      await page.getByTestId('preview-value-temp').getByText('-4.5 °C').waitFor();
      await settledShot(page, 'customproto-editor-zh-CN', { fullPage: true });
      await page.getByTestId('custom-protocol-save').click();
      await awaitText(page, '协议已保存', problems);
      await page.waitForURL(/\/iot\/templates\/protocols$/);
      await card.getByRole('link', { name: '液位计协议' }).waitFor();

      // ---- A template that chooses it: one slave at address 1, its level.
      await openFromMenu(page, '设备模板', '我的模板');
      await page.getByTestId('template-add').click();
      const templateEditor = page.getByTestId('template-editor');
      await templateEditor.getByLabel('模板名称').fill('水箱液位模板');
      await choose(
        page,
        templateEditor.locator('.ant-form-item').filter({ hasText: '协议' }).locator('.ant-select').first(),
        '自定义协议',
      );
      await choose(page, page.getByTestId('template-custom-protocol'), '液位计协议');
      const slaves = page.getByTestId('slaves-editor');
      await slaves.locator('tbody tr').nth(0).locator('input').nth(1).fill('一号水箱液位计');
      const points = page.getByTestId('points-editor');
      await page.getByTestId('point-add').click();
      const row = points.locator('.ant-table-tbody tr.ant-table-row').nth(0);
      await row.locator('input').nth(1).fill('水箱液位');
      // A new point takes the protocol's first point, with its unit.
      await row.getByTestId('point-custom-0').getByText('液位 (level)').waitFor();
      await settledShot(page, 'customproto-template-zh-CN');
      await page.getByTestId('template-save').click();
      await awaitText(page, '模板已保存', problems);
      await page.waitForURL(/\/iot\/templates\/\d+$/);
      const templateId = Number(new URL(page.url()).pathname.split('/').at(-1));

      // ---- A DTU device of the template; the simulated device speaks the protocol as saved.
      const device = await api<{ id: number }>(page, suite.server.url, 'POST', 'iot/devices', {
        name: '一号水箱',
        sn,
        imei: '861000000000140',
        commPassword: '12345678',
        protocol: 'custom',
        queryInterval: 1,
        templateId,
        enabled: true,
      });
      const [saved] = await api<CustomProtocolView[]>(page, suite.server.url, 'GET', 'iot/protocols/custom');
      const tank = new CustomDevice(customProtocolView.parse(saved), {
        address: 1,
        values: { level: 2.31, temp: -4.5 },
      });
      dtu = new SimulatedDtu({
        host: '127.0.0.1',
        port: suite.server.dtuPort,
        sn,
        password: '12345678',
        framing: 'custom',
        customDevices: [tank],
        heartbeatSeconds: 0,
        reconnectMs: 500,
      });
      dtu.start();
      await dtu.ready();
      const template = await api<{ points: Array<{ id: number; name: string }> }>(
        page,
        suite.server.url,
        'GET',
        `iot/templates/${templateId}`,
      );
      const pointId = template.points.find((p) => p.name === '水箱液位')?.id ?? 0;

      // ---- The device page: online, and the level arrives and moves live.
      await page.goto(`${suite.server.url}/iot/devices/${device.id}`);
      await page.getByTestId('device-detail').getByText('在线').waitFor({ timeout: 15_000 });
      await page.getByRole('tab', { name: '实时数据' }).click();
      const level = page.getByTestId(`point-value-${pointId}`);
      await expect.poll(async () => level.textContent(), { timeout: 15_000 }).toBe('2.31');
      tank.set('level', 2.47);
      await expect.poll(async () => level.textContent(), { timeout: 10_000 }).toBe('2.47');
      await settledShot(page, 'customproto-live-zh-CN');
      await page.getByRole('tab', { name: '模板与数据点' }).click();
      await page.getByTestId('points-view').getByText('协议数据点 level').waitFor();
      await settledShot(page, 'customproto-device-points-zh-CN');

      // ---- Communication Protocol names the template, in both languages.
      await openFromMenu(page, '设备模板', '通讯协议');
      await card.getByText('使用此协议的模板：1 个').waitFor();
      await card.getByRole('link', { name: '水箱液位模板' }).waitFor();
      await settledShot(page, 'customproto-protocols-zh-CN', { fullPage: true });
      await page.getByText('English', { exact: true }).click();
      await card.getByText('My custom protocols').waitFor();
      await settledShot(page, 'customproto-protocols-en', { fullPage: true });
      await page.getByText('中文', { exact: true }).click();
      expect(unexpected(problems)).toEqual([]);
    } finally {
      dtu?.stop();
      await close();
    }
  }, 120_000);

  it('defines a meter behind wake-up bytes whose answer says its length, previews it and sees its values live', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, problems, close } = await visit(suite.browser);
    const sn = 'CUSTOMWALK0000000002';
    let dtu: SimulatedDtu | undefined;
    try {
      await signInToIot(page, suite.server.url, user);
      await openFromMenu(page, '设备模板', '通讯协议');
      await page.getByTestId('custom-protocol-add').click();
      await page.waitForURL(/\/iot\/templates\/protocols\/custom\/new$/);
      await page.getByTestId('custom-protocol-name').fill('唤醒热量表');
      // FE FE wake-up bytes, then 68, the address and 81; byte 5 counts the data bytes (+7: the whole answer).
      await page.getByTestId('custom-protocol-request').fill('FE FE 68 {addr:1} 01 {sum8:2} 16');
      await page.getByTestId('custom-protocol-header').fill('FE FE 68 {addr:1} 81');
      await page.getByTestId('custom-protocol-length').fill('16');
      await choose(
        page,
        page.locator('.ant-form-item').filter({ hasText: '应答校验' }).locator('.ant-select'),
        '累加和（末 1 字节）',
      );
      await page.getByTestId('custom-protocol-checksum-from').fill('2');
      await page.getByTestId('custom-protocol-length-at').fill('5');
      await page.getByTestId('custom-protocol-length-adjust').fill('7');
      await addPoints(page, [
        { key: 'flow', name: '瞬时流量', offset: '6', scale: '0.1', unit: 'm³/h' },
        { key: 'heat', name: '累计热量', offset: '8', type: 'bcd', length: '4', scale: '0.01', unit: 'kWh' },
      ]);

      // A sample answer of 13 bytes (L = 06): the values, the sum taken from the 68 on.
      const body = Uint8Array.of(0xfe, 0xfe, 0x68, 0x01, 0x81, 0x06, 0x00, 0x7b, 0x00, 0x12, 0x34, 0x56);
      const sum = body.subarray(2).reduce((a, b) => (a + b) & 0xff, 0);
      const sample = page.getByTestId('preview-sample');
      await sample.fill(`${hexOf(body)} ${hexOf(Uint8Array.of((sum + 0xfc) & 0xff))}`);
      await page.getByTestId('preview-problem').getByText('校验错误', { exact: false }).waitFor();
      await sample.fill(`${hexOf(body)} ${hexOf(Uint8Array.of(sum))}`);
      await page.getByTestId('preview-value-flow').getByText('12.3 m³/h').waitFor();
      await page.getByTestId('preview-value-heat').getByText('1234.56 kWh').waitFor();
      await settledShot(page, 'customextra-editor-zh-CN', { fullPage: true });
      await page.getByTestId('custom-protocol-save').click();
      await awaitText(page, '协议已保存', problems);
      await page.waitForURL(/\/iot\/templates\/protocols$/);

      // ---- A template and a device using it (as the first walk does by the screens), and the meter on a DTU.
      const [saved] = (await api<CustomProtocolView[]>(page, suite.server.url, 'GET', 'iot/protocols/custom')).filter(
        (p) => p.name === '唤醒热量表',
      );
      expect(saved).toMatchObject({ checksumFrom: 2, lengthAt: 5, lengthAdjust: 7 });
      const point = (name: string, key: string, precision: number) => ({
        name,
        slaveIndex: 1,
        registerType: 'holdingRegister',
        registerAddress: 0,
        registerLength: 1,
        readWrite: 'readOnly',
        dataType: 'numeric',
        variant: 'uint16',
        precision,
        storage: 'timed',
        dataIdentifier: key,
      });
      const template = await api<{ id: number; points: Array<{ id: number; name: string }> }>(
        page,
        suite.server.url,
        'POST',
        'iot/templates',
        {
          name: '热量表模板',
          protocol: 'custom',
          customProtocolId: saved?.id,
          slaves: [{ index: 1, name: '一号热量表', address: 1 }],
          points: [point('瞬时流量', 'flow', 1), point('累计热量', 'heat', 2)],
        },
      );
      const device = await api<{ id: number }>(page, suite.server.url, 'POST', 'iot/devices', {
        name: '换热站热量表',
        sn,
        imei: '861000000000141',
        commPassword: '12345678',
        protocol: 'custom',
        queryInterval: 1,
        templateId: template.id,
        enabled: true,
      });
      const meter = new CustomDevice(customProtocolView.parse(saved), {
        address: 1,
        values: { flow: 12.3, heat: 1234.56 },
      });
      dtu = new SimulatedDtu({
        host: '127.0.0.1',
        port: suite.server.dtuPort,
        sn,
        password: '12345678',
        framing: 'custom',
        customDevices: [meter],
        heartbeatSeconds: 0,
        reconnectMs: 500,
      });
      dtu.start();
      await dtu.ready();
      const idOf = (name: string) => template.points.find((p) => p.name === name)?.id ?? 0;

      await page.goto(`${suite.server.url}/iot/devices/${device.id}`);
      await page.getByTestId('device-detail').getByText('在线').waitFor({ timeout: 15_000 });
      await page.getByRole('tab', { name: '实时数据' }).click();
      const flow = page.getByTestId(`point-value-${idOf('瞬时流量')}`);
      const heat = page.getByTestId(`point-value-${idOf('累计热量')}`);
      await expect.poll(async () => flow.textContent(), { timeout: 15_000 }).toBe('12.3');
      await expect.poll(async () => heat.textContent(), { timeout: 15_000 }).toBe('1234.56');
      meter.set('heat', 1240.5);
      await expect.poll(async () => heat.textContent(), { timeout: 10_000 }).toBe('1240.50');
      await settledShot(page, 'customextra-live-zh-CN');
      expect(unexpected(problems)).toEqual([]);
    } finally {
      dtu?.stop();
      await close();
    }
  }, 120_000);
});
