import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { filesEnv, jpeg, multipart, png, uploadPicture } from '../../../test/files.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { mainAccount } from '../devices/testing.ts';

let t: TestApp;
let files: Awaited<ReturnType<typeof filesEnv>>;
let owner: Caller;
let stranger: Caller;

const PUMP_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" onload="fetch('/api/steal')">
  <script>alert(document.cookie)</script>
  <circle cx="32" cy="32" r="28" fill="#1677ff" stroke="url(https://tracker.example/p)"/>
  <path d="M20 44 L32 14 L44 44 Z" fill="#fff"/>
</svg>`;

/** Uploads one file as a symbol, in the caller's language. */
async function uploadSymbol(by: Caller, name: string, bytes: Buffer, lang = 'en') {
  const form = await multipart([{ name, bytes }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/apis-third/file/upload/image?purpose=symbol',
    payload: form.payload,
    headers: { 'x-authorization': by.token, 'accept-language': lang, ...form.headers },
  });
}

const symbolElement = (picture: string) => ({
  id: 'pump-symbol',
  kind: 'symbol',
  x: 100,
  y: 100,
  width: 64,
  height: 64,
  rotation: 0,
  text: 'Pump symbol',
  picture,
});

async function saveWith(by: Caller, picture: string) {
  const made = await by.post('/iot/scada', { name: `Symbols ${picture.slice(-8)}` });
  expect(made.statusCode, made.body).toBe(200);
  return by.call('PUT', `/iot/scada/${made.json().data.id}`, {
    name: 'Symbols',
    sharing: 'closed',
    revision: 1,
    document: { format: 1, width: 1280, height: 720, grid: 10, background: null, elements: [symbolElement(picture)] },
  });
}

beforeAll(async () => {
  files = await filesEnv('LOCAL');
  t = await buildTestApp(files.env);
  owner = await mainAccount(t);
  stranger = await mainAccount(t);
});
afterAll(async () => {
  await t?.close();
  await files?.close();
});

describe('cloud configuration symbols (decision 0149)', () => {
  it('keeps an uploaded SVG as its drawing only, served as an SVG that can run nothing', async () => {
    const res = await uploadSymbol(owner, 'pump.svg', Buffer.from(PUMP_SVG));
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = res.json().data;
    expect(stored.path).toMatch(/^symbol\/\d{6}\/[0-9a-f]{32}\.svg$/);
    expect(stored.contentType).toBe('image/svg+xml');
    const served = await t.app.inject({ method: 'GET', url: stored.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.body).toContain('<circle cx="32" cy="32" r="28" fill="#1677ff">');
    expect(served.body).toContain('viewBox="0 0 64 64"');
    for (const gone of ['script', 'alert', 'onload', 'steal', 'tracker']) expect(served.body).not.toContain(gone);
  });

  it('refuses what is not an SVG or png symbol, in the uploader’s language, and a symbol over 512 KB', async () => {
    const photo = await uploadSymbol(owner, 'photo.jpg', jpeg(8, 8));
    expect(photo.statusCode).toBe(400);
    expect(photo.json().message).toBe('A symbol must be an SVG or png picture (512 KB at most)');
    const text = await uploadSymbol(owner, 'pump.svg', Buffer.from('<html><body>not a drawing</body></html>'), 'zh-CN');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('图元只能是 SVG 或 png 图片（不超过 512 KB）');
    const huge = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(20_000)}</svg>`;
    expect((await uploadSymbol(owner, 'huge.svg', Buffer.from(huge))).statusCode).toBe(413);
    // An SVG is no ordinary picture: the image upload refuses it.
    const form = await multipart([{ name: 'pump.svg', bytes: Buffer.from(PUMP_SVG) }]);
    const asImage = await t.app.inject({
      method: 'POST',
      url: '/api/apis-third/file/upload/image?purpose=image',
      payload: form.payload,
      headers: { 'x-authorization': owner.token, ...form.headers },
    });
    expect(asImage.statusCode).toBe(400);
  });

  it('lists each user their own symbols, newest first, and a screen takes only one of the caller’s symbols', async () => {
    const first = (await uploadSymbol(owner, 'valve.png', png(16, 16))).json().data[0].path as string;
    const second = (await uploadSymbol(owner, 'fan.svg', Buffer.from(PUMP_SVG))).json().data[0].path as string;
    const theirs = (await uploadSymbol(stranger, 'theirs.svg', Buffer.from(PUMP_SVG))).json().data[0].path as string;
    const mine = (await owner.get('/iot/scada/symbols?page=1&size=50')).json().data;
    const paths = mine.list.map((f: { path: string }) => f.path);
    expect(paths.slice(0, 2)).toEqual([second, first]);
    expect(paths).not.toContain(theirs);
    expect((await stranger.get('/iot/scada/symbols')).json().data.list.map((f: { path: string }) => f.path)).toEqual([
      theirs,
    ]);

    const taken = await saveWith(owner, second);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data.document.elements[0]).toMatchObject({ kind: 'symbol', picture: second });
    const stolen = await saveWith(owner, theirs);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toContain('Pump symbol');
    // A plain picture is not a symbol.
    const picture = await uploadPicture(t.app, owner.token, 'plain.png');
    expect((await saveWith(owner, picture)).statusCode).toBe(400);
  });

  it('deletes a symbol no screen draws, and refuses one a draft or a kept version draws, naming the screens (decision 0154)', async () => {
    const drop = (by: Caller, path: string, lang = 'en') =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/iot/scada/symbols?path=${encodeURIComponent(path)}`,
        headers: { 'x-authorization': by.token, 'accept-language': lang },
      });
    const library = async (by: Caller) =>
      (await by.get('/iot/scada/symbols?page=1&size=100')).json().data.list.map((f: { path: string }) => f.path);

    const spare = (await uploadSymbol(owner, 'spare.svg', Buffer.from(PUMP_SVG))).json().data[0];
    // Another user cannot delete it; nor can a path that is no symbol of the caller's.
    const foreign = await drop(stranger, spare.path, 'zh-CN');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('您的图元库中没有这个图元');
    expect((await drop(owner, 'symbol/000000/nothing.svg')).json().message).toBe(
      'There is no such symbol in your library',
    );
    const gone = await drop(owner, spare.path);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await library(owner)).not.toContain(spare.path);
    expect((await t.app.inject({ method: 'GET', url: spare.url })).statusCode).toBe(404);

    // Drawn by a screen's draft: refused in the caller's language, naming the screen.
    const used = (await uploadSymbol(owner, 'used.svg', Buffer.from(PUMP_SVG))).json().data[0].path as string;
    const made = await owner.post('/iot/scada', { name: 'Pump house' });
    const id = made.json().data.id as number;
    const document = (elements: unknown[]) => ({
      format: 1,
      width: 1280,
      height: 720,
      grid: 10,
      background: null,
      elements,
    });
    const first = await owner.call('PUT', `/iot/scada/${id}`, {
      name: 'Pump house',
      sharing: 'closed',
      revision: 1,
      document: document([symbolElement(used)]),
    });
    expect(first.statusCode, first.body).toBe(200);
    const refused = await drop(owner, used);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('in use by “Pump house”');
    const refusedZh = await drop(owner, used, 'zh-CN');
    expect(refusedZh.json().message).toContain('图元正被组态 “Pump house” 使用');
    expect(await library(owner)).toContain(used);

    // Taken out of the draft, a kept version still draws it: still refused, so a roll back keeps its drawing.
    const second = await owner.call('PUT', `/iot/scada/${id}`, {
      name: 'Pump house',
      sharing: 'closed',
      revision: first.json().data.revision,
      document: document([]),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.document.elements).toEqual([]);
    expect((await drop(owner, used)).json().message).toContain('in use by “Pump house”');

    // Four screens: three named, the rest counted.
    for (let n = 0; n < 3; n++) expect((await saveWith(owner, used)).statusCode).toBe(200);
    const many = await drop(owner, used);
    expect(many.statusCode).toBe(409);
    expect(many.json().message).toMatch(/in use by “.+”, “.+”, “.+” and 1 more configurations/);
    const manyZh = await drop(owner, used, 'zh-CN');
    expect(manyZh.json().message).toMatch(/图元正被组态 “.+”, “.+”, “.+” 及其他 1 个组态使用/);

    // Once no screen and no version draws it, it goes.
    const screens = (await owner.get('/iot/scada?page=1&size=100')).json().data.list as { id: number }[];
    for (const screen of screens) expect((await owner.call('DELETE', `/iot/scada/${screen.id}`)).statusCode).toBe(200);
    const freed = await drop(owner, used);
    expect(freed.statusCode, freed.body).toBe(200);
    expect(await library(owner)).not.toContain(used);
  });
});
