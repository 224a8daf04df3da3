import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { type PortalServer, startPortalServer } from './portal-server.ts';
import { submitPassword } from './portal-walks.ts';

/** The built-in Device Cloud main account role. */
export const IOT_MAIN_ROLE = 10;

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A 256 px map tile: a pale land colour with a faint grid, so a screenshot shows where the tiles are. */
export function tilePng(): Buffer {
  const size = 256;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const line = x % 64 === 0 || y % 64 === 0;
      row.set(line ? [214, 222, 210] : [236, 240, 231], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A local tile server on 127.0.0.1 (the map needs no internet): every tile address answers the same tile. */
export async function startTileServer() {
  const tile = tilePng();
  let served = 0;
  const server = http.createServer((_request, response) => {
    served++;
    response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': tile.length });
    response.end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served: () => served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Meridian, a browser and a tile server for a Device Cloud test file. */
export function iotSuite(): {
  server: PortalServer;
  browser: Browser;
  tiles: Awaited<ReturnType<typeof startTileServer>>;
} {
  const suite = {} as ReturnType<typeof iotSuite>;
  beforeAll(async () => {
    suite.tiles = await startTileServer();
    suite.server = await startPortalServer({
      MAP_TILE_URL: `${suite.tiles.url}/{z}/{x}/{y}.png`,
      MAP_TILE_ATTRIBUTION: 'Test tiles',
    });
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
    await suite.tiles?.close();
  });
  return suite;
}

/** Opens Device Cloud as a signed-out visitor: single sign-on, then Device Cloud's home. */
export async function signInToIot(page: Page, url: string, user: { account: string; password: string }) {
  await page.goto(`${url}/iot/`);
  await submitPassword(page, user.account, user.password);
  await page.getByTestId('iot-home').waitFor();
}

/** Opens a page from Device Cloud's side menu: its area, then the page. */
export async function openFromMenu(page: Page, area: string, name: string) {
  const menu = page.getByTestId('iot-menu');
  const item = menu.getByRole('menuitem', { name, exact: true });
  // An area's title also names its icon ("appstore 设备模板").
  // First: an area may hold a page of its own name (定时任务 › 定时任务).
  const title = menu.getByRole('menuitem', { name: new RegExp(`(^|\\s)${area}$`) }).first();
  // Right after a language switch the menu may still be in the old language: asking whether the
  // item is visible then would answer no and the click below would close an open area.
  await title.waitFor();
  if (!(await item.isVisible())) await title.click();
  await item.click();
}

export { choose } from './portal-admin-walks.ts';

/** The form error shown under a field of `scope` (Ant Design's explain line). */
export const fieldError = (scope: Locator, text: string) =>
  scope.locator('.ant-form-item-explain-error', { hasText: text });

/** Writes a file for an upload into a fresh temporary folder and answers its path. */
export function tempFile(name: string, bytes: Buffer | string): string {
  const dir = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'meridian-iot-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}
