import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app.ts';

/** A stand-in for the Vite build: one page per entry, and a hashed asset. */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-web-'));
  for (const entry of ['', 'iot', 'jdp', 'h5']) {
    fs.mkdirSync(path.join(dir, entry), { recursive: true });
    fs.writeFileSync(path.join(dir, entry, 'index.html'), `<!doctype html><title>entry:${entry || 'portal'}</title>`);
  }
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

let webDir: string;
let t: TestApp;
beforeAll(async () => {
  webDir = fakeBuild();
  t = await buildTestApp({ WEB_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, app = t.app) => app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });

describe('serving the web build', () => {
  it('serves each entry at its base', async () => {
    for (const [url, entry] of [
      ['/', 'portal'],
      ['/iot/', 'iot'],
      ['/jdp/', 'jdp'],
      ['/h5/', 'h5'],
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`entry:${entry}`);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('loads the right entry for a deep link under each base', async () => {
    for (const [url, entry] of [
      ['/jdp/data/home', 'jdp'],
      ['/jdp/data/studentFileDetails/42?tab=2', 'jdp'],
      ['/iot/devices/7/realtime', 'iot'],
      ['/h5/tasks', 'h5'],
      ['/accountCenter', 'portal'],
      ['/jdpx/home', 'portal'],
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain(`entry:${entry}`);
    }
  });

  it('caches hashed assets for a year and answers a missing file with 404', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await get('/assets/index-gone.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, message: 'Not found', data: null });
  });

  it('never answers an API address with a page', async () => {
    const res = await get('/api/devices');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No such API: GET /api/devices');
  });

  it('answers other methods on pages with 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/jdp/data/home', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
  });

  it('does not serve the entry of an app the deployment leaves out', async () => {
    const mindOnly = await buildTestApp({ WEB_DIR: webDir, MERIDIAN_APPS: 'mind' });
    expect((await get('/iot/devices', mindOnly.app)).statusCode).toBe(404);
    expect((await get('/jdp/data/home', mindOnly.app)).body).toContain('entry:jdp');
    await mindOnly.close();
  });

  it('says how to build the web when it is missing', async () => {
    const unbuilt = await buildTestApp({ WEB_DIR: path.join(webDir, 'nothing-here') });
    const res = await get('/jdp/data/home', unbuilt.app);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('The web front end is not built yet: run npm run build');
    await unbuilt.close();
  });
});
