import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildUser } from '../../../../test/factories.ts';
import { type Caller, callerFor } from '../../../portal/orgs/testing.ts';
import { buildDevice } from '../testing.ts';

let t: TestApp;
let owner: Caller;
let rival: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  const main = { roleIds: [10], userType: 'main' as const, identityId: null };
  owner = await callerFor(t, await buildUser(t.db.kysely, main));
  rival = await callerFor(t, await buildUser(t.db.kysely, main));
});
afterAll(() => t.close());

let seq = 0;
const newTag = async (c: Caller, body: Record<string, unknown> = {}) =>
  c.post('/iot/tags', { name: `Group ${++seq}`, ...body });

describe('tag categories', () => {
  it('allows 5 categories per account and refuses the 6th with a clear message', async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await owner.post('/iot/tag-categories', { name: `Category ${i}`, sort: i })).statusCode).toBe(200);
    }
    const sixth = await owner.post('/iot/tag-categories', { name: 'Category 6' });
    expect(sixth.json()).toMatchObject({
      code: 409,
      message: 'At most 5 tag categories; remove one you no longer use first',
    });
    const list = (await owner.get('/iot/tag-categories')).json().data;
    expect(list.list.map((c: { name: string }) => c.name)).toEqual([1, 2, 3, 4, 5].map((i) => `Category ${i}`));
    // Another account has its own five.
    expect((await rival.post('/iot/tag-categories', { name: 'Category 1' })).statusCode).toBe(200);
  });

  it('checks the name and refuses a duplicate', async () => {
    const empty = await rival.post('/iot/tag-categories', { name: ' ' });
    expect(empty.json().data).toEqual([{ field: 'name', msg: 'Tag category name: 1-50 characters' }]);
    const long = await rival.post('/iot/tag-categories', { name: 'x'.repeat(51) });
    expect(long.json().data).toEqual([{ field: 'name', msg: 'Tag category name: 1-50 characters' }]);
    const again = await rival.post('/iot/tag-categories', { name: 'Category 1' });
    expect(again.json()).toMatchObject({ code: 409, message: 'A tag category with this name already exists' });
  });

  it('renames and deletes a category, whose tags stay without one; never one of another account', async () => {
    const category = (await rival.post('/iot/tag-categories', { name: 'Area' })).json().data;
    const tag = (await newTag(rival, { categoryId: category.id })).json().data;
    expect(tag).toMatchObject({ categoryId: category.id, categoryName: 'Area' });
    const renamed = await rival.call('PUT', `/iot/tag-categories/${category.id}`, { name: 'Region' });
    expect(renamed.json().data).toMatchObject({ name: 'Region', tagCount: 1 });
    for (const res of [
      await owner.call('PUT', `/iot/tag-categories/${category.id}`, { name: 'Mine' }),
      await owner.call('DELETE', `/iot/tag-categories/${category.id}`),
      await newTag(owner, { categoryId: category.id }),
    ]) {
      expect(res.json()).toMatchObject({ code: 404, message: 'No such tag category' });
    }
    expect((await rival.call('DELETE', `/iot/tag-categories/${category.id}`)).statusCode).toBe(200);
    expect((await rival.get(`/iot/tags/${tag.id}`)).json().data).toMatchObject({
      categoryId: null,
      categoryName: null,
    });
  });
});

