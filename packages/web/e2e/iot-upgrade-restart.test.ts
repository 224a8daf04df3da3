import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { freePort, type MeridianProcess, spawnMeridian, untilRunning } from '../../server/test/processes.ts';
import { startTestServer } from '../../server/test/server.ts';
import { SimulatedDtu, Ticker } from '../../simulator/src/index.ts';
import { launchBrowser, screenshot, visit } from './browser.ts';
import { api } from './iot-live-walks.ts';
import { fillUpgradeJob, openModal, uploadFirmware } from './iot-upgrade-walks.ts';
import { IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';

// Issue 19's done-when: five simulated devices upgrading, the gateway process killed during the
// transfer (SIGKILL: no shutdown runs) and started again; every device ends in success or failed
// with a reason, and the transfers resume from the last acknowledged chunk. The API runs here, the
// gateway as a process of its own on the same database, as a deployment runs them (decision 0064).

const PASSWORD = 'Pw123456';
const CHUNK = 4096;
const CHUNKS = 16;
const suite = {} as Awaited<ReturnType<typeof startTestServer>> & {
  dataDir: string;
  dtuPort: number;
  mqttPort: number;
};
let close: (() => Promise<void>) | undefined;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let gateway: MeridianProcess | undefined;
const dtus: SimulatedDtu[] = [];

function startGateway(): Promise<void> {
  gateway = spawnMeridian(
    {
      NODE_ENV: 'test',
      DEMO_DATA: 'off',
      DATABASE_URL: suite.databaseUrl,
      DATA_DIR: suite.dataDir,
      DTU_PORT: String(suite.dtuPort),
      MQTT_PORT: String(suite.mqttPort),
      GATEWAY_ID: 'walk-gateway',
    },
    ['--services=gateway'],
  );
  return untilRunning(gateway);
}

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-upgrade-walk-'));
  const server = await startTestServer({ ADMIN_PASSWORD: 'Admin#2026', DATA_DIR: dataDir }, { services: ['api'] });
  close = server.close;
  Object.assign(suite, server, { dataDir, dtuPort: await freePort(), mqttPort: await freePort() });
  await startGateway();
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const dtu of dtus) dtu.stop();
  gateway?.child.kill('SIGKILL');
  await gateway?.exited;
  await browser?.close();
  await close?.();
  rmSync(suite.dataDir, { recursive: true, force: true });
});

describe('Upgrade Tasks across a gateway crash', () => {
  it('ends every device in success or failed with a reason, resuming where the crash cut it', async () => {
    const main = await buildUser(suite.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const visitor = await visit(browser);
    const { page } = visitor;
    try {
      await signInToIot(page, suite.url, main);
      // Five DTUs of model M100-A running 1.0.0; the fifth fails its SHA-256 check of the image.
      const sns: string[] = [];
      for (let i = 0; i < 5; i++) {
        const sn = `SNUPGRADECRASHDTU${i}AA`;
        await api(page, suite.url, 'POST', 'iot/devices', {
          name: `${i + 1} 号泵站 DTU`,
          sn,
          mac: `D8B04C22345${i}`,
          commPassword: PASSWORD,
          protocol: 'modbusRtu',
          enabled: true,
        });
        const dtu = new SimulatedDtu({
          host: '127.0.0.1',
          port: suite.dtuPort,
          sn,
          password: PASSWORD,
          heartbeatSeconds: 0,
          reconnectMs: 200,
          restartMs: 200,
          ticker: new Ticker(),
          // Slow enough for the crash to land mid-transfer: about 2.4 s per image.
          firmware: { series: 'M100', model: 'M100-A', version: '1.0.0', chunkDelayMs: 150, failVerification: i === 4 },
        });
        dtu.start();
        dtus.push(dtu);
        sns.push(sn);
      }
      await uploadFirmware(
        page,
        suite.url,
        { name: '泵站 DTU 固件', series: 'M100', model: 'M100-A', version: '2.0.0' },
        randomBytes(CHUNK * CHUNKS),
      );
      const reported = async () =>
        (await api<Array<{ model: string | null }>>(page, suite.url, 'GET', 'iot/upgrades/candidates')).filter(
          (c) => c.model === 'M100-A',
        ).length;
      await expect.poll(reported, { timeout: 20_000 }).toBe(5);

      await openFromMenu(page, '固件升级', '升级任务');
      await fillUpgradeJob(page, '泵站 DTU 固件', sns, { waveSize: 5, failPercent: 50 });
      await openModal(page)
        .getByRole('button', { name: /确\s*定/ })
        .click();
      const row = page.getByTestId('upgrade-table').locator('tbody tr', { hasText: '泵站 DTU 固件' }).first();
      await row.locator('.ant-table-row-expand-icon').click();

      // The crash, once every device has acknowledged some chunks and none has finished.
      const acked = () =>
        suite.db
          .selectFrom('upgrade_devices')
          .select(['acked_chunks', 'state'])
          .execute()
          .then((rows) => rows.filter((r) => r.state === 'upgrading' && Number(r.acked_chunks) >= 2).length);
      await expect.poll(acked, { timeout: 20_000, interval: 50 }).toBe(5);
      gateway?.child.kill('SIGKILL');
      await gateway?.exited;
      const states = page.locator('[data-testid^="upgrade-devices-"] tbody tr .ant-tag');
      // Nobody was left to say so: the page still shows them upgrading, with their progress.
      await expect.poll(() => states.allInnerTexts(), { timeout: 5000 }).toEqual(Array(5).fill('升级中'));
      await settledShot(page, 'iot-upgrade-crash-zh-CN');

      await startGateway();
      await expect
        .poll(async () => (await states.allInnerTexts()).sort(), { timeout: 40_000 })
        .toEqual(['失败', '成功', '成功', '成功', '成功']);
      const failed = page.locator('[data-testid^="upgrade-devices-"] tbody tr', { hasText: sns[4] ?? '' });
      await failed.getByText('设备校验固件失败（SHA-256）', { exact: false }).waitFor();
      await settledShot(page, 'iot-upgrade-after-crash-zh-CN');
      // Resumed, not started again: each device got every chunk, and again at most the one or two
      // in flight at the crash (each had acknowledged two or more before it).
      for (const dtu of dtus.slice(0, 4)) {
        const received = dtu.firmware?.ota.received ?? [];
        expect(new Set(received).size).toBe(CHUNKS);
        expect(received.length).toBeLessThanOrEqual(CHUNKS + 2);
      }
      await page.getByText('English', { exact: true }).click();
      await failed.getByText('SHA-256 check of the firmware failed', { exact: false }).waitFor();
      await settledShot(page, 'iot-upgrade-after-crash-en');
    } catch (error) {
      await screenshot(page, 'iot-upgrade-crash-failure');
      console.error(visitor.problems, gateway?.output().slice(-4000));
      throw error;
    } finally {
      await visitor.close();
    }
  }, 90_000);
});
