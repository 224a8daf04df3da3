// What the meter walks (DL/T 645, CJ/T 188 water and heat) share: a new template of a meter
// protocol in the editor, and, once its meters and points are filled in, saving it and watching a
// device on it poll a simulated DTU's meters live.
import type { Page } from 'playwright-core';
import { type DtuOptions, SimulatedDtu } from '../../simulator/src/index.ts';
import { api } from './iot-live-walks.ts';
import { choose, openFromMenu } from './iot-walks.ts';
import { awaitText } from './portal-walks.ts';

/** Opens a new template named `name` of the protocol labelled `protocol`; the slaves editor, and a points row by index. */
export async function newMeterTemplate(page: Page, name: string, protocol: string) {
  await openFromMenu(page, '设备模板', '我的模板');
  await page.getByTestId('template-add').click();
  const editor = page.getByTestId('template-editor');
  await editor.getByLabel('模板名称').fill(name);
  await choose(page, editor.locator('.ant-form-item').filter({ hasText: '协议' }).locator('.ant-select'), protocol);
  const points = page.getByTestId('points-editor');
  return {
    slaves: page.getByTestId('slaves-editor'),
    row: (n: number) => points.locator('.ant-table-tbody tr.ant-table-row').nth(n),
  };
}

/**
 * Saves the template in the editor, adds a device of `protocol` on it polled every second, starts
 * the simulated DTU carrying its meters and opens the device's live data once it is online.
 */
export async function saveAndWatchLive(
  page: Page,
  url: string,
  problems: string[],
  dtu: SimulatedDtu,
  device: { name: string; sn: string; imei: string; protocol: string },
) {
  await page.getByTestId('template-save').click();
  await awaitText(page, '模板已保存', problems);
  await page.waitForURL(/\/iot\/templates\/\d+$/);
  const templateId = Number(new URL(page.url()).pathname.split('/').at(-1));
  const { id } = await api<{ id: number }>(page, url, 'POST', 'iot/devices', {
    ...device,
    commPassword: '12345678',
    queryInterval: 1,
    templateId,
    enabled: true,
  });
  dtu.start();
  await dtu.ready();
  const template = await api<{ points: Array<{ id: number; name: string }> }>(
    page,
    url,
    'GET',
    `iot/templates/${templateId}`,
  );
  await page.goto(`${url}/iot/devices/${id}`);
  await page.getByTestId('device-detail').getByText('在线').waitFor({ timeout: 15_000 });
  await page.getByRole('tab', { name: '实时数据' }).click();
  /** The live value cell of the point named `name`. */
  const value = (name: string) =>
    page.getByTestId(`point-value-${template.points.find((p) => p.name === name)?.id ?? 0}`);
  return { templateId, value };
}

/** A simulated DTU of SN `sn` (password 12345678) carrying `bus`'s meters to the gateway at `port`, not yet started. */
export function meterDtu(
  port: number,
  sn: string,
  bus: Pick<DtuOptions, 'framing' | 'meters' | 'waterMeters'>,
): SimulatedDtu {
  return new SimulatedDtu({
    host: '127.0.0.1',
    port,
    sn,
    password: '12345678',
    ...bus,
    heartbeatSeconds: 0,
    reconnectMs: 500,
  });
}