describe('tags (device groups)', () => {
  it('checks the name and the description (up to 200), and refuses a duplicate name', async () => {
    const bad = await owner.post('/iot/tags', { name: '', description: 'x'.repeat(201) });
    expect(bad.json().data).toEqual([
      { field: 'name', msg: 'Group name: 1-50 characters' },
      { field: 'description', msg: 'Group description: up to 200 characters' },
    ]);
    const ok = await newTag(owner, { name: 'Boilers', description: 'x'.repeat(200) });
    expect(ok.statusCode).toBe(200);
    const again = await newTag(owner, { name: 'Boilers' });
    expect(again.json()).toMatchObject({ code: 409, message: 'A group with this name already exists' });
    const other = (await newTag(owner)).json().data;
    const rename = await owner.call('PUT', `/iot/tags/${other.id}`, { name: 'Boilers' });
    expect(rename.json().message).toBe('A group with this name already exists');
  });

  it('adds devices to a group, and refuses the 4th tag of a device without adding anything', async () => {
    const device = await buildDevice(t.db.kysely, { ownerId: owner.user.id, name: 'Meter A' });
    const spare = await buildDevice(t.db.kysely, { ownerId: owner.user.id, name: 'Meter B' });
    const tags = [];
    for (let i = 0; i < 4; i++) tags.push((await newTag(owner)).json().data);
    for (const tag of tags.slice(0, 3)) {
      const res = await owner.post(`/iot/tags/${tag.id}/devices`, { deviceIds: [device.id] });
      expect(res.json().data.deviceCount).toBe(1);
    }
    // Adding a device to a group it is already in changes nothing and is not a 4th tag.
    expect((await owner.post(`/iot/tags/${tags[0].id}/devices`, { deviceIds: [device.id] })).statusCode).toBe(200);
    const fourth = await owner.post(`/iot/tags/${tags[3].id}/devices`, { deviceIds: [spare.id, device.id] });
    expect(fourth.json()).toMatchObject({
      code: 409,
      message: 'Device "Meter A" already has 3 tags; a device has at most 3 tags',
    });
    expect((await owner.get(`/iot/tags/${tags[3].id}`)).json().data.deviceCount).toBe(0);
    const removed = await owner.call('DELETE', `/iot/tags/${tags[0].id}/devices`, { deviceIds: [device.id] });
    expect(removed.json().data.deviceCount).toBe(0);
    expect((await owner.post(`/iot/tags/${tags[3].id}/devices`, { deviceIds: [device.id] })).statusCode).toBe(200);
  });

  it("keeps another account's tags and devices out of reach, and nothing changes", async () => {
    const theirs = (await newTag(rival, { name: 'Rival group' })).json().data;
    const theirDevice = await buildDevice(t.db.kysely, { ownerId: rival.user.id });
    const mine = (await newTag(owner)).json().data;
    expect(JSON.stringify((await owner.get('/iot/tags?size=100')).json().data)).not.toContain('Rival group');
    for (const res of [
      await owner.get(`/iot/tags/${theirs.id}`),
      await owner.call('PUT', `/iot/tags/${theirs.id}`, { name: 'Taken' }),
      await owner.call('DELETE', `/iot/tags/${theirs.id}`),
      await owner.post(`/iot/tags/${theirs.id}/devices`, { deviceIds: [theirDevice.id] }),
    ]) {
      expect(res.json()).toMatchObject({ code: 404, message: 'No such group' });
    }
    const foreign = await owner.post(`/iot/tags/${mine.id}/devices`, { deviceIds: [theirDevice.id] });
    expect(foreign.json()).toMatchObject({
      code: 404,
      message: `Device ${theirDevice.id} does not exist or you may not change it`,
    });
    expect((await rival.get(`/iot/tags/${theirs.id}`)).json().data).toMatchObject({
      name: 'Rival group',
      deviceCount: 0,
    });
  });

  it('deletes a group; its devices lose the tag', async () => {
    const device = await buildDevice(t.db.kysely, { ownerId: owner.user.id });
    const tag = (await newTag(owner)).json().data;
    await owner.post(`/iot/tags/${tag.id}/devices`, { deviceIds: [device.id] });
    expect((await owner.call('DELETE', `/iot/tags/${tag.id}`)).statusCode).toBe(200);
    const left = await t.db.kysely
      .selectFrom('device_tags')
      .select('tag_id')
      .where('device_id', '=', device.id)
      .execute();
    expect(left).toEqual([]);
  });
});
