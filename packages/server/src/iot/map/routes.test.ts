import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildUser, signIn } from '../../../test/factories.ts';

const IOT_MAIN_ROLE = 10;
const TILE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** A stand-in tile server on 127.0.0.1 that notes which tiles were asked for. */
async function startTiles() {
  const asked: string[] = [];
  const server = http.createServer((request, response) => {
    asked.push(`${request.url} ${request.headers['user-agent']}`);
    if (request.url?.startsWith('/missing')) return void response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'image/png' }).end(TILE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, asked, close: () => new Promise((r) => server.close(r)) };
}

describe('the Devices Map', () => {
  let t: TestApp;
  let tiles: Awaited<ReturnType<typeof startTiles>>;
  beforeAll(async () => {
    tiles = await startTiles();
    t = await buildTestApp({
      MAP_TILE_URL: `${tiles.url}/{z}/{x}/{y}.png`,
      MAP_TILE_ATTRIBUTION: 'Plant tiles',
      MAP_MAX_ZOOM: '12',
    });
  });
  afterAll(async () => {
    await t.close();
    await tiles.close();
  });

  it('tells a signed-in user where the tiles are, with their credit and deepest zoom', async () => {
    const user = await buildUser(t.db.kysely, { roleIds: [IOT_MAIN_ROLE] });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/iot/map/settings',
      headers: as(await signIn(t.app, user)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      tileUrl: '/api/iot/map/tiles/{z}/{x}/{y}.png',
      attribution: 'Plant tiles',
      maxZoom: 12,
    });
  });

  it('keeps the settings from visitors who are not signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/iot/map/settings' });
    expect(res.statusCode).toBe(401);
  });

  it('serves a tile of the configured tile server, so the browser needs no way out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/iot/map/tiles/3/6/2.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.rawPayload.equals(TILE)).toBe(true);
    expect(tiles.asked.at(-1)).toMatch(/^\/3\/6\/2\.png Meridian\//);
  });

  it('refuses tiles that cannot exist and zooms beyond the deepest, without asking the tile server', async () => {
    const before = tiles.asked.length;
    for (const url of [
      '/api/iot/map/tiles/3/8/0.png',
      '/api/iot/map/tiles/2/1/1.jpg',
      '/api/iot/map/tiles/x/1/1.png',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/iot/map/tiles/13/0/0.png' })).statusCode).toBe(404);
    expect(tiles.asked.length).toBe(before);
  });
});

describe('a tile server that does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    const gone = await startTiles();
    await gone.close();
    t = await buildTestApp({ MAP_TILE_URL: `${gone.url}/{z}/{x}/{y}.png` });
  });
  afterAll(() => t.close());

  it('gives the map a 502 for the tile, not a hung request', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/iot/map/tiles/0/0/0.png' });
    expect(res.statusCode).toBe(502);
  });
});

describe('the default tiles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('are OpenStreetMap with its credit', async () => {
    expect(t.config.MAP_TILE_URL).toBe('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png');
    const user = await buildUser(t.db.kysely, { roleIds: [IOT_MAIN_ROLE] });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/iot/map/settings',
      headers: as(await signIn(t.app, user)),
    });
    expect(res.json().data).toMatchObject({ attribution: expect.stringContaining('OpenStreetMap'), maxZoom: 19 });
  });
});

describe('a tile address without its place holders', () => {
  it('stops the start with a line that names the variable', async () => {
    const { loadConfig } = await import('../../platform/config.ts');
    expect(() => loadConfig({ MAP_TILE_URL: 'http://tiles.plant.local/tile.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: 'file:///tiles/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
  });
});
