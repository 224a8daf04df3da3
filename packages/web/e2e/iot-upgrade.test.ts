import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePoint } from '../../server/src/iot/templates/testing.ts';
import { buildUser } from '../../server/test/factories.ts';
import { freePort } from '../../server/test/processes.ts';
import { startTestServer } from '../../server/test/server.ts';
import { ModbusSlave, SimulatedDtu, SimulatedMqttDevice, Ticker } from '../../simulator/src/index.ts';
import { launchBrowser, screenshot, visit } from './browser.ts';
import { pickOption } from './dropdowns.ts';
import { api } from './iot-live-walks.ts';
import { openModal, uploadFirmware } from './iot-upgrade-walks.ts';
import { IOT_MAIN_ROLE, openFromMenu, signInToIot, startTileServer } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';

const PASSWORD = 'Pw123456';
const suite = {} as {
  url: string;
  db: Awaited<ReturnType<typeof startTestServer>>['db'];
  mqttPort: number;
  dtuPort: number;
};
let close: (() => Promise<void>) | undefined;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const sims: SimulatedMqttDevice[] = [];
let dtu: SimulatedDtu | undefined;

let tiles: Awaited<ReturnType<typeof startTileServer>> | undefined;

beforeAll(async () => {
  suite.mqttPort = await freePort();
  // The track walk's map draws on local tiles.
  tiles = await startTileServer();
  const server = await startTestServer(
    {
      ADMIN_PASSWORD: 'Admin#2026',
      MQTT_PORT: String(suite.mqttPort),
      MAP_TILE_URL: `${tiles.url}/{z}/{x}/{y}.png`,
      MAP_TILE_ATTRIBUTION: 'Test tiles',
    },
    { services: ['api', 'gateway'] },
  );
  close = server.close;
  suite.url = server.url;
  suite.db = server.db;
  suite.dtuPort = server.dtuPort ?? 0;
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const sim of sims) await sim.stop();
  dtu?.stop();
  await browser?.close();
  await close?.();
  await tiles?.close();
});

/**
 * Three MQTT meters, simulated: two M100-A and one M200-B, each reporting version 1.0.0; a DTU
 * M100-A that says so when asked (AT+VER); and firmware 2.0.0 for M100-A.
 */
async function meters(page: Page) {
  const template = await api<{ id: number }>(page, suite.url, 'POST', 'iot/templates', {
    name: '电表 MQTT 模板',
    protocol: 'mqttJson',
    slaves: [{ index: 1, name: '电表从机', address: 1 }],
    points: [
      samplePoint({
        name: '出水温度',
        registerAddress: '0',
        variant: 'float32AbCd',
        registerLength: 2,
        precision: 1,
        storage: 'timed',
      }),
    ],
  });
  const devices = [];
  for (const [i, model] of ['M100-A', 'M100-A', 'M200-B'].entries()) {
    const sn = `SNUPGRADEWALKMETER${'ABC'[i]}A`;
    const device = await api<{ id: number }>(page, suite.url, 'POST', 'iot/devices', {
      name: `${i + 1} 号电表`,
      sn,
      mac: `D8B04C12345${i}`,
      commPassword: PASSWORD,
      protocol: 'mqttJson',
      templateId: template.id,
      enabled: true,
    });
    const sim = new SimulatedMqttDevice({
      url: `mqtt://127.0.0.1:${suite.mqttPort}`,
      sn,
      password: PASSWORD,
      values: new ModbusSlave(1, []),
      intervalSeconds: 3600,
      statusSeconds: 0,
      ticker: new Ticker(),
      reconnectMs: 200,
      firmware: { series: 'M100', model, version: '1.0.0' },
    });
    sims.push(sim);
    await sim.start();
    devices.push({ id: device.id, sn });
  }
  const dtuSn = 'SNUPGRADEWALKDTUAAAA';
  const dtuDevice = await api<{ id: number }>(page, suite.url, 'POST', 'iot/devices', {
    name: '4 号电表 DTU',
    sn: dtuSn,
    mac: 'D8B04C123459',
    commPassword: PASSWORD,
    protocol: 'modbusRtu',
    enabled: true,
  });
  dtu = new SimulatedDtu({
    host: '127.0.0.1',
    port: suite.dtuPort,
    sn: dtuSn,
    password: PASSWORD,
    heartbeatSeconds: 0,
    reconnectMs: 200,
    restartMs: 200,
    ticker: new Ticker(),
    firmware: { series: 'M100', model: 'M100-A', version: '1.0.0' },
  });
  dtu.start();
  devices.push({ id: dtuDevice.id, sn: dtuSn });
  await uploadFirmware(
    page,
    suite.url,
    { name: '电表主控固件', series: 'M100', model: 'M100-A', version: '2.0.0' },
    randomBytes(24 * 1024),
  );
  // Each device has reported its series and model.
  await expect
    .poll(
      async () =>
        (await api<Array<{ model: string | null }>>(page, suite.url, 'GET', 'iot/upgrades/candidates')).filter(
          (c) => c.model,
        ).length,
      { timeout: 10_000 },
    )
    .toBe(4);
  return devices;
}

