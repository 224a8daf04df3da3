import { read, utils } from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, buildProject, buildTag, mainAccount, newSn, subUser } from './testing.ts';

let t: TestApp;
let owner: Caller;
let rival: Caller;
let ids: { pump: number; meter: number; valve: number; theirs: number };
let project: number;
let tag: number;

const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  rival = await mainAccount(t);
  project = await buildProject(t, owner.user.id, 'Water plant');
  tag = await buildTag(t, owner.user.id, 'Pumps');
  const now = Date.now();
  ids = {
    pump: await buildDevice(owner, {
      name: 'Pump house',
      projectId: project,
      tagIds: [tag],
      latitude: 31.2,
      longitude: 121.4,
      warrantyStart: now - 400 * DAY,
      warrantyEnd: now - DAY,
    }),
    meter: await buildDevice(owner, {
      name: 'Flow meter',
      sn: undefined,
      deviceNo: 314,
      latitude: 39.9,
      longitude: 116.4,
      warrantyEnd: now + 10 * DAY,
    }),
    valve: await buildDevice(owner, { name: 'Valve', enabled: false, warrantyEnd: now + 100 * DAY }),
    theirs: await buildDevice(rival, { name: 'Rival pump', latitude: 31.3, longitude: 121.5 }),
  };
  await t.db.kysely.updateTable('devices').set({ status: 'online' }).where('id', '=', ids.pump).execute();
});
afterAll(() => t.close());

const names = (res: { json(): { data: { list: Array<{ name: string }> } } }) => res.json().data.list.map((d) => d.name);

describe('the device list', () => {
  it('lists what the caller may see, newest first, with project, tags and owner', async () => {
    const res = await owner.get('/iot/devices');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ total: 3, page: 1, size: 20 });
    expect(names(res)).toEqual(['Valve', 'Flow meter', 'Pump house']);
    expect(res.json().data.list[0].tags).toEqual([]);
    expect(res.json().data.list[2]).toMatchObject({
      projectName: 'Water plant',
      tags: [{ id: tag, name: 'Pumps' }],
      ownerAccount: owner.user.account,
      status: 'online',
      enabled: true,
    });
  });

  it('filters by status, enabled, project, tag, owner and keyword, and pages', async () => {
    expect(names(await owner.get('/iot/devices?status=online'))).toEqual(['Pump house']);
    expect(names(await owner.get('/iot/devices?enabled=false'))).toEqual(['Valve']);
    expect(names(await owner.get(`/iot/devices?projectId=${project}`))).toEqual(['Pump house']);
    expect(names(await owner.get(`/iot/devices?tagId=${tag}`))).toEqual(['Pump house']);
    expect(names(await owner.get('/iot/devices?keyword=METER'))).toEqual(['Flow meter']);
    expect(names(await owner.get('/iot/devices?keyword=314'))).toEqual(['Flow meter']);
    expect(names(await owner.get(`/iot/devices?ownerId=${rival.user.id}`))).toEqual([]);
    const second = await owner.get('/iot/devices?page=2&size=2');
    expect(second.json().data).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(names(second)).toEqual(['Pump house']);
    const beyond = await owner.get('/iot/devices?page=5&size=2');
    expect(beyond.json().data).toEqual({ list: [], total: 3, page: 5, size: 2 });
  });

  it('lists the devices that connect through a DTU apart from the others (DTU manage)', async () => {
    const greenhouse = await buildDevice(owner, { name: 'Greenhouse', protocol: 'mqttJson' });
    try {
      expect(names(await owner.get('/iot/devices?throughDtu=true'))).toEqual(['Valve', 'Flow meter', 'Pump house']);
      expect(names(await owner.get('/iot/devices?throughDtu=false'))).toEqual(['Greenhouse']);
    } finally {
      expect((await owner.call('DELETE', `/iot/devices/${greenhouse}`)).statusCode).toBe(200);
    }
  });

  it('reads every field of a device', async () => {
    const res = await owner.get(`/iot/devices/${ids.meter}`);
    expect(res.json().data).toMatchObject({ id: ids.meter, name: 'Flow meter', deviceNo: 314, sn: null });
  });
});

