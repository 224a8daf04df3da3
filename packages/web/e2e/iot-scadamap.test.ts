import type { ScadaDetail } from '@meridian/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { startTestServer, type TestServer } from '../../server/test/server.ts';
import { launchBrowser, screenshot, visit } from './browser.ts';
import { api, plcWorld } from './iot-live-walks.ts';
import { IOT_MAIN_ROLE, signInToIot, startTileServer, tilePng } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { unexpected } from './portal-walks.ts';

let server: TestServer;
let browser: Browser;
let tiles: Awaited<ReturnType<typeof startTileServer>>;
beforeAll(async () => {
  tiles = await startTileServer();
  server = await startTestServer(
    { ADMIN_PASSWORD: 'Admin#2026', MAP_TILE_URL: `${tiles.url}/{z}/{x}/{y}.png`, MAP_TILE_ATTRIBUTION: 'Test tiles' },
    { services: ['api', 'gateway'] },
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await tiles?.close();
});

const wall = { viewport: { width: 1920, height: 1080 } };
const RED = '#ff4d4f';
/** A pump drawn for recolouring: its body in currentColor, its outline and impeller fixed. */
const PUMP_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <circle cx="32" cy="32" r="26" fill="currentColor" stroke="#1f1f1f" stroke-width="3"/>
  <path d="M32 14 L40 32 L32 50 L24 32 Z" fill="#ffffff" stroke="#1f1f1f" stroke-width="2"/>
</svg>`;

/** Uploads a symbol as the signed-in user, through the image upload with purpose `symbol`. */
async function uploadSymbol(page: Page, name: string, bytes: Buffer | string): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  const res = await fetch(`${server.url}/api/apis-third/file/upload/image?purpose=symbol`, {
    method: 'POST',
    headers: { 'x-authorization': token ?? '' },
    body: form,
  });
  const envelope = (await res.json()) as { code: number; message: string; data: Array<{ path: string }> };
  if (envelope.code !== 200) throw new Error(`upload ${name}: ${envelope.message}`);
  return envelope.data[0]?.path ?? '';
}

/** The colour of a pixel of each recoloured symbol's body on the running screen, as red, green and blue. */
const recolouredMiddles = (page: Page) =>
  page.evaluate(() => {
    type Node = { image(): CanvasImageSource; width(): number; height(): number };
    const konva = (window as unknown as { Konva: { stages: Array<{ find(s: string): Node[] }> } }).Konva;
    return (konva.stages.at(-1)?.find('.scada-recoloured') ?? []).map((node) => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 64;
      const context = canvas.getContext('2d');
      if (!context) return '';
      context.drawImage(node.image(), 0, 0, 64, 64);
      // Left of the middle: the pump's body, not its white impeller.
      const [r, g, b] = context.getImageData(14, 32, 1, 1).data;
      return [r ?? 0, g ?? 0, b ?? 0];
    });
  });

describe('the monitor’s map and recoloured symbols (issue 20, decision 0154)', () => {
  it('shows the located devices on the wall’s map, live by status with their values, and a symbol in its bound colour', async () => {
    const user = await buildUser(server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, problems, close } = await visit(browser, wall);
    await signInToIot(page, server.url, user);
    const world = await plcWorld(page, server.url, server.dtuPort ?? 0, 'SCADAMAPWALK00000001');
    try {
      world.dtu.start();
      await world.dtu.ready();
      await api(page, server.url, 'PUT', `iot/devices/${world.deviceId}`, {
        latitude: 31.2304,
        longitude: 121.4737,
        address: '上海市浦东新区一号泵站',
      });

      // ---- The wall's overview: the map in the centre on the deployment's tiles, the device online.
      await page.goto(`${server.url}/iot/bigscreen`);
      const map = page.getByTestId('bigscreen-map');
      await map.waitFor();
      await map.locator('path.device-marker-online').waitFor();
      await expect.poll(() => tiles.served()).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('bigscreen-map-count').innerText()).toContain('有位置的设备：1 台');
      // A click shows the device's latest values, live.
      await map.locator('path.device-marker-online').click({ force: true });
      const card = page.getByTestId('bigscreen-map-device');
      await card.getByText('一号泵站', { exact: true }).waitFor();
      await card.getByText('上海市浦东新区一号泵站').waitFor();
      await expect.poll(() => card.innerText(), { timeout: 15_000 }).toMatch(/出水温度\s+\d+(\.\d)?\s*°C/);
      await settledShot(page, 'scadamap-monitor-map-zh-CN');

      // ---- The device crosses a new trigger's threshold: its marker turns to alarm on the socket.
      await api(page, server.url, 'POST', 'iot/triggers', {
        name: '出水温度过高',
        scope: 'device',
        deviceId: world.deviceId,
        conditions: [{ kind: 'gt', pointId: world.points.temperature, value: 5 }],
        deadZone: 0,
        pushInterval: 0,
      });
      await map.locator('path.device-marker-alarm').waitFor({ timeout: 15_000 });
      await expect.poll(() => card.innerText()).toContain('报警');
      await page.getByText('English', { exact: true }).click();
      await page.getByText('Device map', { exact: true }).waitFor();
      await expect.poll(() => page.getByTestId('bigscreen-map-count').innerText()).toContain('Located devices: 1');
      await settledShot(page, 'scadamap-monitor-map-alarm-en');
      await page.getByText('中文', { exact: true }).click();

      // ---- A screen with two symbols bound to the temperature, red from 5 °C: an SVG's currentColor
      // body and a png tinted.
      const svg = await uploadSymbol(page, 'pump.svg', PUMP_SVG);
      const png = await uploadSymbol(page, 'tile.png', tilePng());
      const made = await api<ScadaDetail>(page, server.url, 'POST', 'iot/scada', { name: '泵房图元' });
      const symbol = (id: string, picture: string, x: number) => ({
        id,
        kind: 'symbol',
        x,
        y: 120,
        width: 160,
        height: 160,
        rotation: 0,
        colour: '#1677ff',
        text: id,
        picture,
        binding: { deviceId: world.deviceId, pointId: world.points.temperature },
        colourRule: { by: 'threshold', steps: [{ from: 5, colour: RED }] },
      });
      const saved = await api<ScadaDetail>(page, server.url, 'PUT', `iot/scada/${made.id}`, {
        name: '泵房图元',
        sharing: 'closed',
        revision: made.revision,
        document: {
          format: 1,
          width: 800,
          height: 400,
          grid: 10,
          background: null,
          elements: [symbol('svg-pump', svg, 120), symbol('png-tile', png, 440)],
        },
      });
      await api(page, server.url, 'POST', `iot/scada/${made.id}/publish`, { revision: saved.revision });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${server.url}/iot/scada/${made.id}/view`);
      await page.getByTestId('scada-viewer').waitFor();
      // The SVG's body takes the red exactly; the pale png, multiplied by red, turns a pale red.
      await expect.poll(() => recolouredMiddles(page), { timeout: 15_000 }).toHaveLength(2);
      await expect.poll(async () => (await recolouredMiddles(page))[0], { timeout: 15_000 }).toEqual([255, 77, 79]);
      const [, tinted] = await recolouredMiddles(page);
      expect(tinted?.[0]).toBeGreaterThan(180);
      expect(tinted?.[1]).toBeLessThan(90);
      expect(tinted?.[2]).toBeLessThan(90);
      await settledShot(page, 'scadamap-symbol-recoloured-zh-CN');

      // ---- In the editor: the symbol library refuses to delete a symbol the screen draws, in words,
      // and deletes one no screen draws.
      const spare = await uploadSymbol(page, 'spare.svg', PUMP_SVG.replace('currentColor', '#52c41a'));
      await page.goto(`${server.url}/iot/scada/${made.id}/edit`);
      await page.getByTestId('scada-palette-symbol').click();
      const picker = page.getByTestId('scada-symbols');
      await expect.poll(() => picker.getByTestId('scada-symbol-item').count()).toBe(3);
      await picker.getByTestId('scada-symbol-colour-hint').waitFor();
      // Newest first: spare, the png, the SVG pump.
      await picker.getByTestId('scada-symbol-delete').nth(2).click();
      await page
        .getByRole('button', { name: /确\s?定|OK/ })
        .last()
        .click();
      await page
        .getByText(/图元正被组态 “泵房图元” 使用/)
        .first()
        .waitFor();
      await settledShot(page, 'scadamap-symbol-in-use-zh-CN');
      await picker.getByTestId('scada-symbol-delete').nth(0).click();
      await page
        .getByRole('button', { name: /确\s?定|OK/ })
        .last()
        .click();
      await page.getByText('图元已删除').first().waitFor();
      await expect.poll(() => picker.getByTestId('scada-symbol-item').count()).toBe(2);
      const library = await api<{ list: Array<{ path: string }> }>(page, server.url, 'GET', 'iot/scada/symbols');
      expect(library.list.map((f) => f.path)).toEqual([png, svg]);
      expect(library.list.map((f) => f.path)).not.toContain(spare);
      expect(unexpected(problems).filter((p) => !/409|Conflict/.test(p))).toEqual([]);
    } catch (error) {
      await screenshot(page, 'scadamap-failure');
      console.error(problems);
      throw error;
    } finally {
      world.dtu.stop();
      await close();
    }
  }, 150_000);
});
