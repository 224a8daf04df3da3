import { fileUrl, type ScadaDetail } from '@meridian/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SCREEN } from '../../server/src/iot/demo/screen.ts';
import { DEFAULT_DEMO_PASSWORD } from '../../server/src/portal/demo.ts';
import { jpeg } from '../../server/test/files.ts';
import { startTestServer, type TestServer } from '../../server/test/server.ts';
import { demoFleet } from '../../simulator/src/index.ts';
import { launchBrowser, screenshot, visit } from './browser.ts';
import { api } from './iot-live-walks.ts';
import { openFromMenu, signInToIot, tempFile, tilePng } from './iot-walks.ts';
import { dialog, question, settledShot, spaced } from './portal-admin-walks.ts';
import { awaitText, unexpected } from './portal-walks.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  // `npm run demo` in small: demo data on, the gateway listening, the demo simulator's DTUs playing.
  server = await startTestServer({ ADMIN_PASSWORD: 'Admin#2026', DEMO_DATA: 'on' }, { services: ['api', 'gateway'] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A picture of one element of the running screen, to tell whether it moves. */
async function shotOf(page: Page, screen: ScadaDetail, id: string): Promise<Buffer> {
  const element = screen.document.elements.find((e) => e.id === id);
  const box = await page.getByTestId('scada-stage').locator('canvas').last().boundingBox();
  if (!element || !box) throw new Error(`no ${id} on the canvas`);
  const scale = box.width / screen.document.width;
  return page.screenshot({
    clip: {
      x: box.x + element.x * scale,
      y: box.y + element.y * scale,
      width: element.width * scale,
      height: element.height * scale,
    },
  });
}

describe('the demo account’s pump station (issue 20)', () => {
  it('opens the ready screen, sees the reservoir level move and the pump turn, and switches the valve', async () => {
    const fleet = demoFleet({ host: '127.0.0.1', port: server.dtuPort ?? 0 }, 'mqtt://127.0.0.1:1');
    for (const dtu of fleet.dtus) dtu.start();
    const { page, problems, close } = await visit(browser);
    try {
      await signInToIot(page, server.url, { account: 'demo_iot', password: DEFAULT_DEMO_PASSWORD });
      await openFromMenu(page, '云组态', '组态列表');
      await page.getByTestId('scada-table').getByRole('link', { name: DEMO_SCREEN }).click();
      await page.getByTestId('scada-viewer').waitFor();
      const screenId = Number(/scada\/(\d+)\/view/.exec(page.url())?.[1]);
      const screen = await api<ScadaDetail>(page, server.url, 'GET', `iot/scada/${screenId}`);

      // The reservoir's level comes from the simulated transmitter and follows it as it fills or draws.
      const level = page.getByTestId('scada-reading-tank');
      await expect.poll(async () => await level.textContent(), { timeout: 30_000 }).toMatch(/^\d\.\d\d$/);
      const first = await level.textContent();
      await expect.poll(async () => await level.textContent(), { timeout: 45_000 }).not.toBe(first);
      const metres = Number(await level.textContent());
      expect(metres).toBeGreaterThan(1);
      expect(metres).toBeLessThan(4);
      await expect
        .poll(async () => await page.getByTestId('scada-reading-gauge').textContent(), { timeout: 30_000 })
        .toMatch(/^\d+\.\d$/);
      // The pump runs (its input is on in the simulated PLC): its impeller turns from frame to frame.
      await expect.poll(async () => await page.getByTestId('scada-reading-pump').textContent()).toBe('1');
      const still = await shotOf(page, screen, 'pump');
      await expect.poll(async () => (await shotOf(page, screen, 'pump')).equals(still), { timeout: 5_000 }).toBe(false);
      await settledShot(page, 'scadapalette-demo-station-zh-CN');

      // The valve is clickable: it asks, then opens the PLC's valve output through the device write path.
      const valve = screen.document.elements.find((e) => e.id === 'valve');
      const box = await page.getByTestId('scada-stage').locator('canvas').last().boundingBox();
      if (!valve || !box) throw new Error('no valve on the canvas');
      const scale = box.width / screen.document.width;
      await page.mouse.click(box.x + (valve.x + valve.width / 2) * scale, box.y + (valve.y + valve.height / 2) * scale);
      await expect.poll(async () => await question(page).textContent()).toBe('将“Valve V1”切换为开？');
      await dialog(page)
        .getByRole('button', { name: spaced('下发') })
        .click();
      await awaitText(page, '已发送写入指令', problems);
      await expect
        .poll(async () => await page.getByTestId('scada-reading-valve').textContent(), { timeout: 15_000 })
        .toBe('1');

      // In English, and in the editor with the whole palette.
      await page.getByText('English', { exact: true }).click();
      await page.getByTestId('scada-viewer').getByText('Edit', { exact: true }).waitFor();
      await settledShot(page, 'scadapalette-demo-station-en');
      await page.getByTestId('scada-viewer').getByText('Edit', { exact: true }).click();
      await page.getByTestId('scada-editor').waitFor();
      // The rest of the palette, each added from its button, drawn as a vector and listed in the layers.
      const kinds = {
        motor: 'Motor',
        fan: 'Fan',
        bar: 'Bar',
        line: 'Line',
        rectangle: 'Rectangle',
        ellipse: 'Ellipse',
      };
      for (const [kind, name] of Object.entries(kinds)) {
        const button = page.getByTestId(`scada-palette-${kind}`);
        expect(await button.textContent()).toBe(name);
        await button.click();
        await page.getByTestId('scada-properties').getByText(name, { exact: true }).waitFor();
      }
      // A picture from the computer, checked by its content on upload, in an image component.
      await page.getByTestId('scada-palette-image').click();
      const properties = page.getByTestId('scada-properties');
      await properties.locator('input[type="file"]').setInputFiles(tempFile('pump-room.png', tilePng()));
      await properties.getByRole('button', { name: 'Remove picture' }).waitFor();
      // A trend keeping 120 values, and a saved screen holding all of them.
      await page.getByTestId('scada-palette-trend').click();
      await properties
        .locator('[data-testid="scada-prop-samples"] input, input[data-testid="scada-prop-samples"]')
        .fill('120');
      await page.getByTestId('scada-save').click();
      await awaitText(page, 'Configuration saved', problems);
      // The save is the draft; the running screen keeps the published version until it is published.
      const saved = await api<ScadaDetail>(page, server.url, 'GET', `iot/scada/${screenId}?version=draft`);
      const added = saved.document.elements.slice(screen.document.elements.length);
      expect(added.map((e) => e.kind)).toEqual([...Object.keys(kinds), 'image', 'trend']);
      expect(added.find((e) => e.kind === 'image')?.picture).toMatch(/\.png$/);
      expect(added.find((e) => e.kind === 'trend')?.samples).toBe(120);
      await settledShot(page, 'scadapalette-editor-en');
      expect(unexpected(problems)).toEqual([]);
    } catch (error) {
      await screenshot(page, 'scadapalette-failure');
      console.error(problems);
      throw error;
    } finally {
      await close();
      await fleet.stop();
    }
  }, 150_000);
});

describe('a trend’s recent past (issue 20, decision 0148)', () => {
  it('opens the pump station with the reservoir trend already drawn from the stored levels of the last day', async () => {
    const { page, problems, close } = await visit(browser);
    try {
      await signInToIot(page, server.url, { account: 'demo_iot', password: DEFAULT_DEMO_PASSWORD });
      const list = await api<{ list: Array<{ id: number; name: string }> }>(page, server.url, 'GET', 'iot/scada');
      const screenId = list.list.find((s) => s.name === DEMO_SCREEN)?.id;
      const screen = await api<ScadaDetail>(page, server.url, 'GET', `iot/scada/${screenId}`);
      const binding = screen.document.elements.find((e) => e.kind === 'trend')?.binding;
      if (!binding) throw new Error('the demo station has no bound trend');
      // Half an hour of levels stored while nobody watched (no simulated DTU plays now): a slow fill from 1 m.
      const now = Date.now();
      await server.db
        .insertInto('telemetry')
        .values(
          Array.from({ length: 30 }, (_, i) => ({
            device_id: binding.deviceId,
            point_id: binding.pointId,
            ts: now - (40 - i) * 60_000,
            num: 1 + i * 0.08,
            text: null,
          })),
        )
        .execute();
      const past = await api<Array<{ elementId: string; values: number[] }>>(
        page,
        server.url,
        'GET',
        `iot/scada/${screenId}/trends`,
      );
      expect(past[0]?.values.length).toBeGreaterThanOrEqual(30);

      // Opened, the trend's line has every stored value at once, before any live one.
      await page.goto(`${server.url}/iot/scada/${screenId}/view`);
      await page.getByTestId('scada-viewer').waitFor();
      const drawn = () =>
        page.evaluate(() => {
          const konva = (
            window as unknown as { Konva: { stages: Array<{ find(s: string): Array<{ points(): number[] }> }> } }
          ).Konva;
          return (konva.stages.at(-1)?.find('.scada-trend')[0]?.points().length ?? 0) / 2;
        });
      await expect.poll(drawn).toBe(past[0]?.values.length);
      await settledShot(page, 'scadatrend-viewer-en');
      expect(unexpected(problems)).toEqual([]);
    } catch (error) {
      await screenshot(page, 'scadatrend-failure');
      console.error(problems);
      throw error;
    } finally {
      await close();
    }
  }, 60_000);
});

describe('symbols (issue 20, decision 0149)', () => {
  it('uploads an SVG symbol, draws it on the screen, reuses it from the library, and refuses a photo as a symbol', async () => {
    const { page, problems, close } = await visit(browser);
    try {
      await signInToIot(page, server.url, { account: 'demo_iot', password: DEFAULT_DEMO_PASSWORD });
      const made = await api<{ id: number }>(page, server.url, 'POST', 'iot/scada', { name: 'Symbol station' });
      await page.goto(`${server.url}/iot/scada/${made.id}/edit`);
      await page.getByTestId('scada-palette-symbol').click();
      const picker = page.getByTestId('scada-symbols');
      await picker.waitFor();
      // A drawn pump, with a script and an outside link the server removes.
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" onload="alert(1)"><script>alert(2)</script>' +
        '<circle cx="32" cy="32" r="28" fill="#13c2c2"/><path d="M20 44 L32 14 L44 44 Z" fill="#ffffff"/></svg>';
      await picker.locator('input[type="file"]').setInputFiles(tempFile('pump-symbol.svg', svg));
      await expect.poll(() => picker.getByTestId('scada-symbol-choice').count()).toBe(1);
      await expect.poll(() => picker.getByTestId('scada-symbol-choice').getAttribute('aria-pressed')).toBe('true');
      // A photo is no symbol: refused before it is sent, in words.
      await picker.locator('input[type="file"]').setInputFiles(tempFile('photo.jpg', jpeg(8, 8)));
      await page.getByText(/A symbol must be an SVG or png picture|图元只能是 SVG 或 png 图片/).waitFor();
      expect(await picker.getByTestId('scada-symbol-choice').count()).toBe(1);

      // A second symbol component takes the same symbol from the library.
      await page.getByTestId('scada-palette-symbol').click();
      await picker.getByTestId('scada-symbol-choice').click();
      await page.getByTestId('scada-save').click();
      await page.getByText(/Configuration saved|组态已保存/).waitFor();
      const saved = await api<ScadaDetail>(page, server.url, 'GET', `iot/scada/${made.id}?version=draft`);
      const symbols = saved.document.elements.filter((e) => e.kind === 'symbol');
      expect(symbols).toHaveLength(2);
      expect(symbols[0]?.picture).toMatch(/^symbol\/\d{6}\/[0-9a-f]{32}\.svg$/);
      expect(symbols[1]?.picture).toBe(symbols[0]?.picture);
      const drawing = await (await fetch(`${server.url}${fileUrl(symbols[0]?.picture ?? '')}`)).text();
      expect(drawing).toContain('<circle');
      expect(drawing).not.toContain('alert');
      await settledShot(page, 'scadasymbol-editor');
      expect(unexpected(problems)).toEqual([]);
    } catch (error) {
      await screenshot(page, 'scadasymbol-failure');
      console.error(problems);
      throw error;
    } finally {
      await close();
    }
  }, 60_000);
});