describe('data scope', () => {
  it('keeps another main account from listing, reading, editing or deleting a device', async () => {
    expect(names(await rival.get('/iot/devices'))).toEqual(['Rival pump']);
    const read = await rival.get(`/iot/devices/${ids.pump}`);
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('The device does not exist or you may not open it');
    const edit = await rival.call('PUT', `/iot/devices/${ids.pump}`, { name: 'Stolen' });
    expect(edit.statusCode).toBe(404);
    expect((await rival.post(`/iot/devices/${ids.pump}/disable`)).statusCode).toBe(404);
    const del = await rival.call('DELETE', `/iot/devices/${ids.pump}`);
    expect(del.statusCode).toBe(404);
    expect(del.json().message).toBe('Delete failed: the device does not exist or you may not delete it');
    const row = await t.db.kysely
      .selectFrom('devices')
      .select(['name', 'enabled'])
      .where('id', '=', ids.pump)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Pump house');
    expect(Boolean(row.enabled)).toBe(true);
  });

  it('shows a sub-user only the devices granted, for the rights granted', async () => {
    const sub = await subUser(t, owner.user.id);
    expect(names(await sub.get('/iot/devices'))).toEqual([]);
    const grant = (edit: boolean) =>
      owner.call('PUT', `/iot/users/${sub.user.id}/device-grants`, {
        grants: [{ deviceId: ids.meter, view: true, edit, delete: false }],
      });
    expect((await grant(false)).statusCode).toBe(200);
    expect(names(await sub.get('/iot/devices'))).toEqual(['Flow meter']);
    expect((await sub.get(`/iot/devices/${ids.pump}`)).statusCode).toBe(404);
    const edit = await sub.call('PUT', `/iot/devices/${ids.meter}`, { name: 'Renamed' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe('You do not have permission to do this');
    const del = await sub.call('DELETE', `/iot/devices/${ids.meter}`);
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe('Delete failed: the device does not exist or you may not delete it');
    expect((await grant(true)).statusCode).toBe(200);
    expect((await sub.call('PUT', `/iot/devices/${ids.meter}`, { remark: 'checked' })).statusCode).toBe(200);
    // The edit form sends every field back, the owner's own owner, project and tags included.
    const form = (await sub.get(`/iot/devices/${ids.meter}`)).json().data;
    const saved = await sub.call('PUT', `/iot/devices/${ids.meter}`, {
      ownerId: form.ownerId,
      projectId: form.projectId,
      tagIds: form.tags.map((tag: { id: number }) => tag.id),
      name: 'Flow meter',
      remark: 'form saved',
    });
    expect(saved.json()).toMatchObject({ code: 200, data: { remark: 'form saved' } });
    // Moving it to an owner outside the sub-user's reach is still refused.
    const moved = await sub.call('PUT', `/iot/devices/${ids.meter}`, { ownerId: owner.user.id + 1000 });
    expect(moved.json().data).toEqual([{ field: 'ownerId', msg: expect.any(String) }]);
    // The owner sees their sub-user's devices too.
    const subsOwn = await buildDevice(sub, { name: 'Sub device' });
    expect((await owner.get(`/iot/devices/${subsOwn}`)).statusCode).toBe(200);
  });
});

describe('map and warranty', () => {
  it('gives the located devices in scope, inside the window', async () => {
    const all = await owner.get('/iot/devices/map');
    expect(
      all
        .json()
        .data.list.map((d: { name: string }) => d.name)
        .sort(),
    ).toEqual(['Flow meter', 'Pump house']);
    const shanghai = await owner.get('/iot/devices/map?minLat=30&maxLat=32&minLng=120&maxLng=122');
    expect(shanghai.json().data).toEqual({
      list: [
        {
          id: ids.pump,
          name: 'Pump house',
          status: 'online',
          enabled: true,
          latitude: 31.2,
          longitude: 121.4,
          address: null,
        },
      ],
      truncated: false,
    });
  });

  it('lists warranties expired, expiring within N days, and in warranty', async () => {
    const expired = await owner.get('/iot/devices/warranty?state=expired');
    expect(expired.json().data.list).toMatchObject([{ name: 'Pump house', state: 'expired', daysLeft: -1 }]);
    expect(names(await owner.get('/iot/devices/warranty?state=expiring&days=30'))).toEqual(['Flow meter']);
    expect(names(await owner.get('/iot/devices/warranty?state=active&days=30'))).toEqual(['Valve']);
    expect(names(await owner.get('/iot/devices/warranty'))).toEqual(['Pump house', 'Flow meter', 'Valve']);
  });
});

describe('export', () => {
  it('downloads the filtered list as an xlsx, and audits it', async () => {
    await buildDevice(owner, { name: 'Pump <annex> & co', sn: newSn(), projectId: project });
    const res = await owner.get(`/iot/devices/export?projectId=${project}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="devices-\d{8}\.xlsx"/);
    const book = read(res.rawPayload, { type: 'buffer' });
    const rows = utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0] ?? ''] ?? {});
    expect(rows.map((r) => r['Device name'])).toEqual(['Pump <annex> & co', 'Pump house']);
    expect(rows[1]).toMatchObject({ Project: 'Water plant', Tags: 'Pumps', Status: 'online', Enabled: 'Yes' });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('user_id')
      .where('action', '=', 'exportDevices')
      .executeTakeFirstOrThrow();
    expect(audit.user_id).toBe(owner.user.id);
  });

  it('exports only what the caller may see', async () => {
    const res = await rival.get('/iot/devices/export');
    const book = read(res.rawPayload, { type: 'buffer' });
    const rows = utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0] ?? ''] ?? {});
    expect(rows.map((r) => r['Device name'])).toEqual(['Rival pump']);
  });
});
