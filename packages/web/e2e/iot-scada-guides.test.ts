import type { ScadaDetail, ScadaDocument, ScadaElement } from '@meridian/contracts';
import { scadaElement } from '@meridian/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { phone, screenshot, visit } from './browser.ts';
import { api, liveSuite } from './iot-live-walks.ts';
import { IOT_MAIN_ROLE, signInToIot } from './iot-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { awaitText, unexpected } from './portal-walks.ts';

const suite = liveSuite();

const lamp = (id: string, x: number, y: number): ScadaElement =>
  scadaElement.parse({ id, kind: 'lamp', x, y, width: 40, height: 40, rotation: 0, colour: '#1677ff' });

/** Three lamps at odd heights, a tank below them that the band leaves alone, and a label a field engineer renames. */
const DOCUMENT: ScadaDocument = {
  format: 1,
  width: 1280,
  height: 720,
  grid: 10,
  background: null,
  template: null,
  elements: [
    lamp('lamp-a', 103, 103),
    lamp('lamp-b', 300, 160),
    lamp('lamp-c', 500, 250),
    scadaElement.parse({ id: 'tank-d', kind: 'tank', x: 100, y: 400, width: 80, height: 160, rotation: 0 }),
    scadaElement.parse({
      id: 'label-e',
      kind: 'label',
      x: 800,
      y: 600,
      width: 160,
      height: 30,
      rotation: 0,
      text: '进水口',
      colour: '#262626',
    }),
  ],
};

/** The editor's canvas in page pixels, and the scale it is drawn at. */
async function canvasOf(page: Page) {
  const box = await page.getByTestId('scada-canvas').locator('canvas').first().boundingBox();
  if (!box) throw new Error('no canvas');
  const scale = box.width / DOCUMENT.width;
  return { at: (x: number, y: number) => ({ x: box.x + x * scale, y: box.y + y * scale }), scale };
}

/** A drag of the mouse from one canvas point to another, with the button held between. */
async function band(page: Page, from: [number, number], to: [number, number], shift = false, shot?: string) {
  const canvas = await canvasOf(page);
  const start = canvas.at(...from);
  const end = canvas.at(...to);
  if (shift) await page.keyboard.down('Shift');
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 8 });
  if (shot) await settledShot(page, shot);
  await page.mouse.up();
  if (shift) await page.keyboard.up('Shift');
}

/** How many pixels of the overlay (the editor's top canvas) show a guide's magenta. */
async function guidePixels(page: Page) {
  return page
    .getByTestId('scada-canvas')
    .locator('canvas')
    .last()
    .evaluate((canvas: HTMLCanvasElement) => {
      const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if ((data[i] ?? 0) > 200 && (data[i + 1] ?? 255) < 90 && (data[i + 2] ?? 0) > 110) count++;
      }
      return count;
    });
}

const saved = (page: Page, id: number) =>
  api<ScadaDetail>(page, suite.server.url, 'GET', `iot/scada/${id}?version=draft`);
const placeOf = (screen: ScadaDetail, id: string) => {
  const element = screen.document.elements.find((e) => e.id === id);
  return element ? [element.x, element.y] : null;
};

