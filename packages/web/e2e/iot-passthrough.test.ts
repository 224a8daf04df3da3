import { connect, Socket } from 'node:net';
import { ModbusSlave, SimulatedDtu } from '@meridian/simulator';
import { encodeRequest, parseReply } from '@meridian/simulator/modbus';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { visit } from './browser.ts';
import { pickOption } from './dropdowns.ts';
import { api, liveSuite, PLC_SIGNALS, plcTemplate, plcWorld } from './iot-live-walks.ts';
import { IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';

const suite = liveSuite();
const SN = 'PASSWALK000000000001';
/** The PLC's set point: holding register 2, fixed at 40. */
const readSetPoint = { slave: 1, fn: 3, address: 2, count: 1 } as const;
const GROUP_MASTER = 'PASSGRPM000000000001';
const GROUP_EDGE = 'PASSGRPE000000000001';

describe('a Device Cloud user reaching a serial device with their own PC software', () => {
  it('adds a passthrough strategy in the page, then a TCP client exchanges bytes with the simulated PLC', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, close } = await visit(suite.browser);
    await signInToIot(page, suite.server.url, user);
    const world = await plcWorld(page, suite.server.url, suite.server.dtuPort, SN);
    const pc = new Socket();
    pc.on('error', () => undefined);
    try {
      world.dtu.start();
      await world.dtu.ready();

      // ---- Transparent Transmission Group: empty, then a strategy for the pump station's DTU.
      await openFromMenu(page, '网络监控', '透传分组');
      await page.getByTestId('passthrough-page').waitFor();
      await page.getByText('还没有透传策略').waitFor();
      await expect(page.getByTestId('passthrough-endpoint').innerText()).resolves.toContain(
        String(suite.server.passthroughPort),
      );
      await page.getByTestId('passthrough-add').click();
      await page.getByTestId('passthrough-form').waitFor();
      await page.getByTestId('passthrough-name').fill('泵站串口透传');
      await page.getByTestId('passthrough-device').click();
      await page.keyboard.type('PASSWALK');
      await pickOption(page, SN);
      await settledShot(page, 'passthrough-form-zh-CN');
      await page.getByTestId('passthrough-save').click();
      const row = page.getByTestId('passthrough-list').locator('tbody tr', { hasText: '泵站串口透传' });
      await row.waitFor();
      const token = (await row.getByTestId('passthrough-token').innerText()).trim();
      expect(token).toMatch(/^[\w-]{16}$/);

      // ---- The PC software: the token line, then a Modbus read answered by the PLC behind the DTU.
      await new Promise<void>((resolve) => pc.connect(suite.server.passthroughPort, '127.0.0.1', resolve));
      let received = Buffer.alloc(0);
      pc.on('data', (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
      });
      pc.write(`${token}\n`);
      pc.write(encodeRequest(readSetPoint, 'rtu'));
      await expect.poll(() => parseReply(readSetPoint, received, 'rtu').kind, { timeout: 10_000 }).toBe('ok');
      const verdict = parseReply(readSetPoint, received, 'rtu');
      expect(verdict.kind === 'ok' ? Buffer.from(verdict.data).readInt16BE(0) : null).toBe(40);

      // ---- The page says the DTU is in passthrough (its polling paused).
      await row.getByTestId('passthrough-in-session').waitFor({ timeout: 15_000 });
      await settledShot(page, 'passthrough-list-zh-CN');

      // ---- In English.
      await page.getByText('English', { exact: true }).click();
      await page.getByText('In passthrough, polling paused').waitFor();
      await settledShot(page, 'passthrough-list-en');
      await page.getByTestId('passthrough-add').click();
      await page.getByTestId('passthrough-form').waitFor();
      await settledShot(page, 'passthrough-form-en');
    } finally {
      pc.destroy();
      world.dtu.stop();
      await close();
    }
  }, 90_000);

  it('adds a DTU group in the page: the master behind the management DTU reads the PLC behind an edge DTU', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, close } = await visit(suite.browser);
    await signInToIot(page, suite.server.url, user);
    const url = suite.server.url;
    const template = await api<{ id: number }>(page, url, 'POST', 'iot/templates', plcTemplate('分组 PLC 模板'));
    const device = (name: string, sn: string, imei: string, templateId: number | null) =>
      api<{ id: number }>(page, url, 'POST', 'iot/devices', {
        name,
        sn,
        imei,
        commPassword: '12345678',
        protocol: 'modbusRtu',
        queryInterval: 1,
        templateId,
        enabled: true,
      });
    await device('中控室主站', GROUP_MASTER, '861000000000157', null);
    await device('二号泵站', GROUP_EDGE, '861000000000158', template.id);
    // The edge: a DTU whose serial bus has the PLC (slave 1); the management side: a DTU whose serial side is the master.
    const edge = new SimulatedDtu({
      host: '127.0.0.1',
      port: suite.server.dtuPort,
      sn: GROUP_EDGE,
      password: '12345678',
      slaves: [new ModbusSlave(1, PLC_SIGNALS, { seed: 7 })],
      heartbeatSeconds: 0,
      reconnectMs: 500,
    });
    const master = connect({ port: suite.server.dtuPort, host: '127.0.0.1' });
    master.on('error', () => undefined);
    const masterConnected = new Promise<void>((resolve) => master.once('connect', resolve));
    let received = Buffer.alloc(0);
    master.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
    });
    try {
      edge.start();
      await edge.ready();
      await masterConnected;
      master.write(Buffer.from(`${GROUP_MASTER.padEnd(20, ' ')}12345678`, 'latin1'));

      // ---- Transparent Transmission Group: a strategy of kind "DTU group".
      await openFromMenu(page, '网络监控', '透传分组');
      await page.getByTestId('passthrough-page').waitFor();
      await page.getByTestId('passthrough-add').click();
      await page.getByTestId('passthrough-form').waitFor();
      await page.getByTestId('passthrough-name').fill('泵站主从分组');
      await page.getByTestId('passthrough-kind').getByText('DTU 分组透传').click();
      await page.getByText('管理组 DTU（串口接主站').waitFor();
      await page.getByTestId('passthrough-device').click();
      await page.keyboard.type('PASSGRPM');
      await pickOption(page, GROUP_MASTER);
      await page.getByTestId('passthrough-edges').click();
      await page.keyboard.type('PASSGRPE');
      await pickOption(page, GROUP_EDGE);
      await page.keyboard.press('Escape');
      await settledShot(page, 'passthrough-group-form-zh-CN');
      await page.getByTestId('passthrough-save').click();
      const row = page.getByTestId('passthrough-list').locator('tbody tr', { hasText: '泵站主从分组' });
      await row.waitFor();
      await expect(row.getByTestId('passthrough-members').innerText()).resolves.toContain(GROUP_EDGE);

      // ---- The members are bridged, polling paused; the master reads the PLC's set point (40) through the cloud.
      await row.getByTestId('passthrough-in-session').waitFor({ timeout: 15_000 });
      const readSetPointOn = encodeRequest(readSetPoint, 'rtu');
      received = Buffer.alloc(0);
      master.write(readSetPointOn);
      await expect.poll(() => parseReply(readSetPoint, received, 'rtu').kind, { timeout: 10_000 }).toBe('ok');
      const verdict = parseReply(readSetPoint, received, 'rtu');
      expect(verdict.kind === 'ok' ? Buffer.from(verdict.data).readInt16BE(0) : null).toBe(40);
      await settledShot(page, 'passthrough-group-list-zh-CN');

      // ---- Switched off in the edit dialog: the group stays, its members are polled again.
      await row.getByText('编辑').click();
      await page.getByTestId('passthrough-form').waitFor();
      await page.getByTestId('passthrough-enabled').click();
      await page.getByTestId('passthrough-save').click();
      await row.getByTestId('passthrough-off').waitFor({ timeout: 15_000 });

      // ---- In English.
      await page.getByText('English', { exact: true }).click();
      await page.getByText('Switched off', { exact: true }).waitFor();
      await settledShot(page, 'passthrough-group-list-en');
      await row.getByText('Edit', { exact: true }).click();
      await page.getByTestId('passthrough-form').waitFor();
      await page.getByTestId('passthrough-edges').waitFor();
      await settledShot(page, 'passthrough-group-form-en');
    } finally {
      master.destroy();
      edge.stop();
      await close();
    }
  }, 90_000);
});
