import { SCADA_VERSIONS_MAX } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount, subUser } from '../devices/testing.ts';
import { sampleTemplate } from '../templates/testing.ts';

let t: TestApp;
let owner: Caller;
let stranger: Caller;
let sub: Caller;
let deviceId: number;
let pointId: number;

const tank = (id: string) => ({
  id,
  kind: 'tank',
  x: 100,
  y: 80,
  width: 80,
  height: 160,
  rotation: 0,
  text: id,
  binding: { deviceId, pointId },
});
const documentWith = (ids: string[]) => ({
  format: 1,
  width: 1280,
  height: 720,
  grid: 10,
  background: null,
  elements: ids.map(tank),
});

async function newScreen(name: string) {
  const res = await owner.post('/iot/scada', { name, sharing: 'open' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

async function save(id: number, revision: number, ids: string[]) {
  const res = await owner.call('PUT', `/iot/scada/${id}`, {
    name: 'Versions',
    sharing: 'open',
    revision,
    document: documentWith(ids),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const kinds = async (c: Caller, url: string) => {
  const res = await c.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.document.elements as Array<{ id: string }>).map((e) => e.id);
};
const versions = async (id: number) => {
  const res = await owner.get(`/iot/scada/${id}/versions`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<{
    number: number;
    elementCount: number;
    rolledBackFrom: number | null;
    createdByName: string;
    createdAt: number;
    published: boolean;
    draft: boolean;
  }>;
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  stranger = await mainAccount(t);
  sub = await subUser(t, owner.user.id);
  const made = await owner.post('/iot/templates', sampleTemplate('Versions template'));
  expect(made.statusCode, made.body).toBe(200);
  const template = made.json().data as { id: number; points: Array<{ id: number }> };
  deviceId = await buildDevice(owner, { templateId: template.id });
  pointId = template.points[0]?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

describe('versions of a cloud configuration', () => {
  it('keeps every save as a version; the viewer sees the published one until the draft is published', async () => {
    const id = await newScreen('Versions');
    const before = Date.now();
    await save(id, 1, ['a']);
    const second = await save(id, 2, ['a', 'b']);
    expect(second).toMatchObject({ version: 3, draftVersion: 3, publishedVersion: 1, revision: 3 });

    // The viewer (and a sub-user the screen is open to) still sees version 1, empty; the editor the draft.
    expect(await kinds(owner, `/iot/scada/${id}`)).toEqual([]);
    expect(await kinds(sub, `/iot/scada/${id}`)).toEqual([]);
    expect(await kinds(owner, `/iot/scada/${id}?version=draft`)).toEqual(['a', 'b']);
    const list = await versions(id);
    expect(list.map((v) => [v.number, v.elementCount, v.published, v.draft])).toEqual([
      [3, 2, false, true],
      [2, 1, false, false],
      [1, 0, true, false],
    ]);
    expect(list[0]?.createdByName).not.toBe('');
    expect(list[0]?.createdAt).toBeGreaterThanOrEqual(before);

    // Publish: the viewer and the sub-user follow.
    const published = await owner.post(`/iot/scada/${id}/publish`, { revision: 3 });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ version: 3, publishedVersion: 3 });
    expect(await kinds(sub, `/iot/scada/${id}`)).toEqual(['a', 'b']);

    // An old version opens read only for its editor.
    expect(await kinds(owner, `/iot/scada/${id}?version=2`)).toEqual(['a']);

    // Roll back to version 2: a copy becomes version 4, draft and published; nothing is deleted.
    const rolled = await owner.post(`/iot/scada/${id}/versions/2/rollback`, { revision: 3 });
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(rolled.json().data).toMatchObject({ version: 4, draftVersion: 4, publishedVersion: 4, revision: 4 });
    expect(await kinds(sub, `/iot/scada/${id}`)).toEqual(['a']);
    expect(await kinds(owner, `/iot/scada/${id}?version=draft`)).toEqual(['a']);
    const after = await versions(id);
    expect(after.map((v) => [v.number, v.rolledBackFrom, v.published])).toEqual([
      [4, 2, true],
      [3, null, false],
      [2, null, false],
      [1, null, false],
    ]);
  });

  it('keeps the draft and the published version apart for everyone else', async () => {
    const id = await newScreen('Private draft');
    await save(id, 1, ['secret']);
    // A sub-user may view the published screen, not the draft nor an old version, nor the version list.
    for (const url of [`/iot/scada/${id}?version=draft`, `/iot/scada/${id}?version=2`]) {
      const res = await sub.get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This configuration is shared by a higher account: you may only view it');
    }
    expect((await sub.get(`/iot/scada/${id}/versions`)).statusCode).toBe(403);
    expect((await sub.post(`/iot/scada/${id}/publish`, { revision: 2 })).statusCode).toBe(403);
    expect((await stranger.get(`/iot/scada/${id}/versions`)).statusCode).toBe(404);
    expect((await stranger.post(`/iot/scada/${id}/versions/1/rollback`, { revision: 2 })).statusCode).toBe(404);
    expect(await kinds(sub, `/iot/scada/${id}`)).toEqual([]);
  });

  it('refuses a publish or a roll back over a stale revision, and a version that is not there', async () => {
    const id = await newScreen('Stale');
    await save(id, 1, ['a']);
    const stale = await owner.post(`/iot/scada/${id}/publish`, { revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Someone else saved this configuration (revision 2): open it again and redo your change',
    );
    expect((await owner.post(`/iot/scada/${id}/versions/1/rollback`, { revision: 1 })).statusCode).toBe(409);
    const missing = await owner.post(`/iot/scada/${id}/versions/9/rollback`, { revision: 2 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This configuration has no version 9 (it may have been pruned)');
    const inChinese = await t.app.inject({
      method: 'GET',
      url: `/api/iot/scada/${id}?version=9`,
      headers: { 'x-authorization': owner.token, 'accept-language': 'zh-CN' },
    });
    expect(inChinese.json().message).toBe('该组态没有版本 9（可能已被清理）');
    expect(await kinds(owner, `/iot/scada/${id}`)).toEqual([]);
  });

  it(`keeps at most ${SCADA_VERSIONS_MAX} versions, pruning the oldest but never the published one`, async () => {
    const id = await newScreen('Many saves');
    await save(id, 1, ['first']);
    expect((await owner.post(`/iot/scada/${id}/publish`, { revision: 2 })).statusCode).toBe(200);
    for (let revision = 2; revision < SCADA_VERSIONS_MAX + 6; revision += 1) {
      await save(id, revision, [`save-${revision}`]);
    }
    const list = await versions(id);
    expect(list).toHaveLength(SCADA_VERSIONS_MAX);
    const numbers = list.map((v) => v.number);
    const newest = SCADA_VERSIONS_MAX + 6;
    // The draft and the 48 before it, and the published version 2; version 1 and 3 to 7 are gone.
    expect(numbers[0]).toBe(newest);
    expect(numbers.at(-1)).toBe(2);
    expect(numbers.at(-2)).toBe(newest - (SCADA_VERSIONS_MAX - 2));
    expect(list.find((v) => v.number === 2)?.published).toBe(true);
    expect(await kinds(sub, `/iot/scada/${id}`)).toEqual(['first']);
    expect((await owner.get(`/iot/scada/${id}?version=1`)).statusCode).toBe(404);
  });
});
