import { Socket } from 'node:net';
import { encodeRequest, parseReply } from '@meridian/simulator/modbus';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { visit } from './browser.ts';
import { pickOption } from './dropdowns.ts';
import { liveSuite, plcWorld } from './iot-live-walks.ts';
import { IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';

const suite = liveSuite();
const SN = 'PASSWALK000000000001';
/** The PLC's set point: holding register 2, fixed at 40. */
const readSetPoint = { slave: 1, fn: 3, address: 2, count: 1 } as const;

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
});