describe('Upgrade Tasks', () => {
  it('upgrades simulated MQTT devices and a DTU to success; refuses another model; takes a whole template', async () => {
    const main = await buildUser(suite.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const visitor = await visit(browser);
    const { page } = visitor;
    try {
      await signInToIot(page, suite.url, main);
      const devices = await meters(page);
      await openFromMenu(page, '固件升级', '升级任务');
      await page.getByTestId('upgrade-page').getByText('还没有升级任务').waitFor();

      await page.getByTestId('upgrade-start').click();
      const modal = openModal(page);
      await modal.getByTestId('upgrade-form').waitFor();
      // A whole template may be picked instead of devices.
      await modal.getByTestId('upgrade-target').getByText('整个产品模板').click();
      await modal.getByTestId('upgrade-template').waitFor();
      await settledShot(page, 'iot-upgrade-template-zh-CN');
      await modal.getByTestId('upgrade-target').getByText('选择设备').click();
      await modal.getByTestId('upgrade-firmware').click();
      await pickOption(page, '电表主控固件');
      await modal.getByTestId('upgrade-devices').click();
      await pickOption(page, devices[0]?.sn ?? '');
      await pickOption(page, devices[1]?.sn ?? '');
      await pickOption(page, devices[3]?.sn ?? '');
      await modal.getByText('新建升级任务').click(); // closes the dropdown
      await modal.locator('#upgrade_waveSize').fill('1');
      await settledShot(page, 'iot-upgrade-start-zh-CN');
      await modal.getByRole('button', { name: /确\s*定/ }).click();

      const row = page.getByTestId('upgrade-table').locator('tbody tr', { hasText: '电表主控固件' }).first();
      await row.locator('.ant-table-row-expand-icon').click();
      const states = page.locator('[data-testid^="upgrade-devices-"] tbody tr .ant-tag');
      await expect.poll(() => states.allInnerTexts(), { timeout: 20_000 }).toEqual(['成功', '成功', '成功']);
      await row.getByText('已完成').waitFor({ timeout: 5000 });
      await settledShot(page, 'iot-upgrade-done-zh-CN');

      await page.getByText('English', { exact: true }).click();
      await openFromMenu(page, 'Firmware upgrade', 'Upgrade Tasks');
      await row.getByText('Finished').waitFor();
      await page.getByTestId('upgrade-start').click();
      await openModal(page).getByTestId('upgrade-form').waitFor();
      await openModal(page).getByTestId('upgrade-firmware').click();
      await pickOption(page, '电表主控固件');
      await openModal(page).getByTestId('upgrade-devices').click();
      await pickOption(page, devices[2]?.sn ?? '');
      await openModal(page).getByText('New upgrade job').click();
      await openModal(page).getByRole('button', { name: 'OK' }).click();
      await page
        .getByTestId('form-error')
        .getByText(`Device ${devices[2]?.sn} is a M100 M200-B`, { exact: false })
        .waitFor();
      await settledShot(page, 'iot-upgrade-wrong-model-en');
      // The whole template instead: its M100-A devices are taken, the M200-B is left out with the reason.
      await openModal(page).getByTestId('upgrade-target').getByText('A whole template').click();
      await openModal(page).getByTestId('upgrade-template').click();
      await pickOption(page, '电表 MQTT 模板');
      await openModal(page).getByRole('button', { name: 'OK' }).click();
      const leftOut = page.getByTestId('upgrade-left-out');
      await leftOut.getByText('Is a M100 M200-B').waitFor();
      const notice = page.locator('.ant-modal-confirm');
      await notice
        .locator('.ant-modal-confirm-title', { hasText: 'Upgrade job started; 1 device(s) left out' })
        .waitFor();
      await settledShot(page, 'iot-upgrade-left-out-en');
      await notice.getByRole('button', { name: 'OK' }).click();
      await page.locator('[data-testid^="upgrade-devices-"]').getByText('Success').first().waitFor();
      await settledShot(page, 'iot-upgrade-done-en');
    } catch (error) {
      await screenshot(page, 'iot-upgrade-failure');
      console.error(visitor.problems);
      throw error;
    } finally {
      await visitor.close();
    }
  }, 60_000);
});

describe('Positioning Track', () => {
  it('draws the track of a simulated van driving its route, with its figures and a playback', async () => {
    const owner = await buildUser(suite.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main', identityId: null });
    const visitor = await visit(browser);
    const { page } = visitor;
    try {
      await signInToIot(page, suite.url, owner);
      const template = await api<{ id: number }>(page, suite.url, 'POST', 'iot/templates', {
        name: '车载定位终端',
        protocol: 'mqttJson',
        slaves: [{ index: 1, name: '定位模块', address: 1 }],
        points: [
          samplePoint({
            name: '车辆位置',
            registerAddress: '0',
            dataType: 'location',
            variant: 'location30',
            registerLength: 15,
            readWrite: 'readOnly',
            storage: 'timed',
          }),
        ],
      });
      const sn = 'SNTRACKWALKVANAAAAAA';
      const van = await api<{ id: number }>(page, suite.url, 'POST', 'iot/devices', {
        name: '巡检车 1 号',
        sn,
        mac: 'D8B04C12345F',
        commPassword: PASSWORD,
        protocol: 'mqttJson',
        templateId: template.id,
        enabled: true,
      });
      // A loop of about 3.3 km round People's Square at 36 km/h. The van reports a position every
      // ten seconds; the last 34 reports (about a lap, the last six minutes) are published at once.
      const sim = new SimulatedMqttDevice({
        url: `mqtt://127.0.0.1:${suite.mqttPort}`,
        sn,
        password: PASSWORD,
        values: new ModbusSlave(1, []),
        route: {
          signal: '车辆位置',
          path: [
            [121.47, 31.23],
            [121.48, 31.23],
            [121.48, 31.237],
            [121.47, 31.237],
          ],
          speedKmh: 36,
        },
        intervalSeconds: 3600,
        statusSeconds: 0,
        ticker: new Ticker(),
        reconnectMs: 200,
      });
      sims.push(sim);
      await sim.start();
      const setOff = Date.now() - 340_000;
      for (let i = 0; i < 34; i++) await sim.publish(setOff + i * 10_000);
      await expect
        .poll(async () =>
          Number(
            (
              await suite.db
                .selectFrom('telemetry')
                .select((eb) => eb.fn.countAll().as('n'))
                .where('device_id', '=', van.id)
                .executeTakeFirstOrThrow()
            ).n,
          ),
        )
        .toBe(34);
      await sim.stop();

      await openFromMenu(page, '设备管理', '定位轨迹');
      await page.getByTestId('track-device').click();
      await page.keyboard.type('巡检车');
      await pickOption(page, '巡检车 1 号');
      const panel = page.getByTestId('track-panel');
      await panel.locator('path.track-line').waitFor();
      const figures = panel.getByTestId('track-figures');
      const track = await api<{ total: number; distanceM: number }>(
        page,
        suite.url,
        'GET',
        `iot/history/track?deviceId=${van.id}&from=${Date.now() - 3_600_000}&to=${Date.now() + 3_600_000}`,
      );
      expect(track.total).toBe(34);
      // A lap is about 3.3 km: 33 steps of 100 m.
      expect(track.distanceM).toBeGreaterThan(3200);
      expect(track.distanceM).toBeLessThan(3400);
      await expect.poll(() => figures.innerText()).toContain(String(track.total));
      await expect.poll(() => figures.innerText()).toContain((track.distanceM / 1000).toFixed(2));
      await settledShot(page, 'iot-track-page-zh');

      // ---- Playback moves the marker to the end of the drive.
      const marker = panel.locator('path.track-marker');
      await panel.getByText('1 小时/秒', { exact: true }).click();
      await panel.getByTestId('track-play').click();
      await marker.waitFor();
      await expect.poll(() => panel.getByTestId('track-play').innerText(), { timeout: 15_000 }).toContain('轨迹回放');
      await settledShot(page, 'iot-track-played-zh');

      // ---- The device's own tracks tab shows the same track.
      await page.goto(`${suite.url}/iot/devices/${van.id}`);
      await page.getByRole('tab', { name: '定位轨迹' }).click();
      await page.getByTestId('track-panel').locator('path.track-line').waitFor();
      expect(await page.getByTestId('track-figures').innerText()).toContain(String(track.total));
    } finally {
      await visitor.close();
    }
  });
});