describe('a Device Cloud user laying out a screen with the rubber band and the snap guides', () => {
  it('band-selects three lamps, drags one onto a guide, aligns them, saves; and on a phone moves and renames a component', async () => {
    let screenId = 0;
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, problems, close } = await visit(suite.browser);
    try {
      await signInToIot(page, suite.server.url, user);
      const made = await api<ScadaDetail>(page, suite.server.url, 'POST', 'iot/scada', { name: '进水泵房' });
      await api(page, suite.server.url, 'PUT', `iot/scada/${made.id}`, {
        name: made.name,
        sharing: made.sharing,
        revision: made.revision,
        document: DOCUMENT,
      });
      screenId = made.id;
      await page.goto(`${suite.server.url}/iot/scada/${made.id}/edit`);
      await page.getByTestId('scada-editor').waitFor();
      await page.getByTestId('scada-layer-lamp-a').waitFor();

      // ---- A band over two lamps picks them; Shift and a band over the third adds it; the tank stays out.
      await band(page, [60, 60], [360, 220]);
      await page.getByText('已选择 2 个组件：可对齐、分布或组合').waitFor();
      await band(page, [480, 230], [560, 320], true, 'scadaedit-band-drawn-zh-CN');
      await page.getByText('已选择 3 个组件：可对齐、分布或组合').waitFor();
      await settledShot(page, 'scadaedit-band-zh-CN');

      // ---- A click on empty canvas drops the selection; lamp C, dragged near lamp A's top, snaps onto it.
      const canvas = await canvasOf(page);
      const empty = canvas.at(1100, 400);
      await page.mouse.click(empty.x, empty.y);
      await page.getByText('选择画布上的组件以编辑其属性').waitFor();
      const from = canvas.at(520, 270);
      const to = canvas.at(527, 126); // C's top would land at 106: three pixels from A's 103
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 10 });
      await expect.poll(async () => await guidePixels(page)).toBeGreaterThan(50);
      await settledShot(page, 'scadaedit-guide-zh-CN');
      await page.mouse.up();
      await expect.poll(async () => await guidePixels(page)).toBe(0);

      // ---- All three banded again and aligned on their tops; saved.
      await band(page, [60, 60], [560, 220]);
      await page.getByText('已选择 3 个组件：可对齐、分布或组合').waitFor();
      await page.getByTestId('scada-tool-alignTop').click();
      await page.getByTestId('scada-save').click();
      await awaitText(page, '组态已保存', problems);
      const afterAlign = await saved(page, made.id);
      // C held the guide on y (103, off the 10 px grid) and snapped to the grid on x (507 → 510).
      expect(placeOf(afterAlign, 'lamp-c')).toEqual([510, 103]);
      expect(placeOf(afterAlign, 'lamp-a')).toEqual([103, 103]);
      expect(placeOf(afterAlign, 'lamp-b')).toEqual([300, 103]);
      expect(placeOf(afterAlign, 'tank-d')).toEqual([100, 400]);
      await settledShot(page, 'scadaedit-aligned-zh-CN');
      expect(unexpected(problems)).toEqual([]);
    } catch (error) {
      await screenshot(page, 'scadaedit-guides-failure');
      console.error(problems);
      throw error;
    } finally {
      await close();
    }

    // ---- On a phone: the canvas fits the width, the palette and properties open in drawers.
    const onPhone = await visit(suite.browser, phone);
    const mobile = onPhone.page;
    try {
      await signInToIot(mobile, suite.server.url, user);
      const id = screenId;
      await mobile.goto(`${suite.server.url}/iot/scada/${id}/edit`);
      await mobile.getByTestId('scada-editor').waitFor();
      const canvasBox = await mobile.getByTestId('scada-canvas').locator('canvas').first().boundingBox();
      expect(canvasBox?.width ?? 0).toBeLessThanOrEqual(390);
      expect(canvasBox?.width ?? 0).toBeGreaterThan(300);
      await settledShot(mobile, 'scadaedit-phone-zh-CN');

      // A finger drags the label 100 px left and 50 px down (in canvas pixels), clear of every guide.
      const phoneCanvas = await canvasOf(mobile);
      const start = phoneCanvas.at(880, 615);
      const end = phoneCanvas.at(780, 665);
      const touch = await mobile.context().newCDPSession(mobile);
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
      for (let i = 1; i <= 10; i++) {
        const point = { x: start.x + ((end.x - start.x) * i) / 10, y: start.y + ((end.y - start.y) * i) / 10 };
        await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
      }
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await mobile.getByText('有未保存的修改').waitFor();

      // Its text changed in the properties drawer, then saved.
      await mobile.getByTestId('scada-open-properties').click();
      const text = mobile.getByTestId('scada-prop-text');
      await text.fill('一号进水口');
      await mobile.getByTestId('scada-open-palette').evaluate(() => (document.activeElement as HTMLElement).blur());
      await settledShot(mobile, 'scadaedit-phone-properties-zh-CN');
      await mobile.locator('.ant-drawer-close').click();
      await mobile.getByTestId('scada-save').click();
      await awaitText(mobile, '组态已保存', onPhone.problems);
      const onSaved = await saved(mobile, id);
      const label = onSaved.document.elements.find((e) => e.id === 'label-e');
      expect(label?.text).toBe('一号进水口');
      expect([label?.x, label?.y]).toEqual([700, 650]);
      await settledShot(mobile, 'scadaedit-phone-saved-zh-CN');

      // Two fingers spread on the canvas zoom it in.
      const zoom = mobile.getByTestId('scada-zoom');
      const fitted = await zoom.textContent();
      const middle = phoneCanvas.at(1000, 300);
      const finger = (spread: number) => [
        { x: middle.x - spread, y: middle.y, id: 1 },
        { x: middle.x + spread, y: middle.y, id: 2 },
      ];
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: finger(20) });
      for (let spread = 25; spread <= 60; spread += 5) {
        await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: finger(spread) });
      }
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      // Fingers 40 px apart, then 120: three times the fitted zoom.
      const percent = (text: string | null) => Number.parseInt(text ?? '', 10);
      await expect.poll(async () => percent(await zoom.textContent())).toBeGreaterThan(2.5 * percent(fitted));
      // The canvas grew about the fingers: the part of it they pinched is still under them, scrolled into view.
      const scrolled = await mobile.getByTestId('scada-canvas').evaluate((frame) => frame.scrollLeft);
      expect(scrolled).toBeGreaterThan(100);
      await settledShot(mobile, 'scadaedit-phone-pinched-zh-CN');
      expect(unexpected(onPhone.problems)).toEqual([]);
    } catch (error) {
      await screenshot(mobile, 'scadaedit-phone-failure');
      console.error(onPhone.problems);
      throw error;
    } finally {
      await onPhone.close();
    }
  }, 120_000);
});
