import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { visit } from './browser.ts';
import { pickOption, pickTitled } from './dropdowns.ts';
import { liveSuite, plcWorld } from './iot-live-walks.ts';
import { IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';

const suite = liveSuite();
const SN = 'CONFWALK000000000001';

describe('a Device Cloud user configuring a DTU remotely', () => {
  it('adds a configuration profile, applies it to a simulated DTU and sees success', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, close } = await visit(suite.browser);
    await signInToIot(page, suite.server.url, user);
    const world = await plcWorld(page, suite.server.url, suite.server.dtuPort, SN);
    try {
      world.dtu.start();
      await world.dtu.ready();

      // ---- Configuration Application: a profile for the DTU, 19200 baud, the cloud's own port.
      await openFromMenu(page, '远程配置', '配置应用');
      await page.getByTestId('config-profiles-page').waitFor();
      await page.getByTestId('profile-add').click();
      const form = page.getByTestId('profile-form');
      await form.waitFor();
      await page.getByTestId('profile-name').fill('泵站 DTU 配置');
      await form.getByTestId('profile-baud').click();
      await pickTitled(page, '19200');
      await page.getByTestId('profile-host').fill('127.0.0.1');
      await page
        .getByTestId('profile-port')
        .locator('input')
        .or(page.locator('input[data-testid="profile-port"]'))
        .first()
        .fill(String(suite.server.dtuPort));
      await settledShot(page, 'iot-config-profile-form-zh-CN');
      await page.getByTestId('profile-save').click();
      const row = page.getByTestId('profile-list').locator('tbody tr', { hasText: '泵站 DTU 配置' });
      await row.waitFor();
      await settledShot(page, 'iot-config-profiles-zh-CN');

      // ---- Apply it to the DTU.
      await row.locator('[data-testid^="apply-"]').click();
      await page.getByTestId('apply-devices').click();
      await page.keyboard.type('CONFWALK');
      await pickOption(page, SN);
      await page.getByTestId('apply-confirm').click();

      // ---- Device Configuration: the DTU ends in success, and the simulated DTU runs at 19200 baud.
      await openFromMenu(page, '远程配置', '设备配置');
      await page.getByTestId('device-config-list').getByTestId('config-state-success').waitFor({ timeout: 20_000 });
      expect(world.dtu.settings.uart.baudRate).toBe(19200);
      await settledShot(page, 'iot-config-devices-zh-CN');

      // ---- The same pages in English.
      await page.getByText('English', { exact: true }).click();
      await page.getByTestId('device-config-list').getByText('Success').waitFor();
      await settledShot(page, 'iot-config-devices-en');
      await openFromMenu(page, 'Remote configuration', 'Configuration Application');
      await page.getByTestId('profile-list').locator('tbody tr').first().waitFor();
      await settledShot(page, 'iot-config-profiles-en');
      await page.getByTestId('profile-add').click();
      await page.getByTestId('profile-form').waitFor();
      await settledShot(page, 'iot-config-profile-form-en');
    } finally {
      world.dtu.stop();
      await close();
    }
  }, 60_000);
});
