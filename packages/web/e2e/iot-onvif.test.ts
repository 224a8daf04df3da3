import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePoint } from '../../server/src/iot/templates/testing.ts';
import { buildUser } from '../../server/test/factories.ts';
import { freePort } from '../../server/test/processes.ts';
import { startTestServer } from '../../server/test/server.ts';
import {
  ModbusSlave,
  type RunningOnvifCamera,
  SimulatedMqttDevice,
  startOnvifCamera,
  Ticker,
} from '../../simulator/src/index.ts';
import { launchBrowser, visit } from './browser.ts';
import { api } from './iot-live-walks.ts';
import { choose, IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { unexpected } from './portal-walks.ts';

const PASSWORD = 'Pw123456';
const SN = 'SNONVIFWALKGATEWAY01';
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let mqttPort: number;
let camera: RunningOnvifCamera;
let gateway: SimulatedMqttDevice | undefined;

beforeAll(async () => {
  mqttPort = await freePort();
  server = await startTestServer(
    { ADMIN_PASSWORD: 'Admin#2026', MQTT_PORT: String(mqttPort) },
    { services: ['api', 'gateway'] },
  );
  browser = await launchBrowser();
  camera = await startOnvifCamera({
    username: 'admin',
    password: 'Cam3ra!',
    rtspUrl: 'rtsp://127.0.0.1:8554/Streaming/Channels/101',
    name: 'Gate',
    hardware: 'DS-2CD2T47G2',
  });
});
afterAll(async () => {
  await gateway?.stop();
  await camera?.close();
  await browser?.close();
  await server?.close();
});

describe('a Device Cloud user adding a camera from an ONVIF discovery (decision 0160)', () => {
  it('finds the camera through the site’s edge gateway, is told a wrong password in words, and adds its main stream', async () => {
    const user = await buildUser(server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, problems, close } = await visit(browser);
    try {
      await signInToIot(page, server.url, user);
      // The site's edge gateway, connected over MQTT, on the camera's LAN.
      const template = await api<{ id: number }>(page, server.url, 'POST', 'iot/templates', {
        name: '边缘网关模板',
        protocol: 'mqttJson',
        slaves: [{ index: 1, name: '网关主机', address: 1 }],
        points: [samplePoint({ name: '柜内温度', registerAddress: '0', storage: 'timed' })],
      });
      await api(page, server.url, 'POST', 'iot/devices', {
        name: '东门边缘网关',
        sn: SN,
        mac: 'D8B04C1234AA',
        commPassword: PASSWORD,
        protocol: 'mqttJson',
        templateId: template.id,
        enabled: true,
      });
      gateway = new SimulatedMqttDevice({
        url: `mqtt://127.0.0.1:${mqttPort}`,
        sn: SN,
        password: PASSWORD,
        values: new ModbusSlave(1, []),
        intervalSeconds: 3600,
        statusSeconds: 0,
        ticker: new Ticker(),
        reconnectMs: 200,
        edge: { onvif: { waitMs: 500, targets: [camera.discovery] } },
      });
      await gateway.start();

      await openFromMenu(page, '视频监控', '摄像头列表');
      await page.getByTestId('onvif-open').click();
      const dialog = page.getByTestId('onvif-dialog');
      await choose(page, dialog.getByTestId('onvif-gateway'), `东门边缘网关 (${SN})`);
      await dialog.getByTestId('onvif-search').click();
      const found = dialog.getByTestId('onvif-found');
      await found.getByText('找到 1 个摄像头').waitFor();
      await found.getByText('Gate', { exact: true }).waitFor();
      await found.getByText(`DS-2CD2T47G2 · ${camera.xaddr}`).waitFor();
      await settledShot(page, 'onvif-found-zh-CN');

      await found.getByTestId('onvif-pick').click();
      await dialog.getByTestId('onvif-password').fill('wrong');
      await dialog.getByTestId('onvif-streams').click();
      await dialog.getByTestId('onvif-error').getByText('摄像头拒绝了用户名或密码，请检查后重试').waitFor();
      await dialog.getByTestId('onvif-password').fill('Cam3ra!');
      await dialog.getByTestId('onvif-streams').click();
      const profiles = dialog.getByTestId('onvif-profiles');
      await profiles.getByText(/mainStream · 1280×720 · H264/).click();
      await settledShot(page, 'onvif-profiles-zh-CN');
      await page.getByTestId('onvif-use').click();

      // The camera form opens filled in: the name, the stream with its credentials, the gateway bound.
      const form = page.locator('.ant-modal:visible');
      await expect.poll(() => page.getByTestId('camera-name').inputValue()).toBe('Gate');
      expect(await page.getByTestId('camera-url').inputValue()).toBe(
        'rtsp://admin:Cam3ra!@127.0.0.1:8554/Streaming/Channels/101',
      );
      await form.getByText(`东门边缘网关 (${SN})`).waitFor();
      await form.getByRole('button', { name: /确\s*定|OK/ }).click();
      const row = page.getByTestId('cameras-table').locator('tbody tr', { hasText: 'Gate' });
      await row.getByText('rtsp://admin:***@127.0.0.1:8554/Streaming/Channels/101').waitFor();
      await row.getByText('东门边缘网关', { exact: true }).waitFor();
      await settledShot(page, 'onvif-added-zh-CN');
      expect(unexpected(problems, /HTTP 400: .*\/api\/iot\/cameras\/onvif\/profiles$/)).toEqual([]);
    } finally {
      await close();
    }
  });
});
